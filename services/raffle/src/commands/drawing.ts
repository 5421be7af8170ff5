/**
 * Closing ticket sales (the commitment is published) and the drawing itself (once), see
 * drawing/derive.ts for the procedure anyone can check.
 */
import { randomBytes } from 'node:crypto';
import { conflict, notFound, recordEvent, type Db } from '@kermesse/kit';
import { commitmentOf, deriveWinners, drawingOrder, ticketsHash, type DrawPrize } from '../drawing/derive.ts';
import { listPrizes } from '../repositories/prizes.ts';
import { lockRaffle } from '../repositories/raffles.ts';
import { RAFFLE_LOCK_CLASS } from './claims.ts';
import { recordRaffleConfigured, SOURCE } from './configure.ts';

export const ALREADY_DRAWN = 'Le tirage au sort de cette tombola a déjà été effectué.';

/**
 * Closes the sales of a raffle: no claim is accepted afterwards, the sorted list of sold tickets is
 * frozen and hashed, the prizes to draw are frozen (rank order, quantities), a secret seed is drawn
 * and its SHA-256 published. Refused while a register
 * still holds numbers for a sale being written (its sale would miss the list).
 */
export async function closeSales(db: Db, raffleId: number): Promise<void> {
  await db.transaction(async (trx) => {
    const raffle = await lockRaffle(trx, raffleId);
    if (!raffle) throw notFound('Tombola introuvable.');
    if (raffle.sales_closed_at) throw conflict('La vente des tickets de cette tombola est déjà close.');
    // Waits for the claims in progress to commit; later ones will find the sales closed.
    await trx.raw('select pg_advisory_xact_lock(?, ?)', [RAFFLE_LOCK_CLASS, raffleId]);
    const [pending] = await trx('tickets').where({ raffle_id: raffleId, status: 'held' }).where('expires_at', '>', trx.fn.now())
      .select(trx.raw('count(*)::int as n'));
    const held = (pending as { n: number }).n;
    if (held > 0) {
      throw conflict(`${held} ticket(s) sont en cours de vente sur une caisse. Réessayez dans quelques instants.`);
    }
    const tickets: number[] = (await trx('tickets').where({ raffle_id: raffleId, status: 'sold' }).whereNull('voided_at').orderBy('number').select('number'))
      .map((r: { number: number }) => r.number);
    // The prizes to draw (rank order and quantities) are frozen with the list of tickets.
    const prizes: DrawPrize[] = drawingOrder((await listPrizes(trx, raffleId)).map((p) => ({ id: p.id, rank: p.rank, quantity: p.quantity })));
    const seedHex = randomBytes(32).toString('hex');
    await trx('raffles').where({ id: raffleId }).update({
      sales_closed_at: trx.fn.now(),
      seed_hex: seedHex,
      commitment: commitmentOf(seedHex),
      tickets_hash: ticketsHash(tickets),
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
    if (!raffle) throw notFound('Tombola introuvable.');
    if (raffle.drawn_at) throw conflict(ALREADY_DRAWN);
    if (!raffle.sales_closed_at || !raffle.seed_hex) {
      throw conflict("Clôturez d'abord la vente des tickets : l'engagement du tirage doit être publié avant le tirage.");
    }
    const winners = deriveWinners(raffle.seed_hex, raffle.committed_tickets ?? [], raffle.drawn_prizes ?? []);
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
