/** A back-office command: its rules here, its SQL in ../repositories/backOffice.ts. */
import { type Db } from '@kermesse/kit/db';
import { type CategoryUpdate } from '@kermesse/contracts-register';
import { cleanName, invalid, refused } from '../errors.ts';
import { categoryNameTaken, productIdsOfCategory, updateCategoryFields, type AdminCategoryRow } from '../repositories/backOffice.ts';
import { loadCategory, recordProductState } from '../catalogLoaders.ts';

export async function updateCategory(db: Db, id: number, input: CategoryUpdate): Promise<AdminCategoryRow> {
  return db.transaction(async (trx) => {
    const current = await loadCategory(trx, id);
    if (current.kind !== 'product') throw refused('CATEGORY_NOT_EDITABLE');
    const fields: { name?: string; position?: number } = {};
    if (input.name !== undefined) {
      fields.name = cleanName(input.name);
      if (await categoryNameTaken(trx, current.event_id, fields.name, id)) throw invalid('NAME_TAKEN');
    }
    if (input.position !== undefined) fields.position = input.position;
    if (Object.keys(fields).length) await updateCategoryFields(trx, id, fields);
    // Products carry their category's name in the catalogue events.
    if (fields.name) {
      for (const productId of await productIdsOfCategory(trx, id)) await recordProductState(trx, productId);
    }
    return loadCategory(trx, id);
  });
}
