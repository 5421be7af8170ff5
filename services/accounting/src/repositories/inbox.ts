import type { Trx } from '@kermesse/kit/db';

/**
 * Marks a batch of events handled by `consumer` in the kit's inbox, in one statement; returns the
 * ids not seen before (a redelivered event was already handled: only its ack was missing).
 */
export async function markHandled(trx: Trx, consumer: string, type: string, eventIds: readonly string[]): Promise<Set<string>> {
  const { rows } = await trx.raw(
    `insert into inbox (consumer, event_id, type) select ?, x.id, ? from unnest(?::uuid[]) as x(id)
     on conflict (consumer, event_id) do nothing returning event_id`,
    [consumer, type, [...eventIds]],
  );
  return new Set((rows as Array<{ event_id: string }>).map((r) => r.event_id));
}
