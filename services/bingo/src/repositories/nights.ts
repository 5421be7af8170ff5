/** Loto nights and the events they belong to (read model of `catalog.event.*`). */
import type { Db, Trx } from '@kermesse/kit/db';

export interface NightRow {
  id: number;
  event_id: number | null;
  event_name: string | null;
  name: string;
  held_on: string;
  place: string;
  carton_price_cents: number;
  caller_emails: string[];
  current_partie: number;
  paused: boolean;
  board_version: number;
  sales_open: boolean;
  /** Packs of cartons besides the single one, by size. */
  carton_packs: CartonPackRow[];
  /** A carton of the night was claimed at a register (held, sold or refunded): its event is fixed. */
  event_locked: boolean;
}

export interface CartonPackRow {
  nb: number;
  priceCents: number;
}

const NIGHT_COLUMNS = [
  'n.id',
  'n.event_id',
  'e.name as event_name',
  'n.name',
  'n.held_on',
  'n.place',
  'n.carton_price_cents',
  'n.caller_emails',
  'n.current_partie',
  'n.paused',
  'n.board_version',
  'n.sales_open',
  'n.carton_packs',
];

const nightColumns = (db: Db | Trx) => [
  ...NIGHT_COLUMNS,
  db.raw('exists (select 1 from carton_sales s where s.bingo_id = n.id) as event_locked'),
];

const nightsQuery = (db: Db | Trx) => db('nights as n').leftJoin('events as e', 'e.id', 'n.event_id').select(nightColumns(db));

export const findNight = (db: Db | Trx, id: number): Promise<NightRow | undefined> => nightsQuery(db).where('n.id', id).first();

/**
 * Locks a night's row for the length of a transaction: `update` for one caller action or plan change
 * at a time, `share` for reservations (many at once, none while the plan changes).
 */
export function lockNight(trx: Trx, id: number, mode: 'update' | 'share' = 'update'): Promise<NightRow | undefined> {
  const query = trx('nights as n').leftJoin('events as e', 'e.id', 'n.event_id').select(nightColumns(trx)).where('n.id', id);
  return (mode === 'update' ? query.forUpdate('n') : query.forShare('n')).first();
}

export const listNights = (db: Db | Trx): Promise<NightRow[]> =>
  nightsQuery(db).orderBy([
    { column: 'n.held_on', order: 'desc' },
    { column: 'n.id', order: 'desc' },
  ]);

export async function countNightsInYear(db: Db | Trx, year: number): Promise<number> {
  const row = await db('nights').whereRaw('extract(year from held_on) = ?', [year]).first(db.raw('count(*)::int as count'));
  return (row as { count: number }).count;
}

export interface NightWrite {
  name: string;
  held_on: string;
  place: string;
  carton_price_cents: number;
  event_id: number | null;
  caller_emails: string[];
  sales_open?: boolean;
  /** JSON of CartonPackRow[]; absent: unchanged. */
  carton_packs?: string;
  /** The night of a duplicated fair this one copies. */
  copied_from?: number;
}

export async function insertNight(db: Db | Trx, night: NightWrite): Promise<number> {
  const [row] = await db('nights').insert(night).returning('id');
  return (row as { id: number }).id;
}

export const updateNight = (db: Db | Trx, id: number, night: NightWrite): Promise<number> => db('nights').where({ id }).update(night);

/** Marks a change the board shows; returns the new version. */
export async function bumpBoard(
  trx: Db | Trx,
  id: number,
  changes: Partial<{ current_partie: number; paused: boolean }> = {},
): Promise<number> {
  const [row] = await trx('nights')
    .where({ id })
    .update({ ...changes, board_version: trx.raw('board_version + 1') })
    .returning('board_version');
  return Number((row as { board_version: number }).board_version);
}

export const upsertEvent = (db: Db | Trx, event: { id: number; name: string; starts_on: string | null }) =>
  db('events').insert(event).onConflict('id').merge();

/** Gives an event the nights that waited for it by name (a hosted association's demo night); their ids. */
export async function attachWaitingNights(trx: Trx, event: { id: number; name: string }): Promise<number[]> {
  const rows = (await trx('nights')
    .whereNull('event_id')
    .where({ awaiting_event_name: event.name })
    .update({ event_id: event.id, awaiting_event_name: null })
    .returning('id')) as Array<{ id: number }>;
  return rows.map((r) => r.id);
}

/** The nights of an event, oldest first. */
export const listNightsOfEvent = (db: Db | Trx, eventId: number): Promise<NightRow[]> =>
  nightsQuery(db).where('n.event_id', eventId).orderBy('n.id');

/** Whether nights were already copied into an event (a duplicated fair announced twice). */
export const hasCopiedNights = async (db: Db | Trx, eventId: number): Promise<boolean> =>
  Boolean(await db('nights').where({ event_id: eventId }).whereNotNull('copied_from').first('id'));

export const findEvent = (db: Db | Trx, id: number): Promise<{ id: number; name: string } | undefined> =>
  db('events').where({ id }).first('id', 'name');
