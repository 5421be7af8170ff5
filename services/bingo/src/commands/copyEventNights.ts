/**
 * Next year's fair (the back office's « Dupliquer »): the register announces the new event with
 * `catalog.event.created { sourceEventId }`, and each loto night of the source event comes back in it
 * — name, place, carton price and packs, callers, prizes (value, cost, provider), parties in order and
 * the tables of the seating plan — without cartons, sales, reserved seats or balls. Its date is the new
 * fair's first day, else the same day a year later. Done once per new event, inside the consumer's
 * transaction (inbox), and each copy is published as `bingo.configured` so the new fair's registers
 * offer its cartons and its result counts its prizes.
 */
import type { Trx } from '@kermesse/kit/db';
import { recordBingoConfigured } from './configured.ts';
import { hasCopiedNights, insertNight, listNightsOfEvent, type NightRow } from '../repositories/nights.ts';
import { insertPrize, listPrizes } from '../repositories/prizes.ts';
import { listParties, replaceParties } from '../repositories/game.ts';
import { listTables, replaceTables } from '../repositories/plan.ts';

/** `2026-06-13` → `2027-06-13` (29 February becomes 28). */
export function sameDayNextYear(day: string): string {
  const [year, month, date] = day.split('-');
  const next = `${Number(year) + 1}-${month}`;
  return month === '02' && date === '29' ? `${next}-28` : `${next}-${date}`;
}

export async function copyEventNights(trx: Trx, sourceEventId: number, eventId: number, startsOn: string | null): Promise<number> {
  if (await hasCopiedNights(trx, eventId)) return 0;
  const nights = await listNightsOfEvent(trx, sourceEventId);
  for (const night of nights) await copyNight(trx, night, eventId, startsOn ?? sameDayNextYear(night.held_on));
  return nights.length;
}

async function copyNight(trx: Trx, night: NightRow, eventId: number, heldOn: string): Promise<void> {
  const id = await insertNight(trx, {
    name: night.name,
    held_on: heldOn,
    place: night.place,
    carton_price_cents: night.carton_price_cents,
    event_id: eventId,
    caller_emails: night.caller_emails,
    sales_open: true,
    carton_packs: JSON.stringify(night.carton_packs ?? []),
    copied_from: night.id,
  });
  const prizeIds = new Map<number, number>();
  for (const prize of await listPrizes(trx, night.id)) {
    const { id: sourceId, ...values } = prize;
    prizeIds.set(sourceId, (await insertPrize(trx, { ...values, bingo_id: id })).id);
  }
  const parties = await listParties(trx, night.id);
  await replaceParties(
    trx,
    id,
    parties.map((p) => ({ kind: p.kind, prizeIds: p.prize_ids.flatMap((prizeId) => prizeIds.get(prizeId) ?? []) })),
  );
  // The plan's tables, not who sat at them; a night without a plan keeps the default one.
  const tables = await listTables(trx, night.id);
  if (tables.length) await replaceTables(trx, id, tables);
  await recordBingoConfigured(trx, id);
}
