/** What `sale.completed` and `sale.refunded` write: sold tickets and bets, the revenue shares, conflicts. */
import type { Trx } from '@kermesse/kit/db';

/** The buyer snapshot written on every ticket and bet of a sale. */
export interface SaleSnapshot {
  claimId: string | null;
  saleId: number;
  reference: string;
  person: Array<string | number | null>;
  completedAt: string;
}

/** The claim is confirmed by its sale (its numbers never expire). */
export async function confirmClaimBySale(trx: Trx, claimId: string, saleId: number): Promise<void> {
  await trx('claims').where({ claim_id: claimId }).update({ status: 'confirmed', sale_id: saleId, settled_at: trx.fn.now() });
}

export const knownRaffleIds = async (trx: Trx, ids: number[]): Promise<Set<number>> =>
  new Set((await trx('raffles').whereIn('id', ids).select('id')).map((r: { id: number }) => r.id));

export const basketTypesOf = (trx: Trx, basketIds: number[]): Promise<Array<{ id: number; gift_basket_id: number }>> =>
  trx('gift_basket_types').whereIn('gift_basket_id', basketIds).select('id', 'gift_basket_id');

/** Sells the tickets to the buyer (held ones, or already this sale's); answers `raffleId:number` of those recorded. */
export async function sellTickets(
  trx: Trx,
  sale: SaleSnapshot,
  tickets: Array<{ raffleId: number; number: number }>,
): Promise<Set<string>> {
  const { rows } = (await trx.raw(
    `insert into tickets (raffle_id, number, status, claim_id, sale_id, sale_reference, person_id, firstname, lastname, email, phone, sold_at)
     select x.r, x.n, 'sold', ?::uuid, ?, ?, ?, ?, ?, ?, ?, ?::timestamptz from unnest(?::int[], ?::int[]) with ordinality as x(r, n, o) order by x.o
     on conflict (raffle_id, number) do update set status = 'sold', claim_id = excluded.claim_id, expires_at = null,
       sale_id = excluded.sale_id, sale_reference = excluded.sale_reference, person_id = excluded.person_id,
       firstname = excluded.firstname, lastname = excluded.lastname, email = excluded.email, phone = excluded.phone, sold_at = excluded.sold_at
     where tickets.status = 'held' or tickets.sale_id = excluded.sale_id
     returning raffle_id, number`,
    [
      sale.claimId,
      sale.saleId,
      sale.reference,
      ...sale.person,
      sale.completedAt,
      tickets.map((t) => t.raffleId),
      tickets.map((t) => t.number),
    ],
  )) as { rows: Array<{ raffle_id: number; number: number }> };
  return new Set(rows.map((r) => `${r.raffle_id}:${r.number}`));
}

/** Sells the bets to the buyer; answers `giftBasketId:weight` of those recorded. */
export async function sellBets(
  trx: Trx,
  sale: SaleSnapshot,
  bets: Array<{ giftBasketId: number; typeId: number; weight: number }>,
): Promise<Set<string>> {
  const { rows } = (await trx.raw(
    `insert into bets (gift_basket_id, weight, type_id, status, claim_id, sale_id, sale_reference, person_id, firstname, lastname, email, phone, sold_at)
     select x.g, x.w, x.t, 'sold', ?::uuid, ?, ?, ?, ?, ?, ?, ?, ?::timestamptz from unnest(?::int[], ?::int[], ?::int[]) with ordinality as x(g, w, t, o) order by x.o
     on conflict (gift_basket_id, weight) do update set type_id = excluded.type_id, status = 'sold', claim_id = excluded.claim_id, expires_at = null,
       sale_id = excluded.sale_id, sale_reference = excluded.sale_reference, person_id = excluded.person_id,
       firstname = excluded.firstname, lastname = excluded.lastname, email = excluded.email, phone = excluded.phone, sold_at = excluded.sold_at
     where bets.status = 'held' or bets.sale_id = excluded.sale_id
     returning gift_basket_id, weight`,
    [
      sale.claimId,
      sale.saleId,
      sale.reference,
      ...sale.person,
      sale.completedAt,
      bets.map((b) => b.giftBasketId),
      bets.map((b) => b.weight),
      bets.map((b) => b.typeId),
    ],
  )) as { rows: Array<{ gift_basket_id: number; weight: number }> };
  return new Set(rows.map((r) => `${r.gift_basket_id}:${r.weight}`));
}

/** What a claim held but its sale did not keep is free again. */
export async function freeUnkept(trx: Trx, claimId: string): Promise<void> {
  await trx('tickets').where({ claim_id: claimId, status: 'held' }).delete();
  await trx('bets').where({ claim_id: claimId, status: 'held' }).delete();
}

export type RevenueRow =
  | { sale_id: number; raffle_id: number; reference: string; tickets: number; revenue_cents: number }
  | { sale_id: number; gift_basket_id: number; reference: string; bets: number; revenue_cents: number };

