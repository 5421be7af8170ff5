import '../events.ts';
import { recordEvent } from '@kermesse/kit/bus';
import { type Db } from '@kermesse/kit/db';
import { deriveWinners } from '@kermesse/contracts-raffle';
import { raffleError } from '../errors.ts';
import { lockRaffle, saveDrawing } from '../repositories/raffles.ts';
import { SOURCE } from './recordRaffleConfigured.ts';

/** Runs the drawing once: winners derived from the committed seed and list, the seed revealed. */
export async function runDrawing(db: Db, raffleId: number): Promise<void> {
  await db.transaction(async (trx) => {
    const raffle = await lockRaffle(trx, raffleId);
    if (!raffle) throw raffleError('RAFFLE_NOT_FOUND');
    if (raffle.drawn_at) throw raffleError('ALREADY_DRAWN');
    if (!raffle.sales_closed_at || !raffle.seed_hex) throw raffleError('SALES_NOT_CLOSED');
    const winners = await deriveWinners(raffle.seed_hex, raffle.committed_tickets ?? [], raffle.drawn_prizes ?? []);
    const drawnAt = await saveDrawing(trx, raffleId, winners);
    await recordEvent(trx, SOURCE, 'raffle.drawn', { raffleId, drawnAt: drawnAt.toISOString(), winners });
  });
}
