import '../events.ts';
import type { SalePayment } from '@kermesse/contracts-register/events';
import type { Db, Trx } from '@kermesse/kit/db';
import type { PricedLine } from '../cart/rules.ts';
import { journalCtes } from '../journal/journal.ts';

export interface SaleRow {
  id: number;
  reference: string;
  event_id: number;
  checkout_id: number;
  person_id: number | null;
  total_cents: number;
  paid_cents: number;
  payment_mode: 1 | 2 | 3 | 99;
  payment_status: 1 | 2 | 5;
  order_type: 'standard' | 'kermesse';
  claim_id: string | null;
  raffle_id: number | null;
  gift_basket_id: number | null;
  receipt_method: 'sms' | 'email' | 'print' | null;
  receipt_to: string | null;
  created_by: string;
  created_at: Date;
  settled_at: Date | null;
}

export interface PaymentRow {
  id: number;
  sale_id: number;
  method: 'CB' | 'ESP' | 'CHQ';
  mode: number;
  amount_cents: number;
  reference: string;
  created_at: Date;
}
export interface LineRow {
  product_id: number;
  name: string;
  category_id: number | null;
  category_name: string;
  unit_price_cents: number;
  quantity: number;
  total_cents: number;
  kind: PricedLine['kind'];
  click_and_collect: boolean;
}

export const findSaleByReference = (db: Db | Trx, reference: string): Promise<SaleRow | undefined> =>
  db('sales').where({ reference }).first();

export const findSale = (db: Db | Trx, id: number): Promise<SaleRow | undefined> => db('sales').where({ id }).first();

export const listLines = (db: Db | Trx, saleId: number): Promise<LineRow[]> =>
  db('sale_lines')
    .where({ sale_id: saleId })
    .orderBy('position')
    .select(
      'product_id',
      'name',
      'category_id',
      'category_name',
      'unit_price_cents',
      'quantity',
      'total_cents',
      'kind',
      'click_and_collect',
    );

export const listPayments = (db: Db | Trx, saleId: number): Promise<PaymentRow[]> =>
  db('payments').where({ sale_id: saleId }).orderBy('id').select('*');

export async function listTickets(db: Db | Trx, saleId: number): Promise<number[]> {
  const rows: Array<{ number: number }> = await db('sale_tickets').where({ sale_id: saleId }).orderBy('number').select('number');
  return rows.map((r) => r.number);
}

export const listBets = (db: Db | Trx, saleId: number): Promise<Array<{ type_id: number; weight: number }>> =>
  db('sale_bets').where({ sale_id: saleId }).orderBy(['type_id', 'weight']).select('type_id', 'weight');

export interface PendingSaleRow {
  id: number;
  reference: string;
  total_cents: number;
  paid_cents: number;
  created_at: Date;
  person_id: number | null;
  firstname: string | null;
  lastname: string | null;
  event_id: number;
  event_name: string;
  checkout_id: number;
  checkout_name: string;
}

/** Sales on hold (mode 99) of an event that still have something to pay, oldest first. */
export function listPendingSales(db: Db, eventId: number): Promise<PendingSaleRow[]> {
  return db('sales as s')
    .join('events as e', 'e.id', 's.event_id')
    .join('checkouts as c', 'c.id', 's.checkout_id')
    .leftJoin('persons as p', 'p.id', 's.person_id')
    .where('s.event_id', eventId)
    .andWhere('s.payment_mode', 99)
    .whereNull('s.settled_at')
    .orderBy('s.created_at')
    .orderBy('s.id')
    .select(
      's.id',
      's.reference',
      's.total_cents',
      's.paid_cents',
      's.created_at',
      's.person_id',
      'p.firstname',
      'p.lastname',
      's.event_id',
      'e.name as event_name',
      's.checkout_id',
      'c.name as checkout_name',
    );
}

export async function countPendingSales(db: Db, eventId: number): Promise<number> {
  const [row] = await db('sales').where({ event_id: eventId, payment_mode: 99 }).whereNull('settled_at').count({ count: '*' });
  return Number(row?.count ?? 0);
}

