/**
 * Closing ticket sales publishes the drawing's commitment (contracts/raffle drawing.ts describes
 * the procedure anyone can check).
 */
import { randomBytes } from 'node:crypto';
import type { Db } from '@kermesse/kit/db';
import { commitmentOf, drawingOrder, ticketsHash, type DrawPrize } from '@kermesse/contracts-raffle';
import { raffleError } from '../errors.ts';
import { lockRaffleExclusive } from '../repositories/locks.ts';
import { listPrizes } from '../repositories/prizes.ts';
import { countLiveHeldTickets, listSoldNumbers, lockRaffle, saveCommitment } from '../repositories/raffles.ts';
import { recordRaffleConfigured } from './recordRaffleConfigured.ts';

/**
 * Closes the sales of a raffle: no claim is accepted afterwards, the sorted list of sold tickets is
 * frozen and hashed, the prizes to draw are frozen (rank order, quantities), a secret seed is drawn
 * and its SHA-256 published. Refused while a register
 * still holds numbers for a sale being written (its sale would miss the list).
 */
export async function closeSales(db: Db, raffleId: number): Promise<void> {
  await db.transaction(async (trx) => {
    const raffle = await lockRaffle(trx, raffleId);
    if (!raffle) throw raffleError('RAFFLE_NOT_FOUND');
    if (raffle.sales_closed_at) throw raffleError('SALES_ALREADY_CLOSED');
    // Waits for the claims in progress to commit; later ones will find the sales closed.
    await lockRaffleExclusive(trx, raffleId);
    const held = await countLiveHeldTickets(trx, raffleId);
    if (held > 0) throw raffleError('TICKETS_BEING_SOLD', held);
    const tickets = await listSoldNumbers(trx, raffleId);
    // The prizes to draw (rank order and quantities) are frozen with the list of tickets.
    const prizes: DrawPrize[] = drawingOrder(
      (await listPrizes(trx, raffleId)).map((p) => ({ id: p.id, rank: p.rank, quantity: p.quantity })),
    );
    const seedHex = randomBytes(32).toString('hex');
    await saveCommitment(trx, raffleId, {
      seedHex,
      commitment: await commitmentOf(seedHex),
      ticketsHash: await ticketsHash(tickets),
      tickets,
      prizes,
    });
    await recordRaffleConfigured(trx, raffleId);
  });
}
