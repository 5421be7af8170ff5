/**
 * The name and address a receipt carries. A single install has one association: its name and public
 * address come from the environment (ASSOCIATION_NAME, PUBLIC_URL). On a host (docs/hosting.md) each
 * association signs its own receipts and its receipt page lives on its own host name,
 * `<slug>.<KERMESSE_DOMAIN>` on the public address's scheme and port: both are read from identity's
 * directory for the association of the event being handled, kept a minute.
 */
import { ASSOCIATION_HEADER, currentAssociation, HOST_CONSOLE_ID, hostingEnabled, HOSTED_ASSOCIATIONS_PATH } from '@kermesse/kit/tenancy';
import type { ReceiptSettings } from './render.ts';

/** The receipt settings of the current association. */
export type ReceiptSettingsOf = () => Promise<ReceiptSettings>;

export interface ReceiptSettingsOptions {
  /** The single install's settings (without hosting), and the scheme and port of every host's address. */
  fallback: ReceiptSettings;
  identityUrl?: string;
  /** `KERMESSE_DOMAIN` (default `localhost`). */
  domain?: string;
  fetchFn?: typeof fetch;
}

/** An association's public address: its slug under the domain, on the public address's scheme and port. */
export function associationUrl(publicUrl: string, slug: string, domain: string): string {
  const url = new URL(publicUrl);
  url.hostname = `${slug}.${domain}`;
  return url.origin;
}

export function receiptSettingsOf({
  fallback,
  identityUrl,
  domain = 'localhost',
  fetchFn = fetch,
}: ReceiptSettingsOptions): ReceiptSettingsOf {
  let cached: { byId: Map<string, { slug: string; name: string }>; until: number } | undefined;
  async function directory(): Promise<Map<string, { slug: string; name: string }>> {
    if (cached && cached.until > Date.now()) return cached.byId;
    if (!identityUrl) throw new Error('hosting: receipts name their association from identity (IDENTITY_URL)');
    const res = await fetchFn(identityUrl.replace(/\/$/, '') + HOSTED_ASSOCIATIONS_PATH, {
      headers: { [ASSOCIATION_HEADER]: HOST_CONSOLE_ID },
      signal: AbortSignal.timeout(5_000),
    });
    if (!res.ok) throw new Error(`identity answered ${res.status} listing the associations`);
    const body = (await res.json()) as { associations: Array<{ id: string; slug: string; name: string }> };
    cached = { byId: new Map(body.associations.map((a) => [a.id, { slug: a.slug, name: a.name }])), until: Date.now() + 60_000 };
    return cached.byId;
  }
  return async () => {
    if (!hostingEnabled()) return fallback;
    const id = currentAssociation();
    const entry = id ? (await directory()).get(id) : undefined;
    // Thrown, not guessed: the event is handled again later rather than signed with another name.
    if (!entry) throw new Error(`association ${id ?? '(none)'} is not in the host directory`);
    return { ...fallback, associationName: entry.name, publicUrl: associationUrl(fallback.publicUrl, entry.slug, domain) };
  };
}
