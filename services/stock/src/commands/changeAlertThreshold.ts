/** docs/spec.md §7 `POST /api/stocks/update/alert-threshold`: a product's alert threshold in one event. */
import type { Db } from '@kermesse/kit/db';
import { productNotFound } from '../errors.ts';
import { changeThreshold, ensureLevel } from '../levels/levelChanges.ts';
import { findProduct } from '../repositories/catalog.ts';

export async function changeAlertThreshold(db: Db, input: { eventId: number; productId: number; alertThreshold: number }): Promise<void> {
  await db.transaction(async (trx) => {
    if (!(await findProduct(trx, input.productId))) throw productNotFound();
    await ensureLevel(trx, input.eventId, input.productId);
    await changeThreshold(trx, input.eventId, input.productId, input.alertThreshold);
  });
}
