/** SQL of donations, donors, the association's settings and tax receipts (docs/tax-receipts.md). */
import type { Knex } from 'knex';
import type { EventPayloads } from '@kermesse/kit/bus';
import type { DonationMethod, DonorKind, ReceiptEligibility, ReceiptKind } from '@kermesse/contracts-accounting';

type Q = Knex | Knex.Transaction;

// ── The association ───────────────────────────────────────────────────────────────────────────────

export interface AssociationRow {
  name: string;
  address: string;
  postal_code: string;
  city: string;
  purpose: string;
  siren: string | null;
  eligibility: ReceiptEligibility;
  rup_decree_date: string | null;
  signatory: string;
  counterpart_cap_cents: number;
}

const NO_ASSOCIATION: AssociationRow = {
  name: '',
  address: '',
  postal_code: '',
  city: '',
  purpose: '',
  siren: null,
  eligibility: 'none',
  rup_decree_date: null,
  signatory: '',
  counterpart_cap_cents: 7300,
};

/** The association's settings (the defaults until a treasurer saves them: no receipts). */
export async function readAssociation(q: Q): Promise<AssociationRow> {
  const row = (await q('association')
    .where({ id: 1 })
    .first(
      'name',
      'address',
      'postal_code',
      'city',
      'purpose',
      'siren',
      'eligibility',
      q.raw("to_char(rup_decree_date, 'YYYY-MM-DD') as rup_decree_date"),
      'signatory',
      'counterpart_cap_cents',
    )) as AssociationRow | undefined;
  return row ?? NO_ASSOCIATION;
}

export async function saveAssociation(q: Q, values: AssociationRow): Promise<void> {
  await q('association')
    .insert({ id: 1, ...values, updated_at: q.fn.now() })
    .onConflict(['association_id', 'id'])
    .merge();
}

// ── Donors ────────────────────────────────────────────────────────────────────────────────────────

export interface DonorRow {
  id: number;
  kind: DonorKind;
  name: string;
  first_name: string | null;
  address: string;
  postal_code: string;
  city: string;
  email: string | null;
  siren: string | null;
}
const DONOR_COLUMNS = ['id', 'kind', 'name', 'first_name', 'address', 'postal_code', 'city', 'email', 'siren'] as const;

export async function listDonors(q: Q): Promise<DonorRow[]> {
  return (await q('donors')
    .select(...DONOR_COLUMNS)
    .orderBy([{ column: 'name' }, { column: 'first_name' }, { column: 'id' }])) as DonorRow[];
}

export async function findDonor(q: Q, id: number): Promise<DonorRow | undefined> {
  return (await q('donors')
    .where({ id })
    .first(...DONOR_COLUMNS)) as DonorRow | undefined;
}

export async function insertDonor(q: Q, values: Omit<DonorRow, 'id'>): Promise<number> {
  const [row] = (await q('donors').insert(values).returning('id')) as Array<{ id: number }>;
  return row!.id;
}

export async function updateDonor(q: Q, id: number, values: Omit<DonorRow, 'id'>): Promise<boolean> {
  return (await q('donors').where({ id }).update(values)) > 0;
}

/** A donor met again in an import: the same kind, name, first name and postal code. */
export async function findSameDonor(q: Q, values: Pick<DonorRow, 'kind' | 'name' | 'first_name' | 'postal_code'>): Promise<number | null> {
  const row = (await q('donors')
    .where({ kind: values.kind, postal_code: values.postal_code })
    .whereRaw('lower(name) = lower(?)', [values.name])
    .whereRaw("lower(coalesce(first_name, '')) = lower(?)", [values.first_name ?? ''])
    .first('id')) as { id: number } | undefined;
  return row?.id ?? null;
}

// ── Donations ─────────────────────────────────────────────────────────────────────────────────────

export interface DonationRow {
  id: number;
  source: string;
  origin: 'register' | 'import' | 'manual' | 'helloasso';
  donation_date: string;
  amount_cents: number;
  method: DonationMethod;
  counterpart_cents: number;
  counterpart_label: string | null;
  /** Given back with a refund of its sale. */
  refunded_cents: number;
  donor_id: number | null;
  buyer_name: string | null;
  receipt_id: number | null;
  receipt_year: number | null;
  receipt_number: number | null;
}

const donationSelect = (q: Q) =>
  q('donations as d')
    .leftJoin('tax_receipts as r', 'r.id', 'd.receipt_id')
    .select(
      'd.id',
      'd.source',
      'd.origin',
      q.raw("to_char(d.donation_date, 'YYYY-MM-DD') as donation_date"),
      'd.amount_cents',
      'd.method',
      'd.counterpart_cents',
      'd.counterpart_label',
      // What refunds of its sale gave back: their donation lines, taken by the sale's gifts in order;
      // a gift made on HelloAsso and refunded there is given back whole (docs/helloasso.md §7).
      q.raw(
        `least(d.amount_cents, coalesce((select greatest(0, least(d.amount_cents, coalesce(sum((l->>'totalCents')::int), 0)
            - coalesce((select sum(p.amount_cents) from donations p where p.sale_id = d.sale_id and p.id < d.id), 0)))
          from refunds f cross join jsonb_array_elements(f.lines) l
          where d.sale_id is not null and f.sale_id = d.sale_id and l->>'kind' = 'donation'), 0)
          + coalesce((select sum(h.amount_cents) from helloasso_items h where h.donation_id = d.id and h.refunded_on is not null), 0))::int
          as refunded_cents`,
      ),
      'd.donor_id',
      'd.buyer_name',
      'd.receipt_id',
      'r.year as receipt_year',
      'r.number as receipt_number',
    );

