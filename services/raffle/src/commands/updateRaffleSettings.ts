import type { Db } from '@kermesse/kit/db';
import { raffleError } from '../errors.ts';
import { sameTiers } from '../rules/tierRules.ts';
import {
  hasPaidSales,
  highestTakenNumber,
  listTiers,
  lockRaffleRow,
  replaceTiers,
  ticketCounts,
  updateRaffle,
} from '../repositories/raffles.ts';
import type { RaffleSettings } from './createRaffle.ts';
import { recordRaffleConfigured } from './recordRaffleConfigured.ts';

/**
 * PUT /api/admin/raffle/{id}: new tiers, and optionally a new name or total of tickets. Once a ticket
 * is sold the tiers stay as they are (the same tiers may be sent again with a new name): the registers
 * build their ticket products from them, and the buyers paid by them.
 */
export async function updateRaffleSettings(db: Db, raffleId: number, settings: Omit<RaffleSettings, 'eventId'>): Promise<void> {
  await db.transaction(async (trx) => {
    const raffle = await lockRaffleRow(trx, raffleId);
    if (!raffle) throw raffleError('RAFFLE_NOT_FOUND');
    if (settings.totalTickets !== undefined && settings.totalTickets !== raffle.total_tickets) {
      if (raffle.sales_closed_at) throw raffleError('TOTAL_TICKETS_FROZEN');
      const highest = await highestTakenNumber(trx, raffleId);
      if (settings.totalTickets < highest) throw raffleError('TOTAL_BELOW_SOLD', highest);
    }
    if (!sameTiers(await listTiers(trx, raffleId), settings.tiers)) {
      const tickets = await ticketCounts(trx, raffleId);
      if (tickets.sold > 0 || (await hasPaidSales(trx, raffleId))) throw raffleError('TIERS_FROZEN', raffle.name);
      if (tickets.held > 0) throw raffleError('TICKETS_BEING_SOLD', tickets.held);
    }
    await updateRaffle(trx, raffleId, { name: settings.name, totalTickets: settings.totalTickets });
    await replaceTiers(trx, raffleId, settings.tiers);
    await recordRaffleConfigured(trx, raffleId);
  });
}
