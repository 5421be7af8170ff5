import type { Db } from '@kermesse/kit/db';
import { raffleError } from '../errors.ts';
import { highestTakenNumber, lockRaffleRow, replaceTiers, updateRaffle } from '../repositories/raffles.ts';
import type { RaffleSettings } from './createRaffle.ts';
import { recordRaffleConfigured } from './recordRaffleConfigured.ts';

/** PUT /api/admin/raffle/{id}: new tiers, and optionally a new name or total of tickets. */
export async function updateRaffleSettings(db: Db, raffleId: number, settings: Omit<RaffleSettings, 'eventId'>): Promise<void> {
  await db.transaction(async (trx) => {
    const raffle = await lockRaffleRow(trx, raffleId);
    if (!raffle) throw raffleError('RAFFLE_NOT_FOUND');
    if (settings.totalTickets !== undefined && settings.totalTickets !== raffle.total_tickets) {
      if (raffle.sales_closed_at) throw raffleError('TOTAL_TICKETS_FROZEN');
      const highest = await highestTakenNumber(trx, raffleId);
      if (settings.totalTickets < highest) throw raffleError('TOTAL_BELOW_SOLD', highest);
    }
    await updateRaffle(trx, raffleId, { name: settings.name, totalTickets: settings.totalTickets });
    await replaceTiers(trx, raffleId, settings.tiers);
    await recordRaffleConfigured(trx, raffleId);
  });
}