export async function listDonations(q: Q, year: number): Promise<DonationRow[]> {
  return (await donationSelect(q)
    .whereRaw('extract(year from d.donation_date) = ?', [year])
    .orderBy([
      { column: 'd.donation_date', order: 'desc' },
      { column: 'd.id', order: 'desc' },
    ])) as DonationRow[];
}

/** One donation, its row locked when `forUpdate` (issuing a receipt, editing it). */
export async function findDonation(q: Q, id: number, { forUpdate = false } = {}): Promise<DonationRow | undefined> {
  const query = donationSelect(q).where('d.id', id);
  if (forUpdate) void query.forUpdate('d');
  return (await query.first()) as DonationRow | undefined;
}

/** A donor's gifts of a year that no receipt states yet, locked for the annual receipt. */
export async function lockUnreceiptedDonations(q: Q, donorId: number, year: number): Promise<DonationRow[]> {
  return (await donationSelect(q)
    .where({ 'd.donor_id': donorId })
    .whereNull('d.receipt_id')
    .whereRaw('extract(year from d.donation_date) = ?', [year])
    .orderBy([{ column: 'd.donation_date' }, { column: 'd.id' }])
    .forUpdate('d')) as DonationRow[];
}

export interface NewDonation {
  source: string;
  origin: DonationRow['origin'];
  donation_date: string;
  amount_cents: number;
  method: DonationMethod;
  counterpart_cents: number;
  counterpart_label: string | null;
  donor_id: number | null;
}

/** Inserts a donation unless its source is known; returns its id, or null when it already was. */
export async function insertDonation(q: Q, values: NewDonation): Promise<number | null> {
  const rows = (await q('donations').insert(values).onConflict(['association_id', 'source']).ignore().returning('id')) as Array<{
    id: number;
  }>;
  return rows[0]?.id ?? null;
}

export async function findDonationIdBySource(q: Q, source: string): Promise<number | undefined> {
  return ((await q('donations').where({ source }).first('id')) as { id: number } | undefined)?.id;
}

export async function updateDonation(
  q: Q,
  id: number,
  values: Partial<Pick<DonationRow, 'donor_id' | 'counterpart_cents' | 'counterpart_label'>>,
): Promise<void> {
  if (Object.keys(values).length > 0) await q('donations').where({ id }).update(values);
}

type Completed = EventPayloads['sale.completed'];

/** The method a register's gift was paid by: the sale's largest payment (cash until a held sale is settled). */
function methodOf(sale: Completed): DonationMethod {
  const largest = [...sale.payments].sort((a, b) => b.amountCents - a.amountCents)[0];
  return largest?.method ?? 'ESP';
}

/**
 * The register's donation lines of new sales, in one statement inside the consumer's transaction: one
 * donation per line, keyed by sale and line, with the buyer's name when the register knew it. The
 * sale's entry already books them (7541), so they get no entry of their own.
 */
export async function insertRegisterDonations(trx: Knex.Transaction, sales: readonly Completed[], dayOf: (instant: string) => string) {
  const rows = sales.flatMap((sale) =>
    sale.lines.flatMap((line, index) =>
      line.kind === 'donation' && line.totalCents > 0
        ? [
            {
              source: `sale:${sale.saleId}:${index}`,
              sale_id: sale.saleId,
              donation_date: dayOf(sale.completedAt),
              amount_cents: line.totalCents,
              method: methodOf(sale),
              buyer_name: sale.buyer ? `${sale.buyer.firstname} ${sale.buyer.lastname}`.trim() : null,
              buyer_email: sale.buyer?.email ?? null,
              event_id: sale.eventId,
            },
          ]
        : [],
    ),
  );
  if (rows.length === 0) return;
  await trx.raw(
    `insert into donations (source, origin, sale_id, donation_date, amount_cents, method, buyer_name, buyer_email, event_id)
     select x.source, 'register', x.sale_id, x.donation_date, x.amount_cents, x.method, x.buyer_name, x.buyer_email, x.event_id
     from jsonb_to_recordset(?::jsonb) as x(source text, sale_id int, donation_date date, amount_cents int, method text, buyer_name text, buyer_email text, event_id int)
     on conflict (association_id, source) do nothing`,
    [JSON.stringify(rows)],
  );
}

// ── Receipts ──────────────────────────────────────────────────────────────────────────────────────

