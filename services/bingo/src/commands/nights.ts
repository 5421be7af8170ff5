/** Loto nights, their prizes and parties, with the checks of French law (L322-4). */
import { type Db } from '@kermesse/kit/db';
import { badRequest } from '@kermesse/kit/http';
import {
  cartonPriceAllowed,
  isCashPrize,
  lotosPerYearWarning,
  packPriceAllowed,
  packPriceTooHighMessage,
  LOTO_AMOUNT_RULES,
  type Night,
  type NightInput,
  type PartiesInput,
  type PrizeInput,
} from '@kermesse/contracts-bingo';
import { parseEuros } from '@kermesse/contracts-common';
import { bingoBadRequest, bingoConflict, bingoNotFound, invalidAmount, prizeNotFound } from '../errors.ts';
import {
  countNightsInYear,
  findNight,
  insertNight,
  lockNight,
  updateNight,
  type CartonPackRow,
  type NightRow,
  type NightWrite,
} from '../repositories/nights.ts';
import { findPrize, listPrizes, type PrizeWrite } from '../repositories/prizes.ts';
import { replaceParties } from '../repositories/game.ts';
import { recordBingoConfigured } from './configured.ts';
import { presentNight } from '../presenters/index.ts';

/** The night as the API shows it, with the law's warnings for its year. */
export async function nightWithWarnings(db: Db, row: NightRow): Promise<Night> {
  const year = Number(row.held_on.slice(0, 4));
  const warning = lotosPerYearWarning(year, await countNightsInYear(db, year));
  return presentNight(row, warning ? [warning] : []);
}

function nightWrite(input: NightInput): NightWrite {
  const cents = parseEuros(input.cartonPrice, LOTO_AMOUNT_RULES);
  if (cents === null) throw invalidAmount('cartonPrice');
  if (!cartonPriceAllowed(cents)) throw bingoBadRequest('CARTON_PRICE_TOO_HIGH');
  const name = input.name.trim();
  if (!name) throw bingoBadRequest('NAME_REQUIRED');
  return {
    name,
    held_on: input.heldOn,
    place: input.place?.trim() ?? '',
    carton_price_cents: cents,
    event_id: input.eventId,
    caller_emails: (input.callers ?? []).map((e) => e.trim().toLowerCase()).filter(Boolean),
    sales_open: input.salesOpen ?? true,
    ...(input.packs ? { carton_packs: JSON.stringify(packsWrite(input.packs)) } : {}),
  };
}

/**
 * Cartons by the pack (« 3 cartons 8 € »): each price read in euros; L322-4 limits the stake, so the
 * price of one carton of the pack (price ÷ size) must stay under 20 €, like the single carton's.
 */
function packsWrite(packs: NonNullable<NightInput['packs']>): CartonPackRow[] {
  const rows = packs.map((pack, index) => {
    const cents = parseEuros(pack.price, LOTO_AMOUNT_RULES);
    if (cents === null) throw invalidAmount(`packs[${index}].price`);
    if (!packPriceAllowed(cents, pack.nb)) {
      throw badRequest(packPriceTooHighMessage(pack.nb, cents)).withCode('PACK_PRICE_TOO_HIGH', { nb: pack.nb, priceCents: cents });
    }
    return { nb: pack.nb, priceCents: cents };
  });
  if (new Set(rows.map((r) => r.nb)).size !== rows.length) throw bingoBadRequest('PACK_TWICE');
  return rows.sort((a, b) => a.nb - b.nb);
}

export async function createNight(db: Db, input: NightInput): Promise<Night> {
  const values = nightWrite(input);
  const id = await db.transaction(async (trx) => {
    const created = await insertNight(trx, values);
    await recordBingoConfigured(trx, created);
    return created;
  });
  return nightWithWarnings(db, (await findNight(db, id))!);
}

export async function changeNight(db: Db, id: number, input: NightInput): Promise<Night> {
  const values = nightWrite(input);
  await db.transaction(async (trx) => {
    // Locked against a register claiming cartons meanwhile (it reads the night « for share »).
    const night = await lockNight(trx, id);
    if (!night) throw bingoNotFound();
    // Cartons already sold belong to the sales of their event's registers: the night stays there.
    if (night.event_locked && night.event_id !== values.event_id) throw bingoConflict('NIGHT_EVENT_LOCKED');
    await updateNight(trx, id, values);
    // Its event may have changed: accounting moves the prizes' costs with it.
    await recordBingoConfigured(trx, id);
  });
  return nightWithWarnings(db, (await findNight(db, id))!);
}

/** A prize form's values in cents, refused when it is cash (prizes are in kind). */
export function prizeWrite(input: PrizeInput): Omit<PrizeWrite, 'bingo_id'> {
  const label = input.label.trim();
  if (!label) throw bingoBadRequest('LABEL_REQUIRED');
  const price = parseEuros(input.price ?? '0', LOTO_AMOUNT_RULES);
  if (price === null) throw invalidAmount('price');
  const cost = parseEuros(input.cost ?? '0', LOTO_AMOUNT_RULES);
  if (cost === null) throw invalidAmount('cost');
  if (isCashPrize({ label, nature: input.nature })) throw bingoBadRequest('CASH_PRIZE');
  return { label, rank: input.rank, price_cents: price, cost_cents: cost, provider: input.provider.trim(), nature: input.nature ?? 'lot' };
}

/** Replaces the parties of a night; every prize named must belong to it. */
export async function setParties(db: Db, bingoId: number, input: PartiesInput): Promise<void> {
  await db.transaction(async (trx) => {
    if (!(await findNight(trx, bingoId))) throw bingoNotFound();
    const own = new Set((await listPrizes(trx, bingoId)).map((p) => p.id));
    for (const partie of input.parties) for (const id of partie.prizeIds) if (!own.has(id)) throw prizeNotFound();
    await replaceParties(trx, bingoId, input.parties);
  });
}

export async function prizeOf(db: Db, id: number) {
  const prize = await findPrize(db, id);
  if (!prize) throw prizeNotFound();
  return prize;
}
