/** Inventory imports: one row per real import, which its movements point to. */
import type { Trx } from '@kermesse/kit/db';

/** Records an inventory import (its movements point to it); returns its id. */
export async function insertImport(
  trx: Trx,
  row: { event_id: number; file_name: string; global_note: string; lines: number; movements: number; created_by: string | null },
): Promise<number> {
  const [created] = await trx('imports').insert(row).returning('id');
  return (created as { id: number }).id;
}
