import type { Db, Trx } from '@kermesse/kit/db';
import type { DrawPrize } from '@kermesse/contracts-raffle';
import type { Tier } from '../rules/tierRules.ts';

/** A raffle without its heavy drawing columns (seed and committed list). */
export interface RaffleRow {
  id: number;
  event_id: number | null;
  awaiting_event_name: string | null;
  event_name: string | null;
  event_starts_on: string | null;
  name: string;
  total_tickets: number;
  sales_closed_at: Date | null;
  commitment: string | null;
  tickets_hash: string | null;
  drawn_at: Date | null;
  created_at: Date;
}

const COLUMNS = [
  'r.id',
  'r.event_id',
  'r.awaiting_event_name',
  'e.name as event_name',
  'e.starts_on as event_starts_on',
  'r.name',
  'r.total_tickets',
  'r.sales_closed_at',
  'r.commitment',
  'r.tickets_hash',
  'r.drawn_at',
  'r.created_at',
];

const base = (db: Db) => db('raffles as r').leftJoin('events as e', 'e.id', 'r.event_id');

export const findRaffle = (db: Db, id: number): Promise<RaffleRow | undefined> => base(db).where('r.id', id).first(COLUMNS);

export const listRaffles = (db: Db): Promise<RaffleRow[]> => base(db).select(COLUMNS).orderBy('r.id', 'desc');

/** The latest raffle whose sales are open (the public pre-sale page). */
export const findOpenRaffle = (db: Db): Promise<RaffleRow | undefined> =>
  base(db).whereNull('r.sales_closed_at').whereNotNull('r.event_id').orderBy('r.id', 'desc').first(COLUMNS);

/** Locks a raffle row for a state change (closing sales, drawing). */
export interface RaffleDrawingRow extends RaffleRow {
  seed_hex: string | null;
  committed_tickets: number[] | null;
  drawn_prizes: DrawPrize[] | null;
}

export const lockRaffle = (db: Db, id: number): Promise<RaffleDrawingRow | undefined> =>
  db('raffles as r')
    .leftJoin('events as e', 'e.id', 'r.event_id')
    .where('r.id', id)
    .forUpdate('r')
    .first([...COLUMNS, 'r.seed_hex', 'r.committed_tickets', 'r.drawn_prizes']);

export const findDrawingRow = (db: Db, id: number): Promise<RaffleDrawingRow | undefined> =>
  base(db)
    .where('r.id', id)
    .first([...COLUMNS, 'r.seed_hex', 'r.committed_tickets', 'r.drawn_prizes']);

export async function insertRaffle(
  db: Db,
  raffle: { eventId: number | null; awaitingEventName?: string | null; name: string; totalTickets: number },
): Promise<number> {
  const [row] = await db('raffles')
    .insert({
      event_id: raffle.eventId,
      awaiting_event_name: raffle.awaitingEventName ?? null,
      name: raffle.name,
      total_tickets: raffle.totalTickets,
    })
    .returning('id');
  return (row as { id: number }).id;
}

export async function updateRaffle(db: Db, id: number, changes: { name?: string; totalTickets?: number }): Promise<void> {
  await db('raffles')
    .where({ id })
    .update({
      ...(changes.name !== undefined ? { name: changes.name } : {}),
      ...(changes.totalTickets !== undefined ? { total_tickets: changes.totalTickets } : {}),
      updated_at: db.fn.now(),
    });
}

export async function listTiers(db: Db, raffleId: number): Promise<Tier[]> {
  const rows: Array<{ nb: number; price_cents: number }> = await db('raffle_tiers')
    .where({ raffle_id: raffleId })
    .select('nb', 'price_cents')
    .orderBy('position');
  return rows.map((r) => ({ nb: r.nb, priceCents: r.price_cents }));
}

export async function replaceTiers(db: Db, raffleId: number, tiers: Tier[]): Promise<void> {
  await db('raffle_tiers').where({ raffle_id: raffleId }).delete();
  if (tiers.length) {
    await db('raffle_tiers').insert(tiers.map((t, position) => ({ raffle_id: raffleId, position, nb: t.nb, price_cents: t.priceCents })));
  }
}

/** Sold tickets and the revenue they brought, per raffle. */
export async function salesFigures(db: Db, raffleId: number): Promise<{ sold: number; held: number; revenueCents: number }> {
  const [counts] = await db('tickets').where({ raffle_id: raffleId }).select(
    // A ticket voided by a refund stays taken but is no longer sold.
    db.raw(`count(*) filter (where status = 'sold' and voided_at is null)::int as sold`),
    db.raw(`count(*) filter (where status = 'held' and expires_at > now())::int as held`),
  );
  const [revenue] = await db('raffle_sales')
    .where({ raffle_id: raffleId })
    .select(
      db.raw(
        `(coalesce(sum(revenue_cents), 0) - (select coalesce(sum(refund_cents), 0) from refund_revenue where kind = 'raffle' and owner_id = ?))::int as cents`,
        [raffleId],
      ),
    );
  return {
    sold: (counts as { sold: number }).sold,
    held: (counts as { held: number }).held,
    revenueCents: (revenue as { cents: number }).cents,
  };
}

/** The highest number currently sold or held in a raffle (0 when none). */
export async function highestTakenNumber(db: Db, raffleId: number): Promise<number> {
  const [row] = await db('tickets')
    .where({ raffle_id: raffleId })
    .where((q) => q.where('status', 'sold').orWhere('expires_at', '>', db.fn.now()))
    .select(db.raw('coalesce(max(number), 0)::int as max'));
  return (row as { max: number }).max;
}

