import type { Db, Trx } from '@kermesse/kit/db';

export interface EventRow {
  id: number;
  name: string;
  starts_on: string | null;
}
export interface CheckoutRow {
  id: number;
  event_id: number;
  name: string;
}

/** Events the registers may sell for (archived ones are left out). */
export const listEvents = (db: Db): Promise<EventRow[]> =>
  db('events')
    .whereNull('archived_at')
    .select('id', 'name', 'starts_on')
    .orderBy([
      { column: 'starts_on', order: 'desc', nulls: 'last' },
      { column: 'id', order: 'asc' },
    ]);

/** An event's name (a receipt's header), undefined when it is gone. */
export const eventName = (db: Db | Trx, id: number): Promise<string | undefined> =>
  db('events')
    .where({ id })
    .first('name')
    .then((row: { name: string } | undefined) => row?.name);

export const findEvent = (db: Db | Trx, id: number): Promise<EventRow | undefined> =>
  db('events').where({ id }).first('id', 'name', 'starts_on');

export const findEventByName = (db: Db | Trx, name: string): Promise<EventRow | undefined> =>
  db('events').where({ name }).first('id', 'name', 'starts_on');

export const listCheckouts = (db: Db, eventId: number): Promise<CheckoutRow[]> =>
  db('checkouts').where({ event_id: eventId }).whereNull('archived_at').select('id', 'event_id', 'name').orderBy('id');

export async function insertEvent(trx: Trx, event: { name: string; startsOn?: string | null }): Promise<EventRow> {
  const [row] = await trx('events')
    .insert({ name: event.name, starts_on: event.startsOn ?? null })
    .returning(['id', 'name', 'starts_on']);
  return row as EventRow;
}

export async function insertCheckout(trx: Trx, checkout: { eventId: number; name: string }): Promise<CheckoutRow> {
  const [row] = await trx('checkouts').insert({ event_id: checkout.eventId, name: checkout.name }).returning(['id', 'event_id', 'name']);
  return row as CheckoutRow;
}
