/**
 * `bingo.configured`: a loto night's whole current state as accounting needs it (its event and its
 * prizes with their cost), recorded in the outbox in the same transaction as every change of the
 * night or of its prizes. The night's row is locked first, so two changes publish one after the
 * other and the later event carries both (latest state wins). It also carries what the register needs
 * to sell the night's cartons like raffle tickets: the carton price and the packs (tiers), how many
 * cartons exist, whether sales are open.
 */
import { recordEvent, type Db, type Trx } from '@kermesse/kit';
import { prizeNotFound } from '../errors.ts';
import { insertPrize, listPrizes, updatePrize, type PrizeRow, type PrizeWrite } from '../repositories/prizes.ts';

export const SOURCE = 'bingo';

/** Records `bingo.configured` for a night; false when the night does not exist. */
export async function recordBingoConfigured(trx: Trx, bingoId: number): Promise<boolean> {
  const night = await trx('nights').where({ id: bingoId }).forUpdate()
    .first('id', 'event_id', 'name', 'carton_price_cents', 'sales_open', 'carton_packs', trx.raw("to_char(held_on, 'YYYY-MM-DD') as held_on"));
  if (!night) return false;
  const prizes = await listPrizes(trx, bingoId);
  const cartons = await trx('cartons').where({ bingo_id: bingoId }).first(trx.raw('coalesce(max(number), 0)::int as total'));
  await recordEvent(trx, SOURCE, 'bingo.configured', {
    bingoId, eventId: (night.event_id as number | null) ?? null, name: night.name as string, heldOn: night.held_on as string,
    // A loto prize is one item (no quantity): its cost is spent once.
    prizes: prizes.map((p) => ({ id: p.id, name: p.label, quantity: 1, costCents: p.cost_cents })),
    cartonPriceCents: night.carton_price_cents as number,
    // The single carton, then each pack (« 3 cartons 8 € »): one register product per tier.
    tiers: [{ nb: 1, priceCents: night.carton_price_cents as number },
      ...((night.carton_packs ?? []) as Array<{ nb: number; priceCents: number }>).filter((p) => p.nb > 1).map((p) => ({ nb: p.nb, priceCents: p.priceCents }))],
    totalCartons: (cartons as { total: number }).total,
    salesOpen: night.sales_open as boolean,
  });
  return true;
}

/** Adds a prize to a night and publishes the night. */
export async function addBingoPrize(db: Db, prize: PrizeWrite): Promise<PrizeRow> {
  return db.transaction(async (trx) => {
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
    const [row] = await trx('prizes').where({ id }).delete().returning('bingo_id');
    if (!row) throw prizeNotFound();
    await recordBingoConfigured(trx, (row as { bingo_id: number }).bingo_id);
  });
}

