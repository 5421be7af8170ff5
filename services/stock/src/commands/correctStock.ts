/** A manual correction (docs/spec.md §7 `POST /api/stocks/update/stock`): the level becomes the counted quantity. */
import type { Db } from '@kermesse/kit/db';
import { productNotFound } from '../errors.ts';
import { changeStock, ensureLevel } from '../levels/levelChanges.ts';
import { findProduct } from '../repositories/catalog.ts';

/** The note of a correction typed without one. */
export const MANUAL_NOTE = 'Correction manuelle';

/** Sets the level to the counted quantity: the difference becomes a « correction » movement. */
export async function correctStock(
  db: Db,
  input: { eventId: number; productId: number; quantity: number; note?: string; createdBy: string | null },
): Promise<void> {
  await db.transaction(async (trx) => {
    if (!(await findProduct(trx, input.productId))) throw productNotFound();
    await ensureLevel(trx, input.eventId, input.productId);
    await changeStock(trx, {
      eventId: input.eventId,
      productId: input.productId,
      target: input.quantity,
      kind: 'correction',
      note: input.note?.trim() || MANUAL_NOTE,
      createdBy: input.createdBy,
    });
  });
}
