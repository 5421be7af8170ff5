/**
 * Closing ticket sales (the commitment is published) and the drawing itself (once), see
 * contracts/raffle drawing.ts for the procedure anyone can check.
 */
import { randomBytes } from 'node:crypto';
import { recordEvent, type Db } from '@kermesse/kit';
import { commitmentOf, deriveWinners, drawingOrder, raffleMessage, ticketsHash, type DrawPrize } from '@kermesse/contracts-raffle';
import { raffleError } from '../errors.ts';
import { listPrizes } from '../repositories/prizes.ts';
import { lockRaffle } from '../repositories/raffles.ts';
import { lockRaffleExclusive } from '../repositories/locks.ts';
import { recordRaffleConfigured, SOURCE } from './configure.ts';

export const ALREADY_DRAWN = raffleMessage('ALREADY_DRAWN');

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
    const [pending] = await trx('tickets').where({ raffle_id: raffleId, status: 'held' }).where('expires_at', '>', trx.fn.now())
      .select(trx.raw('count(*)::int as n'));
    const held = (pending as { n: number }).n;
    if (held > 0) {
      throw raffleError('TICKETS_BEING_SOLD', held);
    }
    const tickets: number[] = (await trx('tickets').where({ raffle_id: raffleId, status: 'sold' }).whereNull('voided_at').orderBy('number').select('number'))
      .map((r: { number: number }) => r.number);
    // The prizes to draw (rank order and quantities) are frozen with the list of tickets.
    const prizes: DrawPrize[] = drawingOrder((await listPrizes(trx, raffleId)).map((p) => ({ id: p.id, rank: p.rank, quantity: p.quantity })));
    const seedHex = randomBytes(32).toString('hex');
    await trx('raffles').where({ id: raffleId }).update({
      sales_closed_at: trx.fn.now(),
      seed_hex: seedHex,
      commitment: await commitmentOf(seedHex),
      tickets_hash: await ticketsHash(tickets),
      committed_tickets: tickets,
      drawn_prizes: JSON.stringify(prizes),
      updated_at: trx.fn.now(),
    });
    await recordRaffleConfigured(trx, raffleId);
  });
}

/** Runs the drawing once: winners derived from the committed seed and list, the seed revealed. */
export async function runDrawing(db: Db, raffleId: number): Promise<void> {
  await db.transaction(async (trx) => {
    const raffle = await lockRaffle(trx, raffleId);
    if (!raffle) throw raffleError('RAFFLE_NOT_FOUND');
    if (raffle.drawn_at) throw raffleError('ALREADY_DRAWN');
    if (!raffle.sales_closed_at || !raffle.seed_hex) {
      throw raffleError('SALES_NOT_CLOSED');
    }
    const winners = await deriveWinners(raffle.seed_hex, raffle.committed_tickets ?? [], raffle.drawn_prizes ?? []);
    if (winners.length) {
      await trx('drawing_winners').insert(winners.map((w, position) => ({ raffle_id: raffleId, position, prize_id: w.prizeId, number: w.number })));
    }
    const [drawn] = await trx('raffles').where({ id: raffleId })
      .update({ drawn_at: trx.fn.now(), updated_at: trx.fn.now() }).returning('drawn_at');
    await recordEvent(trx, SOURCE, 'raffle.drawn', {
      raffleId, drawnAt: (drawn as { drawn_at: Date }).drawn_at.toISOString(), winners,
    });
  });
}
