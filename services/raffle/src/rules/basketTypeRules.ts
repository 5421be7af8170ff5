/** docs/spec.md §5: a basket to win (« type ») has a name and a price. */
import { parseEuros } from '@kermesse/contracts-common';
import { RAFFLE_AMOUNT_RULES } from '@kermesse/contracts-raffle';
import { raffleError } from '../errors.ts';

/** Name and price required (trimmed name, at most 200 characters; a price in euros, two decimals at most). */
export function checkBasketType(input: { name?: unknown; price?: unknown }): { name: string; priceCents: number } {
  const name = typeof input.name === 'string' ? input.name.trim() : '';
  const empty = input.price === undefined || input.price === null || (typeof input.price === 'string' && input.price.trim() === '');
  if (!name || empty) throw raffleError('BASKET_TYPE_REQUIRED');
  if (name.length > 200) throw raffleError('BASKET_TYPE_INVALID', 'Le nom ne doit pas dépasser 200 caractères.');
  const priceCents = parseEuros(input.price, RAFFLE_AMOUNT_RULES);
  if (priceCents === null || priceCents < 0)
    throw raffleError('BASKET_TYPE_INVALID', 'Le prix doit être un montant positif en euros (deux décimales au plus).');
  return { name, priceCents };
}