/**
 * The next receipt number of a year. The counter row is created or incremented in the caller's
 * transaction and stays locked until it ends: two receipts issued at once wait for each other, and a
 * receipt rolled back gives its number back — numbers have no gap (docs/tax-receipts.md §4).
 */
export async function nextReceiptNumber(trx: Knex.Transaction, year: number): Promise<number> {
  const row = (
    await trx.raw(
      `insert into receipt_counters (year, last_number) values (?, 1)
       on conflict (association_id, year) do update set last_number = receipt_counters.last_number + 1
       returning last_number`,
      [year],
    )
  ).rows[0] as { last_number: number };
  return row.last_number;
}

export interface ReceiptRow {
  id: number;
  year: number;
  number: number;
  kind: ReceiptKind;
  donor_id: number;
  donor: DonorRow;
  association: AssociationRow;
  amount_cents: number;
  issued_on: string;
  cancelled_on: string | null;
  cancel_reason: string | null;
}

const receiptSelect = (q: Q) =>
  q('tax_receipts').select(
    'id',
    'year',
    'number',
    'kind',
    'donor_id',
    'donor',
    'association',
    q.raw('amount_cents::int as amount_cents'),
    q.raw("to_char(issued_on, 'YYYY-MM-DD') as issued_on"),
    q.raw("to_char(cancelled_on, 'YYYY-MM-DD') as cancelled_on"),
    'cancel_reason',
  );

export async function insertReceipt(
  trx: Knex.Transaction,
  values: Omit<ReceiptRow, 'id' | 'cancelled_on' | 'cancel_reason'> & { issued_by: string | null },
  donations: ReadonlyArray<{ id: number; eligibleCents: number }>,
): Promise<number> {
  const [row] = (await trx('tax_receipts')
    .insert({ ...values, donor: JSON.stringify(values.donor), association: JSON.stringify(values.association) })
    .returning('id')) as Array<{ id: number }>;
  const id = row!.id;
  await trx('tax_receipt_donations').insert(donations.map((d) => ({ receipt_id: id, donation_id: d.id, eligible_cents: d.eligibleCents })));
  for (const d of donations) await trx('donations').where({ id: d.id }).update({ receipt_id: id, receipted_cents: d.eligibleCents });
  return id;
}

export async function listReceipts(q: Q, year: number): Promise<ReceiptRow[]> {
  return (await receiptSelect(q).where({ year }).orderBy('number', 'desc')) as ReceiptRow[];
}

export async function findReceipt(q: Q, id: number, { forUpdate = false } = {}): Promise<ReceiptRow | undefined> {
  const query = receiptSelect(q).where({ id });
  if (forUpdate) void query.forUpdate();
  return (await query.first()) as ReceiptRow | undefined;
}

/** The gifts a receipt states, as it stated them. */
export async function receiptDonations(
  q: Q,
  receiptId: number,
): Promise<Array<{ donation_date: string; amount_cents: number; eligible_cents: number; method: DonationMethod }>> {
  return (await q('tax_receipt_donations as rd')
    .join('donations as d', 'd.id', 'rd.donation_id')
    .where('rd.receipt_id', receiptId)
    .select(q.raw("to_char(d.donation_date, 'YYYY-MM-DD') as donation_date"), 'd.amount_cents', 'rd.eligible_cents', 'd.method')
    .orderBy([{ column: 'd.donation_date' }, { column: 'd.id' }])) as Array<{
    donation_date: string;
    amount_cents: number;
    eligible_cents: number;
    method: DonationMethod;
  }>;
}

/** Marks a receipt cancelled (its number stays used) and frees its gifts for a new receipt. */
export async function markReceiptCancelled(trx: Knex.Transaction, id: number, day: string, reason: string): Promise<void> {
  await trx('tax_receipts').where({ id }).update({ cancelled_on: day, cancel_reason: reason });
  await trx('donations').where({ receipt_id: id }).update({ receipt_id: null, receipted_cents: null });
}

/** The figures of CGI art. 222 bis for a year: receipts issued and not cancelled, by kind of donor. */
export async function declarationFigures(
  q: Q,
  year: number,
): Promise<{ individuals: number; individuals_cents: number; companies: number; companies_cents: number; cancelled: number }> {
  const row = (
    await q.raw(
      `select count(*) filter (where cancelled_on is null and donor->>'kind' = 'individual')::int as individuals,
              coalesce(sum(amount_cents) filter (where cancelled_on is null and donor->>'kind' = 'individual'), 0)::bigint as individuals_cents,
              count(*) filter (where cancelled_on is null and donor->>'kind' = 'company')::int as companies,
              coalesce(sum(amount_cents) filter (where cancelled_on is null and donor->>'kind' = 'company'), 0)::bigint as companies_cents,
              count(*) filter (where cancelled_on is not null)::int as cancelled
       from tax_receipts where year = ?`,
      [year],
    )
  ).rows[0] as { individuals: number; individuals_cents: string; companies: number; companies_cents: string; cancelled: number };
  return { ...row, individuals_cents: Number(row.individuals_cents), companies_cents: Number(row.companies_cents) };
}
