/**
 * Buyers named without network: tickets need an identified buyer (docs/spec.md §5), but « Identifier »
 * asks the server. Offline the cashier types the first and last names besides the e-mail or phone; the
 * buyer gets a temporary negative id, kept on the device, and the queue identifies (or creates) the
 * person when it sends the sale, before the sale itself.
 */
import { ApiError } from '@kermesse/ui-kit';
import type { CheckoutApi } from '../api/checkoutApi';
import type { Person } from '../cart/types';

const KEY = 'kermesseRegister.offlineBuyers';

function readAll(): Record<string, Person> {
  try {
    const stored = JSON.parse(localStorage.getItem(KEY) ?? '{}') as unknown;
    return stored && typeof stored === 'object' ? (stored as Record<string, Person>) : {};
  } catch {
    return {};
  }
}

/** A buyer typed offline: a negative id, kept on this device until the sale is sent. */
export function rememberOfflineBuyer(
  details: { firstname: string; lastname: string; email: string; phone: string },
  now = Date.now(),
): Person {
  const person: Person = {
    id: -now,
    firstname: details.firstname,
    lastname: details.lastname,
    email: details.email || null,
    phone: details.phone || null,
  };
  try {
    localStorage.setItem(KEY, JSON.stringify({ ...readAll(), [String(person.id)]: person }));
  } catch (error) {
    console.warn('Acheteur non gardé sur cet appareil', error);
  }
  return person;
}

export const isOfflineBuyer = (person: Pick<Person, 'id'> | null | undefined) => Boolean(person && person.id < 0);

export function offlineBuyer(id: number): Person | undefined {
  return readAll()[String(id)];
}

export const UNKNOWN_OFFLINE_BUYER =
  "L'acheteur saisi hors ligne n'est plus sur cet appareil : identifiez-le à nouveau et refaites la vente.";

/**
 * The server's id of a buyer typed offline: the person with that e-mail or phone, else a new person.
 * Throws an ApiError (status 0 without network) like the register's calls.
 */
export async function identifyOfflineBuyer(api: Pick<CheckoutApi, 'findPerson' | 'createPerson'>, id: number): Promise<number> {
  const buyer = offlineBuyer(id);
  if (!buyer) throw new ApiError(400, UNKNOWN_OFFLINE_BUYER);
  const criteria = { email: buyer.email ?? '', phone: buyer.phone ?? '' };
  const found = await api.findPerson(criteria);
  if (found) return found.id;
  const created = await api.createPerson({ ...criteria, firstName: buyer.firstname, lastName: buyer.lastname });
  return created.id;
}
