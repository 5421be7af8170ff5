/**
 * Ticket price tiers `{nb, p}` (SPEC §3): `nb` tickets (or bets) for `p` euros. The register finds
 * the tier of a cart line by its price, so neither two counts nor two prices may repeat.
 */
import { badRequest } from '@kermesse/kit';
import { eurosToCents, formatCents } from '../money.ts';

export interface Tier {
  nb: number;
  priceCents: number;
}

export const MAX_TIERS = 20;

/** Validates the tiers sent by the editor (already shape-checked by ajv); throws a French 400. */
export function parseTiers(price: Array<{ nb: number; p: number | string }>): Tier[] {
  if (price.length > MAX_TIERS) throw badRequest(`Pas plus de ${MAX_TIERS} paires de prix.`);
  const tiers: Tier[] = [];
  for (const [index, pair] of price.entries()) {
    const row = index + 1;
    if (!Number.isInteger(pair.nb) || pair.nb < 1) throw badRequest(`Paire ${row} : le nombre de tickets doit être un entier supérieur ou égal à 1.`);
    const priceCents = eurosToCents(pair.p);
    if (priceCents === undefined || priceCents < 0) throw badRequest(`Paire ${row} : le prix doit être un montant positif en euros (deux décimales au plus).`);
    if (tiers.some((t) => t.nb === pair.nb)) throw badRequest(`Deux paires ont le même nombre de tickets (${pair.nb}).`);
    if (tiers.some((t) => t.priceCents === priceCents)) throw badRequest(`Deux paires ont le même prix (${formatCents(priceCents)}).`);
    tiers.push({ nb: pair.nb, priceCents });
  }
  return tiers;
}

/** The JSON schema of `{ price: [{nb, p}] }` shared by the raffle and gift-basket editors. */
export const tierListSchema = {
  type: 'array',
  maxItems: MAX_TIERS,
  items: {
    type: 'object',
    required: ['nb', 'p'],
    properties: {
      nb: { type: 'integer', minimum: 1, maximum: 100000 },
      p: { anyOf: [{ type: 'number', minimum: 0, maximum: 100000 }, { type: 'string', maxLength: 12 }] },
    },
    additionalProperties: false,
  },
} as const;
