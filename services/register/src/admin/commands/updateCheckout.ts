/** A back-office command: its rules here, its SQL in ../repositories/backOffice.ts. */
import '../../events.ts';
import { recordEvent } from '@kermesse/kit/bus';
import { type Db } from '@kermesse/kit/db';
import { type CheckoutUpdate } from '@kermesse/contracts-register';
import { cleanName, invalid, nameTakenMeanwhile } from '../errors.ts';
import { checkoutNameTaken, updateCheckoutFields, type AdminCheckoutRow } from '../repositories/backOffice.ts';
import { loadCheckout } from '../catalogLoaders.ts';

export async function updateCheckout(db: Db, id: number, input: CheckoutUpdate): Promise<AdminCheckoutRow> {
  return db
    .transaction(async (trx) => {
      const current = await loadCheckout(trx, id);
      const fields: { name?: string; archived_at?: Date | null } = {};
      if (input.name !== undefined) {
        fields.name = cleanName(input.name);
        if (await checkoutNameTaken(trx, current.event_id, fields.name, id)) throw invalid('NAME_TAKEN');
      }
      if (input.archived !== undefined) fields.archived_at = input.archived ? (current.archived_at ?? new Date()) : null;
      if (Object.keys(fields).length) await updateCheckoutFields(trx, id, fields);
      const updated = await loadCheckout(trx, id);
      await recordEvent(trx, 'register', 'catalog.checkout.updated', {
        checkoutId: id,
        eventId: updated.event_id,
        name: updated.name,
        archived: updated.archived_at !== null,
      });
      return updated;
    })
    .catch(nameTakenMeanwhile);
}
