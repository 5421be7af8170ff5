/**
 * The host directory (docs/hosting.md): the associations this installation serves. Its rows are the
 * host console's own, so every access runs in HOST_CONSOLE_ID whatever the request's association —
 * the gateway looks a slug up for any host, and a periodic job lists them from nowhere in particular.
 */
import type { Db, Trx } from '@kermesse/kit/db';
import { HOST_CONSOLE_ID, withAssociation } from '@kermesse/kit/tenancy';
import { SLUG_PATTERN } from '@kermesse/contracts-identity';

export interface DirectoryRow {
  id: string;
  slug: string;
  name: string;
  state: 'active' | 'suspended';
  created_at: Date;
  suspended_at: Date | null;
  exported_at: Date | null;
  /** The host's own limits for this association; null: the installation's default. */
  requests_per_second: number | null;
  /** bigint: Postgres hands it as a string. */
  upload_bytes: string | number | null;
  storage_bytes: string | number | null;
}

// A knex builder runs when awaited: await it inside, or it would run in the caller's association.
const inConsole = <T>(work: () => PromiseLike<T>): Promise<T> => withAssociation(HOST_CONSOLE_ID, async () => await work());

export const listDirectory = (db: Db): Promise<DirectoryRow[]> => inConsole(() => db('host_associations').orderBy('slug'));

/** A page of the directory in slug order, and how many associations there are in all. */
export const listDirectoryPage = (db: Db, page: { limit: number; offset: number }): Promise<{ rows: DirectoryRow[]; total: number }> =>
  inConsole(async () => {
    const rows: DirectoryRow[] = await db('host_associations').orderBy('slug').limit(page.limit).offset(page.offset);
    const [counted] = await db('host_associations').count<{ count: string }[]>('* as count');
    return { rows, total: Number(counted?.count ?? 0) };
  });

/** The association of a slug; undefined for an unknown one, or one no association could have (a NUL, a dot…). */
export const findBySlug = async (db: Db, slug: string): Promise<DirectoryRow | undefined> =>
  SLUG_PATTERN.test(slug) ? inConsole(() => db('host_associations').where({ slug }).first()) : undefined;

/** Adds an association; undefined when the slug is already taken. */
export const insertDirectoryEntry = (db: Db, entry: { slug: string; name: string }): Promise<DirectoryRow | undefined> =>
  inConsole(async () => {
    const [row] = await db('host_associations').insert(entry).onConflict('slug').ignore().returning('*');
    return row as DirectoryRow | undefined;
  });

export const deleteDirectoryEntry = (db: Db | Trx, id: string): Promise<number> =>
  inConsole(async () => db('host_associations').where({ id }).delete());

/** Suspends or resumes; the row as it now is (undefined for an unknown slug). */
export const setDirectoryState = async (db: Db, slug: string, state: DirectoryRow['state']): Promise<DirectoryRow | undefined> =>
  !SLUG_PATTERN.test(slug)
    ? undefined
    : inConsole(async () => {
        const [row] = await db('host_associations')
          .where({ slug })
          .update({ state, suspended_at: state === 'suspended' ? db.fn.now() : null })
          .returning('*');
        return row as DirectoryRow | undefined;
      });

/** The limits the host set for an association (null: back to the default; absent: unchanged). */
export const setDirectoryLimits = async (
  db: Db,
  slug: string,
  limits: { requests_per_second?: number | null; upload_bytes?: number | null; storage_bytes?: number | null },
): Promise<DirectoryRow | undefined> =>
  !SLUG_PATTERN.test(slug)
    ? undefined
    : inConsole(async () => {
        const query = db('host_associations').where({ slug });
        const [row] = await (Object.keys(limits).length ? query.update(limits).returning('*') : query.select('*'));
        return row as DirectoryRow | undefined;
      });
