/**
 * docs/spec.md §5 raffle prize checks for the add and edit forms, in the spec's order, first failure shown.
 * The service applies the same rules (services/raffle/src/rules/prizeRules.ts).
 */
import { parseEuros } from '@kermesse/contracts-common';

export const PRIZE_MESSAGES = {
  name: 'Le nom est requis',
  rank: 'Le rang doit être supérieur à 0',
  price: 'Le prix doit être positif',
  quantity: 'La quantité doit être positive',
  unreadablePrice: 'Le prix doit être un montant en euros, par exemple 30,50.',
  cost: 'Le coût doit être un montant positif en euros, par exemple 12,50 (0 pour un lot offert).',
} as const;

export interface PrizeFields {
  name?: string | null;
  weight?: number | string | null;
  price?: number | string | null;
  quantity?: number | string | null;
  /** What the prize costs the association; empty means nothing (a donated prize). */
  cost?: string | null;
}

const toNumber = (value: number | string | null | undefined): number | undefined => {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'number') return value;
  if (value.trim() === '') return undefined;
  return Number(value.trim().replace(',', '.'));
};

/** The first rule the prize breaks, or null when it may be sent. */
export function prizeError(prize: PrizeFields): string | null {
  if (!prize.name || prize.name.trim() === '') return PRIZE_MESSAGES.name;
  const rank = toNumber(prize.weight);
  if (rank === undefined || !(rank > 0)) return PRIZE_MESSAGES.rank;
  const price = toNumber(prize.price);
  if (price === undefined || price < 0) return PRIZE_MESSAGES.price;
  // « 30,50 » is 30,50 €; what cannot be read as an amount is refused, never guessed.
  if (typeof prize.price === 'string' && parseEuros(prize.price) === null) return PRIZE_MESSAGES.unreadablePrice;
  const quantity = toNumber(prize.quantity);
  if (quantity === undefined || Number.isNaN(quantity) || quantity < 0) return PRIZE_MESSAGES.quantity;
  if (prize.cost && prize.cost.trim() !== '' && parseEuros(prize.cost) === null) return PRIZE_MESSAGES.cost;
  return null;
}