/** Numbers a register cannot sell: sold, or held by a claim still in progress. */
export async function listTakenNumbers(db: Db, raffleId: number): Promise<number[]> {
  const rows: Array<{ number: number }> = await db('tickets')
    .where({ raffle_id: raffleId })
    .where((q) => q.where('status', 'sold').orWhere('expires_at', '>', db.fn.now()))
    .select('number')
    .orderBy('number');
  return rows.map((r) => r.number);
}

/** The raffle row locked for this transaction (its changes and events are serialized). */
export const lockRaffleRow = (
  trx: Db | Trx,
  id: number,
): Promise<{ id: number; name: string; event_id: number | null; total_tickets: number; sales_closed_at: Date | null } | undefined> =>
  trx('raffles').where({ id }).forUpdate().first('id', 'name', 'event_id', 'total_tickets', 'sales_closed_at');

export const raffleExists = async (db: Db | Trx, id: number): Promise<boolean> => Boolean(await db('raffles').where({ id }).first('id'));

/** Tickets sold and held by a live claim (a raffle with either cannot be deleted). */
export async function ticketCounts(trx: Db | Trx, raffleId: number): Promise<{ sold: number; held: number }> {
  const [counts] = await trx('tickets')
    .where({ raffle_id: raffleId })
    .select(
      trx.raw(`count(*) filter (where status = 'sold')::int as sold`),
      trx.raw(`count(*) filter (where status = 'held' and expires_at > now())::int as held`),
    );
  return counts as { sold: number; held: number };
}

export const hasPaidSales = async (trx: Db | Trx, raffleId: number): Promise<boolean> =>
  Boolean(await trx('raffle_sales').where({ raffle_id: raffleId }).first('sale_id'));

/** Removes a raffle (its tiers, prizes and tickets go with it) and its winners. */
export async function deleteRaffleRows(trx: Db | Trx, raffleId: number): Promise<void> {
  await trx('drawing_winners').where({ raffle_id: raffleId }).delete();
  await trx('raffles').where({ id: raffleId }).delete();
}

/** Numbers held by a claim still in progress (closing the sales waits for them). */
export async function countLiveHeldTickets(trx: Db | Trx, raffleId: number): Promise<number> {
  const [pending] = await trx('tickets')
    .where({ raffle_id: raffleId, status: 'held' })
    .where('expires_at', '>', trx.fn.now())
    .select(trx.raw('count(*)::int as n'));
  return (pending as { n: number }).n;
}

/** The sold, not voided, numbers in ascending order: the list the drawing commits to. */
export async function listSoldNumbers(trx: Db | Trx, raffleId: number): Promise<number[]> {
  return (
    await trx('tickets').where({ raffle_id: raffleId, status: 'sold' }).whereNull('voided_at').orderBy('number').select('number')
  ).map((r: { number: number }) => r.number);
}

/** Closes the sales with the drawing's commitment. */
export async function saveCommitment(
  trx: Db | Trx,
  raffleId: number,
  commitment: {
    seedHex: string;
    commitment: string;
    ticketsHash: string;
    tickets: number[];
    prizes: DrawPrize[];
  },
): Promise<void> {
  await trx('raffles')
    .where({ id: raffleId })
    .update({
      sales_closed_at: trx.fn.now(),
      seed_hex: commitment.seedHex,
      commitment: commitment.commitment,
      tickets_hash: commitment.ticketsHash,
      committed_tickets: commitment.tickets,
      drawn_prizes: JSON.stringify(commitment.prizes),
      updated_at: trx.fn.now(),
    });
}

/** Records the winners in drawing order and marks the raffle drawn; answers when. */
export async function saveDrawing(trx: Db | Trx, raffleId: number, winners: Array<{ prizeId: number; number: number }>): Promise<Date> {
  if (winners.length) {
    await trx('drawing_winners').insert(
      winners.map((w, position) => ({ raffle_id: raffleId, position, prize_id: w.prizeId, number: w.number })),
    );
  }
  const [drawn] = await trx('raffles')
    .where({ id: raffleId })
    .update({ drawn_at: trx.fn.now(), updated_at: trx.fn.now() })
    .returning('drawn_at');
  return (drawn as { drawn_at: Date }).drawn_at;
}

/** Raffles waiting for an event of this name (demo data) get its id; answers their ids. */
export async function attachWaitingRaffles(trx: Db | Trx, event: { id: number; name: string }): Promise<number[]> {
  const rows: Array<{ id: number }> = await trx('raffles')
    .whereNull('event_id')
    .where('awaiting_event_name', event.name)
    .update({ event_id: event.id, awaiting_event_name: null, updated_at: trx.fn.now() })
    .returning('id');
  return rows.map((r) => r.id);
}

/**
 * Locks the raffle of a prize (for update: its `raffle.configured`, recorded in the same transaction,
 * must see the changes committed before it); undefined when there is none.
 */
export async function lockRaffleOfPrizes(trx: Db | Trx, raffleId: number): Promise<{ frozen: boolean } | undefined> {
  const raffle = await lockRaffleRow(trx, raffleId);
  return raffle ? { frozen: raffle.sales_closed_at !== null } : undefined;
}

/** An event's raffles (to copy them to next year's). */
export const listRafflesOfEvent = (trx: Db | Trx, eventId: number): Promise<Array<{ id: number; name: string; total_tickets: number }>> =>
  trx('raffles').where({ event_id: eventId }).orderBy('id').select('id', 'name', 'total_tickets');

export const findRaffleIdByName = async (db: Db | Trx, name: string): Promise<number | undefined> =>
  ((await db('raffles').where({ name }).orderBy('id').first('id')) as { id: number } | undefined)?.id;
