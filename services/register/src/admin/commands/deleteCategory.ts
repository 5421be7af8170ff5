/** A back-office command: its rules here, its SQL in ../repositories/backOffice.ts. */
import { type Db } from '@kermesse/kit/db';
import { refused } from '../errors.ts';
import { deleteCategoryRow, mealDealUsesCategory } from '../repositories/backOffice.ts';
import { loadCategory } from '../catalogLoaders.ts';

/** Only an empty category is deleted (its products must move or go first). */
export async function deleteCategory(db: Db, id: number): Promise<void> {
  await db.transaction(async (trx) => {
    const current = await loadCategory(trx, id);
    if (current.kind !== 'product') throw refused('CATEGORY_NOT_EDITABLE');
    if (current.product_count > 0) throw refused('CATEGORY_NOT_EMPTY', { productCount: current.product_count });
    if (await mealDealUsesCategory(trx, current.event_id, id)) throw refused('MEAL_DEAL_USES_CATEGORY');
    await deleteCategoryRow(trx, id);
  });
}
