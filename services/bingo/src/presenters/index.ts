/** Rows → the API shapes of docs/spec.md §3 (prizes, seat plan) and of the loto night. */
import {
  cartonCode,
  DEFAULT_SEATS_PER_TABLE,
  DEFAULT_TABLES,
  PARTIE_LABELS,
  tableLabel,
  type CartonShape,
  type Night,
  type Partie,
  type Prize,
  type SeatPlan,
} from '@kermesse/contracts-bingo';
import { decimalAmount } from '@kermesse/contracts-common';
import type { NightRow } from '../repositories/nights.ts';
import type { PrizeRow } from '../repositories/prizes.ts';
import type { ReservationRow, TableRow } from '../repositories/plan.ts';
import type { CartonRow, PartieRow } from '../repositories/game.ts';

export const presentPrize = (row: PrizeRow): Prize => ({
  id: row.id,
  label: row.label,
  rank: row.rank,
  price: decimalAmount(row.price_cents),
  cost: decimalAmount(row.cost_cents),
  provider: row.provider,
  nature: row.nature,
  bingoId: row.bingo_id,
});

/** The tables of a night, or the default plan of docs/spec.md §9 (30 tables of 6 seats) when it has none. */
export const planTables = (tables: TableRow[]): TableRow[] =>
  tables.length
    ? tables
    : Array.from({ length: DEFAULT_TABLES }, (_, i) => ({ table_no: i + 1, name: null, seats: DEFAULT_SEATS_PER_TABLE }));

export function presentPlan(tables: TableRow[], reservations: ReservationRow[]): SeatPlan {
  const names = new Map(reservations.map((r) => [`${r.table_no}:${r.seat_no}`, r.name]));
  return {
    tables: planTables(tables).map((t) => ({
      tableId: t.table_no,
      label: tableLabel(t.table_no, t.name),
      seats: Array.from({ length: t.seats }, (_, i) => {
        const name = names.get(`${t.table_no}:${i + 1}`) ?? null;
        return { seatId: i + 1, name, reserved: name !== null };
      }),
    })),
  };
}

export const presentNight = (row: NightRow, warnings: string[] = []): Night => ({
  id: row.id,
  name: row.name,
  heldOn: row.held_on,
  cartonPrice: decimalAmount(row.carton_price_cents),
  eventId: row.event_id,
  eventName: row.event_name,
  eventLocked: row.event_locked,
  place: row.place,
  callers: row.caller_emails,
  salesOpen: row.sales_open,
  packs: (row.carton_packs ?? []).map((p) => ({ nb: p.nb, price: decimalAmount(p.priceCents) })),
  warnings,
});

export function presentPartie(row: PartieRow, prizes: PrizeRow[]): Partie {
  const byId = new Map(prizes.map((p) => [p.id, p]));
  return {
    number: row.number,
    kind: row.kind,
    kindLabel: PARTIE_LABELS[row.kind],
    prizes: row.prize_ids
      .map((id) => byId.get(id))
      .filter((p): p is PrizeRow => !!p)
      .map((p) => ({ id: p.id, label: p.label, rank: p.rank })),
  };
}

export const presentCarton = (row: CartonRow): CartonShape => ({
  number: row.number,
  code: cartonCode(row.number),
  grid: row.grid,
  buyer: row.buyer_name ?? row.buyer,
  sold: row.sold ?? false,
  ...(row.voided ? { voided: true } : {}),
  buyerEmail: row.buyer_email ?? null,
  buyerPhone: row.buyer_phone ?? null,
  saleReference: row.sale_reference ?? null,
});
