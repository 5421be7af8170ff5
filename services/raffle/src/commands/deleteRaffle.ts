/**
 * Deleting a raffle created by mistake: only while it has no sales. Its ticket products leave the
 * registers (a last `raffle.configured` with no tiers, sales closed and no prizes, so accounting
 * drops its prize costs too), then the raffle goes with its tiers and prizes.
 */
import { recordEvent, type Db } from '@kermesse/kit';
import { raffleError } from '../errors.ts';
import { SOURCE } from './configure.ts';

export const RAFFLE_HAS_SALES = (name: string) =>
  `Des tickets de « ${name} » ont déjà été vendus : une tombola avec des ventes ne peut pas être supprimée.`;
export const RAFFLE_TICKETS_HELD = (name: string) =>
  `Des tickets de « ${name} » sont en cours de vente sur une caisse : réessayez dans quelques instants.`;

/** DELETE /api/admin/raffle/{id}; answers the illustrations to remove from disk. */
export async function deleteRaffle(db: Db, raffleId: number): Promise<{ illustrations: string[] }> {
  return db.transaction(async (trx) => {
    const raffle = await trx('raffles').where({ id: raffleId }).forUpdate().first('id', 'name', 'event_id', 'total_tickets');
    if (!raffle) throw raffleError('RAFFLE_NOT_FOUND');
    const name = raffle.name as string;
    const [tickets] = await trx('tickets').where({ raffle_id: raffleId }).select(
      trx.raw(`count(*) filter (where status = 'sold')::int as sold`),
      trx.raw(`count(*) filter (where status = 'held' and expires_at > now())::int as held`),
    );
    const paid = await trx('raffle_sales').where({ raffle_id: raffleId }).first('sale_id');
    if ((tickets as { sold: number }).sold > 0 || paid) throw raffleError('RAFFLE_HAS_SALES', RAFFLE_HAS_SALES(name));
    if ((tickets as { held: number }).held > 0) throw raffleError('RAFFLE_TICKETS_HELD', RAFFLE_TICKETS_HELD(name));

    const illustrations = (await trx('prizes').where({ raffle_id: raffleId }).whereNotNull('illustration').pluck('illustration')) as string[];
    if (raffle.event_id !== null) {
      await recordEvent(trx, SOURCE, 'raffle.configured', {
        raffleId, eventId: raffle.event_id as number, name, totalTickets: raffle.total_tickets as number, tiers: [], salesOpen: false, prizes: [],
      });
    }
    await trx('drawing_winners').where({ raffle_id: raffleId }).delete();
    await trx('raffles').where({ id: raffleId }).delete();
    return { illustrations };
  });
}
