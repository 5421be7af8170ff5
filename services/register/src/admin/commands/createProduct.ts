/** A back-office command: its rules here, its SQL in ../repositories/backOffice.ts. */
import { type Db } from '@kermesse/kit/db';
import { type ProductInput } from '@kermesse/contracts-register';
import { checkEan, cleanName, refused } from '../errors.ts';
import {
  lastProductPosition,
  insertProduct,
  productWithEan,
  setProductCheckouts,
  type AdminProductRow,
} from '../repositories/backOffice.ts';
import { openEvent, priceCents, productCategory, productCheckouts, recordProductState } from '../catalogLoaders.ts';

export async function createProduct(db: Db, input: ProductInput): Promise<AdminProductRow> {
  const name = cleanName(input.name);
  const price = priceCents(input.price);
  const ean = checkEan(input.ean) ?? null;
  return db.transaction(async (trx) => {
    await openEvent(trx, input.eventId);
    const holder = ean ? await productWithEan(trx, input.eventId, ean) : undefined;
    if (holder) throw refused('EAN_TAKEN', { ean, name: holder.name });
    await productCategory(trx, input.categoryId, input.eventId);
    const checkoutIds = await productCheckouts(trx, input.eventId, input.checkoutIds ?? []);
    const position = await lastProductPosition(trx, input.categoryId);
    const id = await insertProduct(trx, {
      name,
      price_cents: price,
      category_id: input.categoryId,
      click_and_collect: input.clickAndCollectEligible ?? false,
      alcohol: input.alcoohol ?? false,
      active: input.active ?? true,
      position: position + 1,
      ean,
    });
    await setProductCheckouts(trx, id, checkoutIds);
    return recordProductState(trx, id);
  });
}
