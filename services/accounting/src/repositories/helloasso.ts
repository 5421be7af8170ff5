/** HelloAsso's account, the items imported and the payouts booked (docs/helloasso.md). */
import type { Knex } from 'knex';

type Q = Knex | Knex.Transaction;

export interface HelloAssoSettingsRow {
  organization_slug: string;
  client_id: string;
  client_secret: string | null;
  /** The secret of the notification URL (sealed when the install has a key). */
  notification_secret: string | null;
  updated_at: Date;
}

export async function readHelloAssoSettings(q: Q): Promise<HelloAssoSettingsRow | undefined> {
  return (await q('helloasso_settings').first('organization_slug', 'client_id', 'client_secret', 'notification_secret', 'updated_at')) as
    HelloAssoSettingsRow | undefined;
}

/** The association's one settings row, created on its first save; a secret left out keeps the stored one. */
export async function saveHelloAssoSettings(
  q: Q,
  values: { organization_slug: string; client_id: string; client_secret?: string },
): Promise<void> {
  const row = { ...values, updated_at: q.fn.now() };
  await q('helloasso_settings')
    .insert(row)
    .onConflict('association_id')
    .merge(values.client_secret === undefined ? ['organization_slug', 'client_id', 'updated_at'] : undefined);
}

/** Gives the notification URL its secret, once: a later save keeps the URL pasted in HelloAsso. */
export async function setHelloAssoNotificationSecret(q: Q, secret: string): Promise<void> {
  await q('helloasso_settings').whereNull('notification_secret').update({ notification_secret: secret });
}

/** Keeps a notification received under its key; false when the same one came before. */
export async function recordHelloAssoNotification(
  q: Q,
  values: { event_type: string; notification_key: string; form_type: string | null; form_slug: string | null },
): Promise<number | null> {
  const rows = (await q('helloasso_notifications')
    .insert(values)
    .onConflict(['association_id', 'notification_key'])
    .ignore()
    .returning('id')) as Array<{ id: number }>;
  return rows[0]?.id ?? null;
}

export async function setHelloAssoNotificationOutcome(q: Q, key: string, outcome: string): Promise<void> {
  await q('helloasso_notifications').where({ notification_key: key }).update({ outcome });
}

/** A form HelloAsso notified about: read again by the nightly pull, like a form imported by hand. */
export async function rememberHelloAssoForm(q: Q, form: { formType: string; formSlug: string }): Promise<void> {
  await q('helloasso_forms')
    .insert({ form_type: form.formType, form_slug: form.formSlug })
    .onConflict(['association_id', 'form_type', 'form_slug'])
    .ignore();
}

export interface HelloAssoItemRow {
  id: number;
  item_id: string;
  order_id: string;
  form_type: string;
  form_slug: string;
  kind: 'donation' | 'membership' | 'sale' | 'skipped';
  name: string;
  payer: string;
  amount_cents: number;
  paid_on: string;
  note: string | null;
  piece_ref: string | null;
  refunded_on: string | null;
  refund_piece_ref: string | null;
}

export type NewHelloAssoItem = Omit<HelloAssoItemRow, 'id' | 'piece_ref' | 'item_id' | 'order_id' | 'refunded_on' | 'refund_piece_ref'> & {
  item_id: number;
  order_id: number;
};

/** An imported item not refunded yet, locked until the transaction ends (a refund reverses it once). */
export async function lockUnrefundedHelloAssoItem(
  trx: Knex.Transaction,
  itemId: number,
): Promise<
  { id: number; kind: HelloAssoItemRow['kind']; amount_cents: number; entry_id: number | null; donation_id: number | null } | undefined
> {
  return (await trx('helloasso_items')
    .where({ item_id: itemId })
    .whereNull('refunded_on')
    .forUpdate()
    .first('id', 'kind', 'amount_cents', 'entry_id', 'donation_id')) as
    { id: number; kind: HelloAssoItemRow['kind']; amount_cents: number; entry_id: number | null; donation_id: number | null } | undefined;
}

export async function markHelloAssoItemRefunded(q: Q, id: number, refundedOn: string): Promise<void> {
  await q('helloasso_items').where({ id }).update({ refunded_on: refundedOn });
}

/** Inserts an item unless it was imported before; its id, or null when it was. */
export async function insertHelloAssoItem(q: Q, values: NewHelloAssoItem): Promise<number | null> {
  const rows = (await q('helloasso_items').insert(values).onConflict(['association_id', 'item_id']).ignore().returning('id')) as Array<{
    id: number;
  }>;
  return rows[0]?.id ?? null;
}

export async function linkHelloAssoItem(q: Q, id: number, values: { donation_id?: number; membership_id?: number; note?: string }) {
  await q('helloasso_items').where({ id }).update(values);
}

export async function listHelloAssoItems(q: Q, limit = 300): Promise<HelloAssoItemRow[]> {
  return (await q('helloasso_items as i')
    .leftJoin('journal_entries as e', 'e.id', 'i.entry_id')
    .leftJoin('journal_entries as r', 'r.id', 'i.refund_entry_id')
    .select(
      'i.id',
      'i.item_id',
      'i.order_id',
      'i.form_type',
      'i.form_slug',
      'i.kind',
      'i.name',
      'i.payer',
      'i.amount_cents',
      q.raw("to_char(i.paid_on, 'YYYY-MM-DD') as paid_on"),
      'i.note',
      'e.piece_ref',
      q.raw("to_char(i.refunded_on, 'YYYY-MM-DD') as refunded_on"),
      'r.piece_ref as refund_piece_ref',
    )
    .orderBy([
      { column: 'i.paid_on', order: 'desc' },
      { column: 'i.id', order: 'desc' },
    ])
    .limit(limit)) as HelloAssoItemRow[];
}