/**
 * Inserts the sale, its lines, tickets, bets, cartons, payments, its `sale.completed` outbox row, its
 * 'sale' journal record and the idempotent answer in one statement. The sale belongs to the register's
 * open till session (locked `for key share`, so a closing waits for it); with no open session nothing
 * is written and no row comes back: the caller opens one and writes again.
 * The journal head stays locked until the commit: the commit is asynchronous (`cfg`), so the lock is
 * not held through the WAL flush, and the caller waits for the flush after (`waitDurable`) — sales
 * still share their flushes (group commit) and an answer is only sent once the sale is durable.
 */
const WRITE_SALE = `
with cfg as (
  select set_config('synchronous_commit', 'off', true) as v
), sess as (
  select id from till_sessions where checkout_id = :checkoutId and closed_at is null for key share
), s as (
  insert into sales (id, reference, event_id, checkout_id, person_id, total_cents, paid_cents, payment_mode, payment_status,
                     order_type, claim_id, raffle_id, gift_basket_id, receipt_method, receipt_to, created_by, created_at, session_id)
  select :id, :reference, :eventId, :checkoutId, :personId, :totalCents, :paidCents, :paymentMode, :paymentStatus,
          :orderType, :claimId, :raffleId, :giftBasketId, :receiptMethod, :receiptTo, :createdBy, :createdAt, sess.id
  from sess
  returning id, session_id
), l as (
  insert into sale_lines (sale_id, position, product_id, name, category_id, category_name, unit_price_cents, quantity, total_cents, kind, click_and_collect)
  select :id, x.position, x.product_id, x.name, x.category_id, x.category_name, x.unit_price_cents, x.quantity, x.total_cents, x.kind, x.click_and_collect
  from jsonb_to_recordset(:lines::jsonb) as x(position int, product_id int, name text, category_id int, category_name text,
                                                unit_price_cents int, quantity int, total_cents int, kind text, click_and_collect boolean)
  where exists (select 1 from s)
), t as (
  insert into sale_tickets (sale_id, raffle_id, number) select :id, :raffleId, n from unnest(:tickets::int[]) as n where exists (select 1 from s)
), b as (
  insert into sale_bets (sale_id, gift_basket_id, type_id, weight)
  select :id, :giftBasketId, x.type_id, x.weight from jsonb_to_recordset(:bets::jsonb) as x(type_id int, weight int) where exists (select 1 from s)
), c as (
  insert into sale_cartons (sale_id, bingo_id, carton_number) select :id, :bingoId, n from unnest(:cartons::int[]) as n where exists (select 1 from s)
), p as (
  insert into payments (sale_id, method, mode, amount_cents, reference, created_by, created_at, session_id)
  select :id, x.method, :paymentMode, x.amount_cents, x.reference, :createdBy, :createdAt, s.session_id
  from s, jsonb_to_recordset(:payments::jsonb) as x(method text, amount_cents int, reference text)
), o as (
  insert into outbox (id, type, version, envelope, occurred_at) select :eventRowId, :eventType, :eventVersion, :envelope::jsonb, :occurredAt from s
), k as (
  update idempotency_keys set state = 'done', response_status = 201, response_body = :answer::jsonb
  where user_id = :keyUser and scope = :keyScope and key = :keyValue and exists (select 1 from s)
), ${journalCtes('exists (select 1 from s)')}
select s.id from s, cfg`;

/** Everything one sale writes (see `writeSale`). */
export interface SaleWrite {
  id: number;
  reference: string;
  eventId: number;
  checkoutId: number;
  personId: number | null;
  totalCents: number;
  paidCents: number;
  paymentMode: number;
  paymentStatus: number;
  orderType: 'standard' | 'kermesse';
  claimId: string | null;
  raffleId: number | null;
  giftBasketId: number | null;
  receiptMethod: 'sms' | 'email' | null;
  receiptTo: string | null;
  createdBy: string;
  createdAt: Date;
  lines: PricedLine[];
  tickets: number[];
  bets: Array<{ typeId: number; weight: number }>;
  bingoId: number | null;
  cartons: number[];
  payments: SalePayment[];
  /** The `sale.completed` outbox row (kit `outboxRow(…).row`). */
  event: { id: string; type: string; version: number; envelope: string; occurred_at: string };
  /** The idempotent answer and the key it completes (none: empty strings, nothing updated). */
  answer: unknown;
  key?: { user_id: string; scope: string; key: string };
  /** `journalBindings(…)` of the sale's journal record. */
  journal: Record<string, unknown>;
}

