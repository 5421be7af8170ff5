/** Tiers of a raffle or gift basket: the contract's rule (contracts/raffle tierRules.ts), refused as a 400 `TIER_INVALID`. */
import { checkTiers, type PriceTier } from '@kermesse/contracts-raffle';
import { raffleError } from '../errors.ts';

export type Tier = PriceTier;

/** The tiers sent by the editor, checked; throws the first fault in French. */
export function parseTiers(price: ReadonlyArray<{ nb?: unknown; p?: unknown }>): Tier[] {
  const check = checkTiers(price);
  if (!check.ok) throw raffleError('TIER_INVALID', check.message);
  return check.tiers;
}

/** The same tiers in the same order (what a buyer paid stays what the registers sell). */
export function sameTiers(a: readonly Tier[], b: readonly Tier[]): boolean {
  return a.length === b.length && a.every((tier, i) => tier.nb === b[i]!.nb && tier.priceCents === b[i]!.priceCents);
}