export interface HelloAssoPayoutRow {
  id: number;
  cash_out_id: string;
  paid_on: string;
  gross_cents: string;
  net_cents: string;
  fees_cents: string;
  payments: number;
  piece_ref: string;
}

/** Inserts a payout unless it was booked before; its id, or null when it was. */
export async function insertHelloAssoPayout(
  q: Q,
  values: { cash_out_id: number; paid_on: string; gross_cents: number; net_cents: number; fees_cents: number; payments: number },
): Promise<number | null> {
  const rows = (await q('helloasso_payouts')
    .insert(values)
    .onConflict(['association_id', 'cash_out_id'])
    .ignore()
    .returning('id')) as Array<{ id: number }>;
  return rows[0]?.id ?? null;
}

export async function listHelloAssoPayouts(q: Q): Promise<HelloAssoPayoutRow[]> {
  return (await q('helloasso_payouts as p')
    .join('journal_entries as e', 'e.id', 'p.entry_id')
    .select(
      'p.id',
      'p.cash_out_id',
      q.raw("to_char(p.paid_on, 'YYYY-MM-DD') as paid_on"),
      'p.gross_cents',
      'p.net_cents',
      'p.fees_cents',
      'p.payments',
      'e.piece_ref',
    )
    .orderBy([
      { column: 'p.paid_on', order: 'desc' },
      { column: 'p.id', order: 'desc' },
    ])) as HelloAssoPayoutRow[];
}

/** What HelloAsso still holds for the association: the balance of 467 over every year. */
export async function helloAssoPendingCents(q: Q): Promise<number> {
  const row = (await q('journal_lines')
    .where({ account: '467' })
    .first(q.raw('coalesce(sum(debit_cents - credit_cents), 0)::bigint as cents'))) as { cents: string };
  return Number(row.cents);
}

/** A member found again by name and e-mail (an import never makes the same person twice). */
export async function findPersonByNameAndEmail(
  q: Q,
  person: { last_name: string; first_name: string; email: string | null },
): Promise<number | null> {
  const row = (await q('people')
    .whereRaw('lower(last_name) = lower(?) and lower(first_name) = lower(?)', [person.last_name, person.first_name])
    .andWhereRaw('coalesce(lower(email), ?) = coalesce(lower(?), ?)', ['', person.email, ''])
    .whereNull('erased_at')
    .first('id')) as { id: number } | undefined;
  return row?.id ?? null;
}

/** A membership type of the year with that name, created at a free amount when the year has none. */
export async function membershipTypeNamed(q: Q, year: number, name: string): Promise<number> {
  await q('membership_types').insert({ year, name, scope: 'person', price_cents: null }).onConflict().ignore();
  const row = (await q('membership_types').where({ year, name }).first('id')) as { id: number };
  return row.id;
}

export interface HelloAssoFormRow {
  form_type: string;
  form_slug: string;
  event_id: number | null;
  last_pulled_at: Date | null;
  last_error: string | null;
}

/** Remembers a form read: the nightly pull reads it again. */
export async function recordHelloAssoForm(q: Q, form: { formType: string; formSlug: string }): Promise<void> {
  await q('helloasso_forms')
    .insert({ form_type: form.formType, form_slug: form.formSlug, last_pulled_at: q.fn.now(), last_error: null })
    .onConflict(['association_id', 'form_type', 'form_slug'])
    .merge(['last_pulled_at', 'last_error']);
}

/** Links a form to the fair whose gate checks its tickets (the form remembered if it was not). */
export async function linkHelloAssoFormEvent(q: Q, form: { formType: string; formSlug: string }, eventId: number): Promise<void> {
  await q('helloasso_forms')
    .insert({ form_type: form.formType, form_slug: form.formSlug, event_id: eventId })
    .onConflict(['association_id', 'form_type', 'form_slug'])
    .merge(['event_id']);
}

/** The fair a form's tickets are for, if it is linked to one. */
export async function helloAssoFormEvent(q: Q, form: { formType: string; formSlug: string }): Promise<number | null> {
  const row = (await q('helloasso_forms').where({ form_type: form.formType, form_slug: form.formSlug }).first('event_id')) as
    { event_id: number | null } | undefined;
  return row?.event_id ?? null;
}

/** What HelloAsso answered when the nightly pull could not read a form (shown on the screen). */
export async function recordHelloAssoFormError(q: Q, form: { formType: string; formSlug: string }, error: string): Promise<void> {
  await q('helloasso_forms').where({ form_type: form.formType, form_slug: form.formSlug }).update({ last_error: error });
}

export async function listHelloAssoForms(q: Q): Promise<HelloAssoFormRow[]> {
  return (await q('helloasso_forms')
    .select('form_type', 'form_slug', 'event_id', 'last_pulled_at', 'last_error')
    .orderBy(['form_type', 'form_slug'])) as HelloAssoFormRow[];
}
