/**
 * Which association the current work runs for. Hosting (docs/hosting.md) serves many associations
 * from one installation; every row carries its association and Postgres row-level security shows a
 * connection only the rows of the association set for its transaction. The request's association
 * (the gateway's header), an event's (its envelope) or a job's is kept here for the whole async call
 * tree, so the database layer sets it on every transaction without any handler passing it along.
 *
 * Without hosting, everything runs for the one association of the install, SINGLE_ASSOCIATION_ID.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

/** The header the gateway sets (and strips from clients) naming the request's association. */
export const ASSOCIATION_HEADER = 'x-kermesse-association';

/** The association of a single install, and the first association of an install turned into a host. */
export const SINGLE_ASSOCIATION_ID = '00000000-0000-4000-8000-000000000001';

/** The host console's own rows (the host operators' accounts): an association of no one. */
export const HOST_CONSOLE_ID = '00000000-0000-4000-8000-000000000000';

/** The Postgres setting the row-level security policies read. */
export const ASSOCIATION_SETTING = 'kermesse.association';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const isAssociationId = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);

/** `KERMESSE_HOSTING=1`: one installation, many associations. */
export const hostingEnabled = (): boolean => process.env.KERMESSE_HOSTING === '1';

const storage = new AsyncLocalStorage<string>();

/** Runs `work` (and everything it awaits or schedules) for one association. */
export function withAssociation<T>(associationId: string, work: () => T): T {
  if (!isAssociationId(associationId)) throw new Error(`not an association id: ${String(associationId)}`);
  return storage.run(associationId, work);
}

/**
 * The association of the current work; without hosting, the install's one association. Undefined
 * with hosting outside any request, event or job: the database then shows no row at all.
 */
export function currentAssociation(): string | undefined {
  return storage.getStore() ?? (hostingEnabled() ? undefined : SINGLE_ASSOCIATION_ID);
}

/** The current association, or an error naming what ran without one (a bug: fail loudly, not leak). */
export function requireAssociation(what: string): string {
  const id = currentAssociation();
  if (!id) throw new Error(`${what} ran outside any association (hosting: wrap it in withAssociation)`);
  return id;
}

/**
 * The folder of an association's files under `base` (uploaded pictures, illustrations): with hosting
 * `<base>/<association id>`, so one association's files never mix with another's and leave with its
 * export; a single install keeps `base` itself, as before hosting.
 */
export function associationFolder(base: string, associationId: string | undefined = currentAssociation()): string {
  if (!hostingEnabled()) return base;
  if (!associationId || !isAssociationId(associationId)) throw new Error('an association folder needs an association (hosting)');
  return `${base.replace(/\/+$/, '')}/${associationId}`;
}
