/**
 * Blocks of raffle numbers reserved in advance for one register (« hors ligne »): the
 * `ticket_blocks` rows of (raffle, register) whose number is neither sold nor held by a live claim.
 * The rules are told in commands/topUpTicketBlock.ts.
 */
import type { Db, Trx } from '@kermesse/kit/db';

export interface BlockState {
  raffleId: number;
  checkoutId: number;
  /** Numbers of this register's block still free to sell (ascending). */
  numbers: number[];
  /** Numbers reserved to the other registers (not offered by this one's picker). */
  reservedElsewhere: number[];
}

/** A block number is used once a ticket row sells it or a live claim holds it. */
const USED = `exists (select 1 from tickets t where t.raffle_id = b.raffle_id and t.number = b.number
  and (t.status = 'sold' or t.expires_at > now()))`;

/** The register's block and the numbers reserved to the others. */
export async function readTicketBlock(db: Db | Trx, raffleId: number, checkoutId: number): Promise<BlockState> {
  const { rows } = (await db.raw(
    `select b.number, b.checkout_id from ticket_blocks b where b.raffle_id = ? and not ${USED} order by b.number`,
    [raffleId],
  )) as { rows: Array<{ number: number; checkout_id: number }> };
  return {
    raffleId,
    checkoutId,
    numbers: rows.filter((r) => r.checkout_id === checkoutId).map((r) => r.number),
    reservedElsewhere: rows.filter((r) => r.checkout_id !== checkoutId).map((r) => r.number),
  };
}

/** Sold numbers leave every block: the table only keeps what may still be sold offline. */
export async function pruneSoldFromBlocks(trx: Trx, raffleId: number): Promise<void> {
  await trx.raw(
    `delete from ticket_blocks b where b.raffle_id = ? and exists (select 1 from tickets t
       where t.raffle_id = b.raffle_id and t.number = b.number and t.status = 'sold')`,
    [raffleId],
  );
}

/** Adds to the register's block up to `missing` numbers free everywhere (the lowest first). */
export async function reserveBlockNumbers(
  trx: Trx,
  raffleId: number,
  checkoutId: number,
  totalTickets: number,
  missing: number,
): Promise<void> {
  await trx.raw(
    `insert into ticket_blocks (raffle_id, number, checkout_id)
     select ?, n, ? from generate_series(1, ?::int) as n
     where not exists (select 1 from ticket_blocks b where b.raffle_id = ? and b.number = n)
       and not exists (select 1 from tickets t where t.raffle_id = ? and t.number = n and (t.status = 'sold' or t.expires_at > now()))
     order by n limit ?`,
    [raffleId, checkoutId, totalTickets, raffleId, raffleId, missing],
  );
}

/** Gives numbers of the register's block back: those listed, or the whole block. */
export async function deleteBlockNumbers(db: Db, raffleId: number, checkoutId: number, numbers?: number[]): Promise<void> {
  const query = db('ticket_blocks').where({ raffle_id: raffleId, checkout_id: checkoutId });
  if (numbers) query.whereIn('number', numbers);
  await query.delete();
}

/**
 * For a claim: the requested tickets that sit in the block of another register than `checkoutId`
 * (every block ticket when the claim names no register). Called under the raffle's shared lock.
 */
export async function ticketsReservedElsewhere(
  trx: Trx,
  tickets: ReadonlyArray<{ raffleId: number; number: number }>,
  checkoutId: number | undefined,
): Promise<Array<{ raffleId: number; number: number }>> {
  if (!tickets.length) return [];
  const { rows } = (await trx.raw(
    `select b.raffle_id, b.number from ticket_blocks b
     join unnest(?::int[], ?::int[]) as x(r, n) on b.raffle_id = x.r and b.number = x.n
     where b.checkout_id is distinct from ?::int order by b.raffle_id, b.number`,
    [tickets.map((t) => t.raffleId), tickets.map((t) => t.number), checkoutId ?? null],
  )) as { rows: Array<{ raffle_id: number; number: number }> };
  return rows.map((r) => ({ raffleId: r.raffle_id, number: r.number }));
}
