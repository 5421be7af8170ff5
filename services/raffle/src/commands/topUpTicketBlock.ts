/**
 * Blocks of raffle numbers reserved in advance for one register (« hors ligne »): while it
 * has the network a register keeps a block of free numbers topped up (50 by default); with no network
 * it sells numbers of that block only, and its sale, sent later, is accepted because the number is in
 * its own block. A number in a block is offered to no other register and any other claim of it is
 * refused (commands/claimTicketsAndBets.ts calls `ticketsReservedElsewhere`), so no number is ever sold twice.
 *
 * A block is the set of `ticket_blocks` rows of (raffle, register) whose number is neither sold nor
 * held by a live claim. Reserving takes the raffle's exclusive advisory lock (the claims take the
 * shared one), so a number is never reserved while a claim is writing it.
 */
import type { Db } from '@kermesse/kit/db';
import { raffleError } from '../errors.ts';
import { lockRaffleExclusive } from '../repositories/locks.ts';
import { findRaffle } from '../repositories/raffles.ts';
import { pruneSoldFromBlocks, readTicketBlock, reserveBlockNumbers, type BlockState } from '../repositories/ticketBlocks.ts';

/**
 * Tops the register's block up to `size` free numbers (the lowest numbers free everywhere); fewer
 * when the raffle has fewer free numbers. Numbers of the block sold meanwhile leave it. Idempotent.
 */
export async function topUpTicketBlock(db: Db, raffleId: number, checkoutId: number, size: number): Promise<BlockState> {
  return db.transaction(async (trx) => {
    await lockRaffleExclusive(trx, raffleId);
    const raffle = await findRaffle(trx, raffleId);
    if (!raffle) throw raffleError('RAFFLE_NOT_FOUND');
    if (raffle.sales_closed_at) throw raffleError('SALES_CLOSED', raffle.name);
    await pruneSoldFromBlocks(trx, raffleId);
    const current = await readTicketBlock(trx, raffleId, checkoutId);
    const missing = size - current.numbers.length;
    if (missing <= 0) return current;
    await reserveBlockNumbers(trx, raffleId, checkoutId, raffle.total_tickets, missing);
    return readTicketBlock(trx, raffleId, checkoutId);
  });
}
