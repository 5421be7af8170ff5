/** SQL of the prize costs read model (raffle, gift basket and loto prizes, as their services publish them). */
import type { Knex } from 'knex';

type Q = Knex | Knex.Transaction;
export type PrizeSource = 'raffle' | 'giftbasket' | 'bingo';

export interface PrizeCostState {
  source: PrizeSource;
  sourceId: number;
  eventId: number | null;
  name: string;
  /** Absent when the event carried no prizes (older `raffle.configured`): the costs known are kept. */
  costs?: { prizes: number; costCents: number };
  occurredAt: string;
}

/**
 * Keeps the latest state of a raffle, basket or night: an event older than the one already applied
 * (delivered late or twice) changes nothing.
 */
export async function applyPrizeCosts(q: Q, state: PrizeCostState): Promise<void> {
  const row = {
    source: state.source,
    source_id: state.sourceId,
    event_id: state.eventId,
    name: state.name,
    prizes: state.costs?.prizes ?? 0,
    cost_cents: state.costs?.costCents ?? 0,
    occurred_at: state.occurredAt,
  };
  const merged = state.costs ? ['event_id', 'name', 'prizes', 'cost_cents', 'occurred_at'] : ['event_id', 'name', 'occurred_at'];
  await q('prize_costs')
    .insert(row)
    .onConflict(['source', 'source_id'])
    .merge(merged)
    .where('prize_costs.occurred_at', '<=', q.raw('excluded.occurred_at'));
}

export async function listPrizeCosts(
  q: Q,
  eventId: number,
): Promise<Array<{ source: PrizeSource; name: string; prizes: number; cost_cents: string | number }>> {
  // In the order the result shows the origins: raffle, gift baskets, loto.
  return q('prize_costs')
    .where({ event_id: eventId })
    .orderByRaw("array_position(array['raffle', 'giftbasket', 'bingo'], source), name, source_id")
    .select('source', 'name', 'prizes', 'cost_cents');
}
