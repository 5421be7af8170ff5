import { toEuros as centsToEuros } from '@kermesse/contracts-common';
import type { PrizeRow } from '../repositories/prizes.ts';

/** Where an illustration is served (through the gateway). */
export const illustrationUrl = (file: string | null): string | null => (file ? `/up-prizes/${encodeURIComponent(file)}` : null);

/**
 * docs/spec.md §3 raffle prize. The the spec's clients use two names for some fields: `name`/`label`,
 * `weight`/`rank` (the rank, > 0), `alcohol`/`Alcohol`; both are given.
 */
export const presentPrize = (row: PrizeRow) => ({
  id: row.id,
  raffleId: row.raffle_id,
  name: row.name,
  label: row.name,
  weight: row.rank,
  rank: row.rank,
  price: centsToEuros(row.price_cents),
  cost: centsToEuros(row.cost_cents),
  provider: row.provider,
  quantity: row.quantity,
  alcohol: row.alcohol,
  Alcohol: row.alcohol,
  illustration: row.illustration,
  image: illustrationUrl(row.illustration),
});

export type PresentedPrize = ReturnType<typeof presentPrize>;
