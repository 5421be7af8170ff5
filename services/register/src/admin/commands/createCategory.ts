/** A back-office command: its rules here, its SQL in ../repositories/backOffice.ts. */
import { type Db } from '@kermesse/kit/db';
import { type CategoryInput } from '@kermesse/contracts-register';
import { cleanName, invalid } from '../errors.ts';
import { categoryNameTaken, insertCategory, nextCategoryPosition, type AdminCategoryRow } from '../repositories/backOffice.ts';
import { loadCategory, openEvent } from '../catalogLoaders.ts';

export async function createCategory(db: Db, input: CategoryInput & { eventId: number }): Promise<AdminCategoryRow> {
  const name = cleanName(input.name);
  return db.transaction(async (trx) => {
    await openEvent(trx, input.eventId);
    if (await categoryNameTaken(trx, input.eventId, name)) throw invalid('NAME_TAKEN');
    const position = input.position ?? (await nextCategoryPosition(trx, input.eventId)) + 1;
    return loadCategory(trx, await insertCategory(trx, { event_id: input.eventId, name, position }));
  });
}
