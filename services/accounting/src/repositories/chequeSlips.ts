/** The cheques the tills took (sales paid by cheque, in the books) and the slips they went to the bank on (docs/bank.md §2). */
import type { Knex } from 'knex';

type Q = Knex | Knex.Transaction;

export interface ChequeRow {
  sale_id: number;
  payment_index: number;
  sale_reference: string;
  cheque_number: string;
  amount_cents: number;
  sale_date: string;
  event_id: number;
  event_name: string;
}

const toCheque = (r: Record<string, unknown>): ChequeRow => ({
  sale_id: Number(r.sale_id),
  payment_index: Number(r.payment_index),
  sale_reference: String(r.sale_reference),
  cheque_number: String(r.cheque_number ?? ''),
  amount_cents: Number(r.amount_cents),
  sale_date: String(r.sale_date),
  event_id: Number(r.event_id),
  event_name: String(r.event_name ?? ''),
});

/**
 * The cheques no slip holds yet, oldest sale first: each cheque payment of a sale whose entry is
 * written (its money waits on 5112 until it is deposited).
 */
export async function undepositedCheques(q: Q, eventId?: number): Promise<ChequeRow[]> {
  const { rows } = await q.raw(
    `select s.sale_id, (p.ordinality - 1)::int as payment_index, s.reference as sale_reference,
        coalesce(p.value->>'reference', '') as cheque_number, (p.value->>'amountCents')::bigint as amount_cents,
        to_char(s.completed_at at time zone 'Europe/Paris', 'YYYY-MM-DD') as sale_date, s.event_id, coalesce(e.name, '') as event_name
      from sales s
      cross join lateral jsonb_array_elements(s.payments) with ordinality as p(value, ordinality)
      left join events e on e.id = s.event_id
      where p.value->>'method' = 'CHQ' and (p.value->>'amountCents')::bigint > 0 and s.entry_id is not null
        and (?::int is null or s.event_id = ?::int)
        and not exists (select 1 from cheque_slip_items i where i.sale_id = s.sale_id and i.payment_index = p.ordinality - 1)
      order by s.completed_at, s.sale_id, p.ordinality`,
    [eventId ?? null, eventId ?? null],
  );
  return (rows as Array<Record<string, unknown>>).map(toCheque);
}

/** Puts the cheques on the deposit; a cheque already on a slip breaks the unique index (23505). */
export async function insertSlipItems(q: Q, depositId: number, cheques: readonly ChequeRow[]): Promise<void> {
  for (let i = 0; i < cheques.length; i += 500)
    await q('cheque_slip_items').insert(
      cheques.slice(i, i + 500).map((c) => ({
        deposit_id: depositId,
        sale_id: c.sale_id,
        payment_index: c.payment_index,
        sale_reference: c.sale_reference,
        cheque_number: c.cheque_number,
        amount_cents: c.amount_cents,
        sale_date: c.sale_date,
      })),
    );
}

export interface ChequeSlipRow {
  id: number;
  deposit_date: string;
  amount_cents: number;
  entry_id: number;
  event_name: string | null;
  account: string;
  cheques: ChequeRow[];
}

/** The slips (deposits with cheques), newest first, or one of them. */
export async function chequeSlips(q: Q, id?: number): Promise<ChequeSlipRow[]> {
  const { rows } = await q.raw(
    `select d.id, to_char(d.deposit_date, 'YYYY-MM-DD') as deposit_date, d.amount_cents, d.entry_id, e.name as event_name,
        coalesce((select l.account from journal_lines l where l.entry_id = d.entry_id and l.debit_cents > 0 and l.account like '512%' limit 1), '512') as account
      from bank_deposits d left join events e on e.id = d.event_id
      where exists (select 1 from cheque_slip_items i where i.deposit_id = d.id) and (?::int is null or d.id = ?::int)
      order by d.deposit_date desc, d.id desc`,
    [id ?? null, id ?? null],
  );
  const slips = rows as Array<Record<string, unknown>>;
  if (slips.length === 0) return [];
  const items = (await q('cheque_slip_items as i')
    .leftJoin('bank_deposits as d', 'd.id', 'i.deposit_id')
    .leftJoin('sales as s', 's.sale_id', 'i.sale_id')
    .leftJoin('events as e', 'e.id', 's.event_id')
    .whereIn(
      'i.deposit_id',
      slips.map((s) => Number(s.id)),
    )
    .orderBy('i.id')
    .select(
      'i.deposit_id',
      'i.sale_id',
      'i.payment_index',
      'i.sale_reference',
      'i.cheque_number',
      'i.amount_cents',
      q.raw("to_char(i.sale_date, 'YYYY-MM-DD') as sale_date"),
      's.event_id',
      'e.name as event_name',
    )) as Array<Record<string, unknown>>;
  return slips.map((s) => ({
    id: Number(s.id),
    deposit_date: String(s.deposit_date),
    amount_cents: Number(s.amount_cents),
    entry_id: Number(s.entry_id),
    event_name: s.event_name === null ? null : String(s.event_name),
    account: String(s.account),
    cheques: items.filter((i) => Number(i.deposit_id) === Number(s.id)).map(toCheque),
  }));
}
