/**
 * Raffle prize rules of docs/spec.md §5, checked in the spec's order with its messages (the first failure
 * is the one reported): name, rank (written `weight` by the spec's clients), price, quantity.
 * Then what the spec leaves implicit: whole numbers, two decimals, a non-negative cost. Pure: the
 * service applies it to every prize it stores, and a form may apply it before sending.
 */
import { parseEuros } from '@kermesse/contracts-common';
import { RAFFLE_AMOUNT_RULES } from './money.ts';

export const PRIZE_MESSAGES = {
  name: 'Le nom est requis',
  rank: 'Le rang doit être supérieur à 0',
  price: 'Le prix doit être positif',
  quantity: 'La quantité doit être positive',
  rankInteger: 'Le rang doit être un nombre entier.',
  quantityInteger: 'La quantité doit être un nombre entier.',
  priceCents: 'Le prix doit avoir au plus deux décimales.',
  cost: 'Le coût doit être positif',
  costCents: 'Le coût doit avoir au plus deux décimales.',
  nameLength: 'Le nom ne doit pas dépasser 200 caractères.',
  providerLength: 'Le fournisseur ne doit pas dépasser 200 caractères.',
} as const;

/** What a client may send for a prize (docs/spec.md §3: `name` or `label`, `weight` or `rank`). */
export interface PrizeInput {
  name?: unknown;
  label?: unknown;
  weight?: unknown;
  rank?: unknown;
  price?: unknown;
  cost?: unknown;
  provider?: unknown;
  quantity?: unknown;
  alcohol?: unknown;
  Alcohol?: unknown;
}

export interface ValidPrize {
  name: string;
  rank: number;
  priceCents: number;
  costCents: number;
  provider: string;
  quantity: number;
  alcohol: boolean;
}

export type PrizeCheck = { ok: true; prize: ValidPrize } | { ok: false; message: string };

/** A number typed in a form: `3`, `"3"`, `"2,5"`; undefined when absent or empty. */
function numeric(value: unknown): number | undefined {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && value.trim() !== '') return Number(value.trim().replace(',', '.'));
  return undefined;
}

const defined = (value: unknown) => value !== undefined && value !== null && value !== '';

/** Checks a prize; `input` is the whole prize (for an update, the stored prize merged with the edit). */
export function checkPrize(input: PrizeInput): PrizeCheck {
  const rawName = input.name ?? input.label;
  const name = typeof rawName === 'string' ? rawName.trim() : '';
  if (!name) return { ok: false, message: PRIZE_MESSAGES.name };

  const rank = numeric(input.weight ?? input.rank);
  if (rank === undefined || !(rank > 0)) return { ok: false, message: PRIZE_MESSAGES.rank };

  const priceRaw = input.price;
  const price = numeric(priceRaw);
  if (!defined(priceRaw) || price === undefined || Number.isNaN(price) || price < 0) return { ok: false, message: PRIZE_MESSAGES.price };

  const quantity = numeric(input.quantity);
  if (quantity === undefined || Number.isNaN(quantity) || quantity < 0) return { ok: false, message: PRIZE_MESSAGES.quantity };

  if (!Number.isInteger(rank) || rank > 1_000_000) return { ok: false, message: PRIZE_MESSAGES.rankInteger };
  if (!Number.isInteger(quantity) || quantity > 1_000_000) return { ok: false, message: PRIZE_MESSAGES.quantityInteger };
  const priceCents = parseEuros(priceRaw, RAFFLE_AMOUNT_RULES);
  if (priceCents === null) return { ok: false, message: PRIZE_MESSAGES.priceCents };

  let costCents = 0;
  if (defined(input.cost)) {
    const cost = numeric(input.cost);
    if (cost === undefined || Number.isNaN(cost) || cost < 0) return { ok: false, message: PRIZE_MESSAGES.cost };
    const cents = parseEuros(input.cost, RAFFLE_AMOUNT_RULES);
    if (cents === null) return { ok: false, message: PRIZE_MESSAGES.costCents };
    costCents = cents;
  }
  if (name.length > 200) return { ok: false, message: PRIZE_MESSAGES.nameLength };
  const provider = typeof input.provider === 'string' ? input.provider.trim() : '';
  if (provider.length > 200) return { ok: false, message: PRIZE_MESSAGES.providerLength };
  const alcoholRaw = input.alcohol ?? input.Alcohol;
  const alcohol = alcoholRaw === true || alcoholRaw === 1 || alcoholRaw === '1' || alcoholRaw === 'true' || alcoholRaw === 'on';

  return { ok: true, prize: { name, rank, priceCents, costCents, provider, quantity, alcohol } };
}