/** Writes a sale in one statement; false when its register has no open till session (nothing written). */
export async function writeSale(q: Db | Trx, sale: SaleWrite): Promise<boolean> {
  const result = (await q.raw(WRITE_SALE, {
    id: sale.id,
    reference: sale.reference,
    eventId: sale.eventId,
    checkoutId: sale.checkoutId,
    personId: sale.personId,
    totalCents: sale.totalCents,
    paidCents: sale.paidCents,
    paymentMode: sale.paymentMode,
    paymentStatus: sale.paymentStatus,
    orderType: sale.orderType,
    claimId: sale.claimId,
    raffleId: sale.raffleId,
    giftBasketId: sale.giftBasketId,
    receiptMethod: sale.receiptMethod,
    receiptTo: sale.receiptTo,
    createdBy: sale.createdBy,
    createdAt: sale.createdAt,
    lines: JSON.stringify(
      sale.lines.map((l, position) => ({
        position,
        product_id: l.productId,
        name: l.name,
        category_id: l.categoryId,
        category_name: l.categoryName,
        unit_price_cents: l.unitPriceCents,
        quantity: l.quantity,
        total_cents: l.totalCents,
        kind: l.kind,
        click_and_collect: l.clickAndCollect,
      })),
    ),
    tickets: sale.tickets,
    bets: JSON.stringify(sale.bets.map((b) => ({ type_id: b.typeId, weight: b.weight }))),
    bingoId: sale.bingoId,
    cartons: sale.cartons,
    payments: JSON.stringify(sale.payments.map((p) => ({ method: p.method, amount_cents: p.amountCents, reference: p.reference }))),
    eventRowId: sale.event.id,
    eventType: sale.event.type,
    eventVersion: sale.event.version,
    envelope: sale.event.envelope,
    occurredAt: sale.event.occurred_at,
    answer: JSON.stringify(sale.answer),
    keyUser: sale.key?.user_id ?? '',
    keyScope: sale.key?.scope ?? '',
    keyValue: sale.key?.key ?? '',
    ...sale.journal,
  })) as { rows: unknown[] };
  return result.rows.length > 0;
}

/** The sale a reader transaction paid (the transaction is locked by `lockCardTransaction`). */
export const markCardTransactionSold = (trx: Trx, transactionId: number, saleId: number, at: Date) =>
  trx('card_transactions').where({ id: transactionId }).update({ sale_id: saleId, updated_at: at });

/** A sale, locked for an update (two registers paying a sale on hold at once never overpay it). */
export const lockSale = (trx: Trx, id: number): Promise<SaleRow | undefined> => trx('sales').where({ id }).forUpdate().first();

/** Records one payment of a sale on hold; its id. */
export async function insertPayment(
  trx: Trx,
  payment: {
    saleId: number;
    method: 'CB' | 'ESP' | 'CHQ';
    mode: number;
    amountCents: number;
    reference: string;
    createdBy: string;
    sessionId: number;
  },
): Promise<number> {
  const [row] = await trx('payments')
    .insert({
      sale_id: payment.saleId,
      method: payment.method,
      mode: payment.mode,
      amount_cents: payment.amountCents,
      reference: payment.reference,
      created_by: payment.createdBy,
      session_id: payment.sessionId,
    })
    .returning('id');
  return (row as { id: number }).id;
}

/** What a sale on hold has been paid so far; settled (paid status) once nothing remains. */
export async function updateSalePaid(trx: Trx, id: number, paidCents: number, settled: { at: Date; status: number } | null): Promise<void> {
  await trx('sales')
    .where({ id })
    .update({ paid_cents: paidCents, ...(settled ? { settled_at: settled.at, payment_status: settled.status } : {}) });
}
