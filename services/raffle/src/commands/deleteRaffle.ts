/**
 * Deleting a raffle created by mistake: only while it has no sales. Its ticket products leave the
 * registers (a last `raffle.configured` with no tiers, sales closed and no prizes, so accounting
 * drops its prize costs too), then the raffle goes with its tiers and prizes.
 */
import '../events.ts';
import { recordEvent } from '@kermesse/kit/bus';
import { type Db } from '@kermesse/kit/db';
import { raffleError } from '../errors.ts';
import { listIllustrations } from '../repositories/prizes.ts';
import { deleteRaffleRows, hasPaidSales, lockRaffleRow, ticketCounts } from '../repositories/raffles.ts';
import { SOURCE } from './recordRaffleConfigured.ts';

export const RAFFLE_HAS_SALES = (name: string) =>
  `Des tickets de « ${name} » ont déjà été vendus : une tombola avec des ventes ne peut pas être supprimée.`;
export const RAFFLE_TICKETS_HELD = (name: string) =>
  `Des tickets de « ${name} » sont en cours de vente sur une caisse : réessayez dans quelques instants.`;

/** DELETE /api/admin/raffle/{id}; answers the illustrations to remove from disk. */
export async function deleteRaffle(db: Db, raffleId: number): Promise<{ illustrations: string[] }> {
  return db.transaction(async (trx) => {
    const raffle = await lockRaffleRow(trx, raffleId);
    if (!raffle) throw raffleError('RAFFLE_NOT_FOUND');
    const name = raffle.name;
    const tickets = await ticketCounts(trx, raffleId);
    if (tickets.sold > 0 || (await hasPaidSales(trx, raffleId))) throw raffleError('RAFFLE_HAS_SALES', RAFFLE_HAS_SALES(name));
    if (tickets.held > 0) throw raffleError('RAFFLE_TICKETS_HELD', RAFFLE_TICKETS_HELD(name));

    const illustrations = await listIllustrations(trx, raffleId);
    if (raffle.event_id !== null) {
      await recordEvent(trx, SOURCE, 'raffle.configured', {
        raffleId,
        eventId: raffle.event_id,
        name,
        totalTickets: raffle.total_tickets,
        tiers: [],
        salesOpen: false,
        prizes: [],
      });
    }
    await deleteRaffleRows(trx, raffleId);
    return { illustrations };
  });
}
