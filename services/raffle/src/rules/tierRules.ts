/**
 * Ticket price tiers `{nb, p}` (SPEC §3): `nb` tickets (or bets) for `p` euros. The register finds
 * the tier of a cart line by its price, so neither two counts nor two prices may repeat. Messages
 * name the line as the editor shows it, counting from 1 (« Ligne 4 : … »).
 */
import { formatEuros } from '@kermesse/contracts-common';
import { amountToCents, MAX_TIERS } from '@kermesse/contracts-raffle';
import { raffleError } from '../errors.ts';

export { MAX_TIERS };
const badRequest = (message: string) => raffleError('TIER_INVALID', message);

export interface Tier {
  nb: number;
  priceCents: number;
}

export const MAX_TIER_TICKETS = 100_000;
const MAX_TIER_CENTS = 100_000 * 100;

/** Validates the tiers sent by the editor (ajv checked only that it is a list of objects); throws a French 400. */
export function parseTiers(price: Array<{ nb?: unknown; p?: unknown }>): Tier[] {
  if (price.length > MAX_TIERS) throw badRequest(`Pas plus de ${MAX_TIERS} lignes de prix.`);
  const tiers: Tier[] = [];
  for (const [index, pair] of price.entries()) {
    const line = `Ligne ${index + 1} :`;
    const nb = pair.nb;
    if (typeof nb !== 'number' || !Number.isInteger(nb) || nb < 1 || nb > MAX_TIER_TICKETS) {
      throw badRequest(`${line} le nombre de tickets doit être un nombre entier entre 1 et 100 000.`);
    }
    const priceCents = amountToCents(pair.p);
    if (priceCents === undefined || priceCents < 0 || priceCents > MAX_TIER_CENTS) {
      throw badRequest(`${line} le prix doit être un montant positif en euros (deux décimales au plus).`);
    }
    const sameNb = tiers.findIndex((t) => t.nb === nb);
    if (sameNb >= 0) throw badRequest(`${line} la ligne ${sameNb + 1} a déjà ${nb} ticket${nb > 1 ? 's' : ''} : chaque nombre de tickets n'apparaît qu'une fois.`);
    const samePrice = tiers.findIndex((t) => t.priceCents === priceCents);
    if (samePrice >= 0) throw badRequest(`${line} la ligne ${samePrice + 1} a déjà le prix ${formatEuros(priceCents)} : chaque prix n'apparaît qu'une fois.`);
    tiers.push({ nb, priceCents });
  }
  return tiers;
}

/**
 * The JSON schema of `{ price: [{nb, p}] }` shared by the raffle and gift-basket editors: only the
 * shape, so that the values are checked by `parseTiers`, which names the line (« Ligne 4 : … »)
 * instead of a field path such as « price.3.nb ».
 */
export const tierListSchema = {
  type: 'array',
  maxItems: MAX_TIERS,
  items: {
    type: 'object',
    properties: { nb: {}, p: {} },
  },
} as const;
