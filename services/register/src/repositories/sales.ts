import type { Db, Trx } from '@kermesse/kit';
import type { PricedLine } from '../cart/rules.ts';

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

export interface PaymentRow { id: number; sale_id: number; method: 'CB' | 'ESP' | 'CHQ'; mode: number; amount_cents: number; reference: string; created_at: Date }
export interface LineRow { product_id: number; name: string; category_id: number | null; category_name: string; unit_price_cents: number; quantity: number; total_cents: number; kind: PricedLine['kind']; click_and_collect: boolean }

export const findSaleByReference = (db: Db | Trx, reference: string): Promise<SaleRow | undefined> =>
  db('sales').where({ reference }).first();

export const findSale = (db: Db | Trx, id: number): Promise<SaleRow | undefined> => db('sales').where({ id }).first();

export const listLines = (db: Db | Trx, saleId: number): Promise<LineRow[]> =>
  db('sale_lines').where({ sale_id: saleId }).orderBy('position')
    .select('product_id', 'name', 'category_id', 'category_name', 'unit_price_cents', 'quantity', 'total_cents', 'kind', 'click_and_collect');

export const listPayments = (db: Db | Trx, saleId: number): Promise<PaymentRow[]> =>
  db('payments').where({ sale_id: saleId }).orderBy('id').select('*');

export async function listTickets(db: Db | Trx, saleId: number): Promise<number[]> {
  const rows: Array<{ number: number }> = await db('sale_tickets').where({ sale_id: saleId }).orderBy('number').select('number');
  return rows.map((r) => r.number);
}

export const listBets = (db: Db | Trx, saleId: number): Promise<Array<{ type_id: number; weight: number }>> =>
  db('sale_bets').where({ sale_id: saleId }).orderBy(['type_id', 'weight']).select('type_id', 'weight');

export interface PendingSaleRow {
  id: number; reference: string; total_cents: number; paid_cents: number; created_at: Date;
  person_id: number | null; firstname: string | null; lastname: string | null;
  event_id: number; event_name: string; checkout_id: number; checkout_name: string;
}

/** Sales on hold (mode 99) of an event that still have something to pay, oldest first. */
export function listPendingSales(db: Db, eventId: number): Promise<PendingSaleRow[]> {
  return db('sales as s')
    .join('events as e', 'e.id', 's.event_id')
    .join('checkouts as c', 'c.id', 's.checkout_id')
    .leftJoin('persons as p', 'p.id', 's.person_id')
    .where('s.event_id', eventId).andWhere('s.payment_mode', 99).whereNull('s.settled_at')
    .orderBy('s.created_at').orderBy('s.id')
    .select('s.id', 's.reference', 's.total_cents', 's.paid_cents', 's.created_at', 's.person_id', 'p.firstname', 'p.lastname',
      's.event_id', 'e.name as event_name', 's.checkout_id', 'c.name as checkout_name');
}

export async function countPendingSales(db: Db, eventId: number): Promise<number> {
  const [row] = await db('sales').where({ event_id: eventId, payment_mode: 99 }).whereNull('settled_at').count({ count: '*' });
  return Number(row?.count ?? 0);
}
