/** A back-office command: its rules here, its SQL in ../repositories/backOffice.ts. */
import '../../events.ts';
import { recordEvent } from '@kermesse/kit/bus';
import { type Db } from '@kermesse/kit/db';
import { refused } from '../errors.ts';
import { deleteProductRow, productHasSales, updateProduct } from '../repositories/backOffice.ts';
import { loadProduct, recordProductState } from '../catalogLoaders.ts';

/**
 * A product without sales is deleted; one with sales is only deactivated (withdrawn from every
 * register), so its receipts and the books keep showing it.
 */
export async function deleteProduct(db: Db, id: number): Promise<{ id: number; deleted: boolean; deactivated: boolean }> {
  return db.transaction(async (trx) => {
    const current = await loadProduct(trx, id);
    if (current.kind !== 'product') throw refused('CATEGORY_NOT_EDITABLE');
    if (await productHasSales(trx, id)) {
      await updateProduct(trx, id, { active: false });
      await recordProductState(trx, id);
      return { id, deleted: false, deactivated: true };
    }
    await recordEvent(trx, 'register', 'catalog.product.changed', {
      productId: id,
      name: current.name,
      priceCents: current.price_cents,
      categoryId: current.category_id,
      categoryName: current.category_name,
      image: current.image,
      clickAndCollect: current.click_and_collect,
      alcohol: current.alcohol,
      active: false,
      kind: 'product',
      eventId: current.event_id,
    });
    await deleteProductRow(trx, id);
    return { id, deleted: true, deactivated: false };
  });
}
