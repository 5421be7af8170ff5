/**
 * The directory's side of an association's export and import (docs/hosting-portability.md). Like the
 * rest of the directory, its rows are the host console's own (HOST_CONSOLE_ID).
 */
import type { Db } from '@kermesse/kit/db';
import { HOST_CONSOLE_ID, withAssociation } from '@kermesse/kit/tenancy';
import type { DirectoryRow } from './directory.ts';

const inConsole = <T>(work: () => PromiseLike<T>): Promise<T> => withAssociation(HOST_CONSOLE_ID, async () => await work());

/** When the association was last handed its export (an erase waits for one newer than its last sale). */
export const markExported = (db: Db, id: string, at: Date): Promise<number> =>
  inConsole(async () => db('host_associations').where({ id }).update({ exported_at: at }));

/**
 * The directory entry of an imported association: the same id as where it came from when this
 * installation has none such (its rows then carry the same association everywhere), else a new one;
 * undefined when the slug is taken.
 */
export const insertImportedEntry = (db: Db, association: { id: string; slug: string; name: string }): Promise<DirectoryRow | undefined> =>
  inConsole(async () => {
    const idFree = !(await db('host_associations').where({ id: association.id }).first('id'));
    const [row] = await db('host_associations')
      .insert({ ...(idFree ? { id: association.id } : {}), slug: association.slug, name: association.name })
      .onConflict('slug')
      .ignore()
      .returning('*');
    return row as DirectoryRow | undefined;
  });
