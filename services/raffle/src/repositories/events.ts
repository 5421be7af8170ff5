import type { Db } from '@kermesse/kit/db';

/** An event of the register, as learnt from `catalog.event.created`. */
export interface EventRow {
  id: number;
  name: string;
  starts_on: string | null;
}

export async function upsertEvent(db: Db, event: { id: number; name: string; startsOn?: string | null }): Promise<void> {
  await db('events')
    .insert({ id: event.id, name: event.name, starts_on: event.startsOn ?? null })
    .onConflict('id')
    .merge({ name: event.name, starts_on: event.startsOn ?? null });
}

export const listEvents = (db: Db): Promise<EventRow[]> =>
  db('events')
    .select('id', 'name', 'starts_on')
    .orderBy([
      { column: 'starts_on', order: 'desc', nulls: 'last' },
      { column: 'id', order: 'desc' },
    ]);

export const findEvent = (db: Db, id: number): Promise<EventRow | undefined> => db('events').where({ id }).first('id', 'name', 'starts_on');

/** Claims the copy of `sourceEventId`'s raffles into `eventId`: false when it was already done. */
export async function claimEventCopy(trx: Db, eventId: number, sourceEventId: number): Promise<boolean> {
  const claimed = await trx('event_copies')
    .insert({ event_id: eventId, source_event_id: sourceEventId, raffles: 0, gift_baskets: 0 })
    .onConflict('event_id')
    .ignore()
    .returning('event_id');
  return claimed.length > 0;
}

export async function countEventCopy(trx: Db, eventId: number, counts: { raffles: number; giftBaskets: number }): Promise<void> {
  await trx('event_copies').where({ event_id: eventId }).update({ raffles: counts.raffles, gift_baskets: counts.giftBaskets });
}

export const findEventByName = (db: Db, name: string): Promise<EventRow | undefined> =>
  db('events').where({ name }).orderBy('id').first('id', 'name', 'starts_on');
