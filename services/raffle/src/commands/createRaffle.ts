import type { Db } from '@kermesse/kit/db';
import type { Tier } from '../rules/tierRules.ts';
import { insertRaffle, replaceTiers } from '../repositories/raffles.ts';
import { chooseEvent } from './chooseEvent.ts';
import { recordRaffleConfigured } from './recordRaffleConfigured.ts';

export interface RaffleSettings {
  tiers: Tier[];
  eventId?: number;
  name?: string;
  totalTickets?: number;
}

/** POST /api/admin/raffle: a new raffle with its tiers (defaults: « Tombola », 1 000 tickets). */
export async function createRaffle(db: Db, settings: RaffleSettings): Promise<number> {
  return db.transaction(async (trx) => {
    const eventId = await chooseEvent(trx, settings.eventId);
    const id = await insertRaffle(trx, { eventId, name: settings.name ?? 'Tombola', totalTickets: settings.totalTickets ?? 1000 });
    await replaceTiers(trx, id, settings.tiers);
    await recordRaffleConfigured(trx, id);
    return id;
  });
}
