/** A back-office command: its rules here, its SQL in ../repositories/backOffice.ts. */
import '../../events.ts';
import { recordEvent } from '@kermesse/kit/bus';
import { type Db } from '@kermesse/kit/db';
import { type CheckoutInput } from '@kermesse/contracts-register';
import { cleanName, invalid, nameTakenMeanwhile } from '../errors.ts';
import { checkoutNameTaken, insertAdminCheckout, type AdminCheckoutRow } from '../repositories/backOffice.ts';
import { loadCheckout, openEvent } from '../catalogLoaders.ts';

export async function createCheckout(db: Db, eventId: number, input: CheckoutInput): Promise<AdminCheckoutRow> {
  const name = cleanName(input.name);
  return db
    .transaction(async (trx) => {
      await openEvent(trx, eventId);
      if (await checkoutNameTaken(trx, eventId, name)) throw invalid('NAME_TAKEN');
      const id = await insertAdminCheckout(trx, eventId, name);
      await recordEvent(trx, 'register', 'catalog.checkout.created', { checkoutId: id, eventId, name });
      return loadCheckout(trx, id);
    })
    .catch(nameTakenMeanwhile);
}
