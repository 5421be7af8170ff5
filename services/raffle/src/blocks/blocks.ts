/**
 * Blocks of raffle numbers reserved in advance for one register (issue 15, « hors ligne »): while it
 * has the network a register keeps a block of free numbers topped up (50 by default); with no network
 * it sells numbers of that block only, and its sale, sent later, is accepted because the number is in
 * its own block. A number in a block is offered to no other register and any other claim of it is
 * refused (commands/claimTicketsAndBets.ts calls `ticketsReservedElsewhere`), so no number is ever sold twice.
 *
 * A block is the set of `ticket_blocks` rows of (raffle, register) whose number is neither sold nor
 * held by a live claim. Reserving takes the raffle's exclusive advisory lock (the claims take the
 * shared one), so a number is never reserved while a claim is writing it.
 */
import { type Db, type Trx } from '@kermesse/kit';
import { raffleError } from '../errors.ts';
import { RAFFLE_LOCK_CLASS } from '../repositories/locks.ts';

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

async function readBlock(db: Db | Trx, raffleId: number, checkoutId: number): Promise<BlockState> {
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

async function raffleForBlocks(trx: Trx, raffleId: number): Promise<{ name: string; total_tickets: number; sales_closed_at: Date | null }> {
  const raffle = await trx('raffles').where({ id: raffleId }).first('name', 'total_tickets', 'sales_closed_at');
  if (!raffle) throw raffleError('RAFFLE_NOT_FOUND');
  return raffle;
}

/** The register's block and the numbers reserved to the others. */
export async function readTicketBlock(db: Db, raffleId: number, checkoutId: number): Promise<BlockState> {
  const raffle = await db('raffles').where({ id: raffleId }).first('id');
  if (!raffle) throw raffleError('RAFFLE_NOT_FOUND');
  return readBlock(db, raffleId, checkoutId);
}

/**
 * Tops the register's block up to `size` free numbers (the lowest numbers free everywhere); fewer
 * when the raffle has fewer free numbers. Numbers of the block sold meanwhile leave it. Idempotent.
 */
export async function topUpTicketBlock(db: Db, raffleId: number, checkoutId: number, size: number): Promise<BlockState> {
  return db.transaction(async (trx) => {
    await trx.raw('select pg_advisory_xact_lock(?, ?)', [RAFFLE_LOCK_CLASS, raffleId]);
    const raffle = await raffleForBlocks(trx, raffleId);
    if (raffle.sales_closed_at) throw raffleError('SALES_CLOSED', raffle.name);
    // Sold numbers leave every block: the table only keeps what may still be sold offline.
    await trx.raw(
      `delete from ticket_blocks b where b.raffle_id = ? and exists (select 1 from tickets t
         where t.raffle_id = b.raffle_id and t.number = b.number and t.status = 'sold')`,
      [raffleId],
    );
    const current = await readBlock(trx, raffleId, checkoutId);
    const missing = size - current.numbers.length;
    if (missing <= 0) return current;
    await trx.raw(
      `insert into ticket_blocks (raffle_id, number, checkout_id)
       select ?, n, ? from generate_series(1, ?::int) as n
       where not exists (select 1 from ticket_blocks b where b.raffle_id = ? and b.number = n)
         and not exists (select 1 from tickets t where t.raffle_id = ? and t.number = n and (t.status = 'sold' or t.expires_at > now()))
       order by n limit ?`,
      [raffleId, checkoutId, raffle.total_tickets, raffleId, raffleId, missing],
    );
    return readBlock(trx, raffleId, checkoutId);
  });
}

/**
 * Gives numbers of the register's block back to every register: those listed, or the whole block.
 * Numbers of another register's block are left alone. Idempotent.
 */
export async function giveBackTicketBlock(db: Db, raffleId: number, checkoutId: number, numbers?: number[]): Promise<BlockState> {
  const raffle = await db('raffles').where({ id: raffleId }).first('id');
  if (!raffle) throw raffleError('RAFFLE_NOT_FOUND');
  const query = db('ticket_blocks').where({ raffle_id: raffleId, checkout_id: checkoutId });
  if (numbers) query.whereIn('number', numbers);
  await query.delete();
  return readBlock(db, raffleId, checkoutId);
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
