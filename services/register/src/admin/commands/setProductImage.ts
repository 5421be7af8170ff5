/** A back-office command: its rules here, its SQL in ../repositories/backOffice.ts. */
import { type Db } from '@kermesse/kit/db';
import { updateProduct, type AdminProductRow } from '../repositories/backOffice.ts';
import { recordProductState } from '../catalogLoaders.ts';

/** A product's new picture (already written under its name in the uploads folder), recorded with its `catalog.product.changed`. */
export async function setProductImage(db: Db, id: number, image: string): Promise<AdminProductRow> {
  return db.transaction(async (trx) => {
    await updateProduct(trx, id, { image });
    return recordProductState(trx, id);
  });
}
