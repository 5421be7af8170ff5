/**
 * Ticket price tiers `{nb, p}` (docs/spec.md §3): `nb` tickets (or bets) for `p` euros. The register finds
 * the tier of a cart line by its price, so neither two counts nor two prices may repeat. Messages
 * name the line as the editor shows it, counting from 1 (« Ligne 4 : … »). Pure: the service
 * refuses with it, an editor may check with it before sending.
 */
import { formatEuros, parseEuros } from '@kermesse/contracts-common';
import { RAFFLE_AMOUNT_RULES } from './money.ts';
import { MAX_TIERS } from './schemas.ts';

export interface PriceTier {
  nb: number;
  priceCents: number;
}

export const MAX_TIER_TICKETS = 100_000;
const MAX_TIER_CENTS = 100_000 * 100;

/** Checks the tiers sent by the editor (the schema checked only that it is a list of objects); the first fault in French. */
export function checkTiers(
  price: ReadonlyArray<{ nb?: unknown; p?: unknown }>,
): { ok: true; tiers: PriceTier[] } | { ok: false; message: string } {
  const fail = (message: string) => ({ ok: false as const, message });
  if (price.length > MAX_TIERS) return fail(`Pas plus de ${MAX_TIERS} lignes de prix.`);
  const tiers: PriceTier[] = [];
  for (const [index, pair] of price.entries()) {
    const line = `Ligne ${index + 1} :`;
    const nb = pair.nb;
    if (typeof nb !== 'number' || !Number.isInteger(nb) || nb < 1 || nb > MAX_TIER_TICKETS) {
      return fail(`${line} le nombre de tickets doit être un nombre entier entre 1 et 100 000.`);
    }
    const priceCents = parseEuros(pair.p, RAFFLE_AMOUNT_RULES);
    if (priceCents === null || priceCents < 0 || priceCents > MAX_TIER_CENTS) {
      return fail(`${line} le prix doit être un montant positif en euros (deux décimales au plus).`);
    }
    const sameNb = tiers.findIndex((t) => t.nb === nb);
    if (sameNb >= 0)
      return fail(
        `${line} la ligne ${sameNb + 1} a déjà ${nb} ticket${nb > 1 ? 's' : ''} : chaque nombre de tickets n'apparaît qu'une fois.`,
      );
    const samePrice = tiers.findIndex((t) => t.priceCents === priceCents);
    if (samePrice >= 0)
      return fail(`${line} la ligne ${samePrice + 1} a déjà le prix ${formatEuros(priceCents)} : chaque prix n'apparaît qu'une fois.`);
    tiers.push({ nb, priceCents });
  }
  return { ok: true, tiers };
}
