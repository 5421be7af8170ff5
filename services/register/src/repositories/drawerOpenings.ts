/** The log of « Ouvrir le tiroir » (`drawer_openings`): who opened a register's cash drawer, and when. */
import { type Db, type Trx } from '@kermesse/kit/db';

export interface DrawerOpeningRow {
  id: number;
  checkout_id: number;
  opened_by: string;
  opened_by_email: string;
  opened_at: Date;
}

export async function checkoutExists(q: Db | Trx, checkoutId: number): Promise<boolean> {
  return Boolean(await q('checkouts').where({ id: checkoutId }).first('id'));
}

export async function insertDrawerOpening(
  q: Db | Trx,
  opening: { checkoutId: number; userId: string; email: string },
): Promise<DrawerOpeningRow> {
  const [row] = (await q('drawer_openings')
    .insert({ checkout_id: opening.checkoutId, opened_by: opening.userId, opened_by_email: opening.email })
    .returning('*')) as DrawerOpeningRow[];
  return row!;
}

/** The register's latest openings, newest first. */
export async function listDrawerOpenings(q: Db | Trx, checkoutId: number, limit = 100): Promise<DrawerOpeningRow[]> {
  return q('drawer_openings')
    .where({ checkout_id: checkoutId })
    .orderBy([
      { column: 'opened_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(limit);
}
