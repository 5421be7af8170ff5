/** A back-office command: its rules here, its SQL in ../repositories/backOffice.ts. */
import { type Db } from '@kermesse/kit/db';
import { type ProductUpdate } from '@kermesse/contracts-register';
import { checkEan, cleanName, refused } from '../errors.ts';
import {
  productWithEan,
  setProductCheckouts,
  updateProduct,
  type AdminProductRow,
  type ProductFields,
} from '../repositories/backOffice.ts';
import { loadProduct, priceCents, productCategory, productCheckouts, recordProductState } from '../catalogLoaders.ts';

export async function updateProductFields(db: Db, id: number, input: ProductUpdate): Promise<AdminProductRow> {
  return db.transaction(async (trx) => {
    const current = await loadProduct(trx, id);
    if (current.kind !== 'product') throw refused('CATEGORY_NOT_EDITABLE');
    const fields: ProductFields = {};
    if (input.name !== undefined) fields.name = cleanName(input.name);
    if (input.price !== undefined) fields.price_cents = priceCents(input.price);
    if (input.categoryId !== undefined) fields.category_id = (await productCategory(trx, input.categoryId, current.event_id)).id;
    if (input.clickAndCollectEligible !== undefined) fields.click_and_collect = input.clickAndCollectEligible;
    if (input.alcoohol !== undefined) fields.alcohol = input.alcoohol;
    if (input.active !== undefined) fields.active = input.active;
    const ean = checkEan(input.ean);
    if (ean !== undefined) {
      const holder = ean ? await productWithEan(trx, current.event_id, ean, id) : undefined;
      if (holder) throw refused('EAN_TAKEN', { ean, name: holder.name });
      fields.ean = ean;
    }
    if (input.checkoutIds !== undefined)
      await setProductCheckouts(trx, id, await productCheckouts(trx, current.event_id, input.checkoutIds));
    if (Object.keys(fields).length) await updateProduct(trx, id, fields);
    return recordProductState(trx, id);
  });
}
