/**
 * `bingo.configured`: a loto night's whole current state as accounting needs it (its event and its
 * prizes with their cost), recorded in the outbox in the same transaction as every change of the
 * night or of its prizes. The night's row is locked first, so two changes publish one after the
 * other and the later event carries both (latest state wins). It also carries what the register needs
 * to sell the night's cartons like raffle tickets: the carton price and the packs (tiers), how many
 * cartons exist, whether sales are open.
 */
import '../events.ts';
import { recordEvent } from '@kermesse/kit/bus';
import { type Db, type Trx } from '@kermesse/kit/db';
import { prizeNotFound } from '../errors.ts';
import { cartonCount } from '../repositories/game.ts';
import { lockNight } from '../repositories/nights.ts';
import { deletePrizeOfNight, insertPrize, listPrizes, updatePrize, type PrizeRow, type PrizeWrite } from '../repositories/prizes.ts';

export const SOURCE = 'bingo';

/** Records `bingo.configured` for a night; false when the night does not exist. */
export async function recordBingoConfigured(trx: Trx, bingoId: number): Promise<boolean> {
  const night = await lockNight(trx, bingoId);
  if (!night) return false;
  const prizes = await listPrizes(trx, bingoId);
  const totalCartons = await cartonCount(trx, bingoId);
  await recordEvent(trx, SOURCE, 'bingo.configured', {
    bingoId,
    eventId: night.event_id ?? null,
    name: night.name,
    heldOn: night.held_on,
    // A loto prize is one item (no quantity): its cost is spent once.
    prizes: prizes.map((p) => ({ id: p.id, name: p.label, quantity: 1, costCents: p.cost_cents })),
    cartonPriceCents: night.carton_price_cents,
    // The single carton, then each pack (« 3 cartons 8 € »): one register product per tier.
    tiers: [
      { nb: 1, priceCents: night.carton_price_cents },
      ...(night.carton_packs ?? []).filter((p) => p.nb > 1).map((p) => ({ nb: p.nb, priceCents: p.priceCents })),
    ],
    totalCartons,
    salesOpen: night.sales_open,
  });
  return true;
}

/** Adds a prize to a night and publishes the night. */
export async function addBingoPrize(db: Db, prize: PrizeWrite): Promise<PrizeRow> {
  return db.transaction(async (trx) => {
    // The night first: the prize's foreign key would share-lock it, and two prizes added at once
    // would each wait for the other's share to lock it for the event — a deadlock, answered 500.
    await lockNight(trx, prize.bingo_id);
    const row = await insertPrize(trx, prize);
    await recordBingoConfigured(trx, prize.bingo_id);
    return row;
  });
}

/** Corrects a prize (label, cost…) and publishes its night. */
export async function changeBingoPrize(db: Db, id: number, prize: Omit<PrizeWrite, 'bingo_id'>): Promise<PrizeRow> {
  return db.transaction(async (trx) => {
    const row = await updatePrize(trx, id, prize);
    if (!row) throw prizeNotFound();
    await recordBingoConfigured(trx, row.bingo_id);
    return row;
  });
}

/** Removes a prize and publishes its night. */
export async function removeBingoPrize(db: Db, id: number): Promise<void> {
  await db.transaction(async (trx) => {
    const bingoId = await deletePrizeOfNight(trx, id);
    if (bingoId === undefined) throw prizeNotFound();
    await recordBingoConfigured(trx, bingoId);
  });
}
