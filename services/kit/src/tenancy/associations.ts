/**
 * The associations a periodic job runs for. Without hosting, the install's one. With hosting, the
 * host directory's, asked of identity (which keeps it for the host console) and kept a minute: a
 * job that expires claims or closes a day does so in each association, in that association's rows.
 */
import { ASSOCIATION_HEADER, HOST_CONSOLE_ID, hostingEnabled, SINGLE_ASSOCIATION_ID } from './association.ts';

/** Identity's internal path listing the hosted associations (`{ associations: [{ id, slug, state }] }`). */
export const HOSTED_ASSOCIATIONS_PATH = '/internal/associations';

export interface AssociationLister {
  ids(): Promise<string[]>;
}

export function createAssociationLister(identityUrl: string | undefined, fetchFn: typeof fetch = fetch): AssociationLister {
  let cached: { ids: string[]; until: number } | undefined;
  return {
    async ids() {
      if (!hostingEnabled()) return [SINGLE_ASSOCIATION_ID];
      if (!identityUrl) throw new Error('hosting: the associations are listed by identity (IDENTITY_URL)');
      if (cached && cached.until > Date.now()) return cached.ids;
      const res = await fetchFn(identityUrl.replace(/\/$/, '') + HOSTED_ASSOCIATIONS_PATH, {
        headers: { [ASSOCIATION_HEADER]: HOST_CONSOLE_ID },
        signal: AbortSignal.timeout(5_000),
      });
      if (!res.ok) throw new Error(`identity answered ${res.status} listing the associations`);
      const body = (await res.json()) as { associations: Array<{ id: string }> };
      cached = { ids: body.associations.map((a) => a.id), until: Date.now() + 60_000 };
      return cached.ids;
    },
  };
}