/** What a sale paid per raffle (gift basket), once per sale. */
export async function insertRevenue(trx: Trx, kind: 'raffle' | 'giftbasket', rows: RevenueRow[]): Promise<void> {
  await trx(kind === 'raffle' ? 'raffle_sales' : 'gift_basket_sales')
    .insert(rows)
    .onConflict(kind === 'raffle' ? ['sale_id', 'raffle_id'] : ['sale_id', 'gift_basket_id'])
    .ignore();
}

/** A ticket or bet an event names but that cannot be recorded, kept for the organiser. */
export async function insertSaleConflict(
  trx: Trx,
  conflict: { saleId: number; reference: string; kind: string; detail: Record<string, unknown> },
): Promise<void> {
  await trx('sale_conflicts').insert({
    sale_id: conflict.saleId,
    reference: conflict.reference,
    kind: conflict.kind,
    detail: JSON.stringify(conflict.detail),
  });
}

/** A refund's snapshot written on the numbers it voids. */
export interface RefundSnapshot {
  saleId: number;
  reference: string;
  refundedAt: string;
  refundId: string;
}

/** Voids the refunded numbers of this sale (recorded as sold to it when its sale event is still to come); answers those voided. */
export async function voidTickets(
  trx: Trx,
  refund: RefundSnapshot,
  tickets: Array<{ raffleId: number; number: number }>,
): Promise<Set<string>> {
  const { rows } = (await trx.raw(
    `insert into tickets (raffle_id, number, status, sale_id, sale_reference, sold_at, voided_at, voided_by_refund)
     select x.r, x.n, 'sold', ?, ?, ?::timestamptz, ?::timestamptz, ?::uuid from unnest(?::int[], ?::int[]) as x(r, n)
     on conflict (raffle_id, number) do update set
       status = 'sold', sale_id = excluded.sale_id, sale_reference = excluded.sale_reference, expires_at = null,
       voided_at = coalesce(tickets.voided_at, excluded.voided_at), voided_by_refund = coalesce(tickets.voided_by_refund, excluded.voided_by_refund)
     where tickets.sale_id = excluded.sale_id or (tickets.status = 'held' and tickets.sale_id is null)
     returning raffle_id, number`,
    [
      refund.saleId,
      refund.reference,
      refund.refundedAt,
      refund.refundedAt,
      refund.refundId,
      tickets.map((t) => t.raffleId),
      tickets.map((t) => t.number),
    ],
  )) as { rows: Array<{ raffle_id: number; number: number }> };
  return new Set(rows.map((r) => `${r.raffle_id}:${r.number}`));
}

/** Voids the refunded bets of this sale; answers those voided. */
export async function voidBets(
  trx: Trx,
  refund: RefundSnapshot,
  bets: Array<{ giftBasketId: number; typeId: number; weight: number }>,
): Promise<Set<string>> {
  const { rows } = (await trx.raw(
    `insert into bets (gift_basket_id, weight, type_id, status, sale_id, sale_reference, sold_at, voided_at, voided_by_refund)
     select x.g, x.w, x.t, 'sold', ?, ?, ?::timestamptz, ?::timestamptz, ?::uuid from unnest(?::int[], ?::int[], ?::int[]) as x(g, w, t)
     on conflict (gift_basket_id, weight) do update set
       status = 'sold', sale_id = excluded.sale_id, sale_reference = excluded.sale_reference, expires_at = null,
       voided_at = coalesce(bets.voided_at, excluded.voided_at), voided_by_refund = coalesce(bets.voided_by_refund, excluded.voided_by_refund)
     where bets.sale_id = excluded.sale_id or (bets.status = 'held' and bets.sale_id is null)
     returning gift_basket_id, weight`,
    [
      refund.saleId,
      refund.reference,
      refund.refundedAt,
      refund.refundedAt,
      refund.refundId,
      bets.map((b) => b.giftBasketId),
      bets.map((b) => b.weight),
      bets.map((b) => b.typeId),
    ],
  )) as { rows: Array<{ gift_basket_id: number; weight: number }> };
  return new Set(rows.map((r) => `${r.gift_basket_id}:${r.weight}`));
}

/** What a refund gave back of a raffle's (basket's) revenue, once per refund. */
export async function insertRefundRevenue(
  trx: Trx,
  rows: Array<{ refund_id: string; kind: 'raffle' | 'giftbasket'; owner_id: number; sale_id: number; count: number; refund_cents: number }>,
): Promise<void> {
  await trx('refund_revenue').insert(rows).onConflict(['refund_id', 'kind', 'owner_id']).ignore();
}

/** Tickets written as sold outright (the demo's sales made before the fair). */
export async function insertSoldTickets(
  trx: Trx,
  rows: Array<Record<string, unknown> & { raffle_id: number; number: number }>,
): Promise<void> {
  await trx('tickets').insert(rows.map((row) => ({ status: 'sold', ...row })));
}

/** Bets written as sold outright (the demo's sales made before the fair). */
export async function insertSoldBets(
  trx: Trx,
  rows: Array<Record<string, unknown> & { gift_basket_id: number; weight: number; type_id: number }>,
): Promise<void> {
  await trx('bets').insert(rows.map((row) => ({ status: 'sold', ...row })));
}
