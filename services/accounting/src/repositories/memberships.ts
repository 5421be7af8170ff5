/** SQL of membership types, people and their memberships (docs/memberships.md). */
import type { Knex } from 'knex';
import type { Child, DonationMethod, MembershipScope } from '@kermesse/contracts-accounting';

type Q = Knex | Knex.Transaction;

export interface MembershipTypeRow {
  id: number;
  year: number;
  name: string;
  scope: MembershipScope;
  price_cents: number | null;
  members: number;
}

export async function listMembershipTypes(q: Q, year: number): Promise<MembershipTypeRow[]> {
  return (await q('membership_types as t')
    .where('t.year', year)
    .select(
      't.id',
      't.year',
      't.name',
      't.scope',
      't.price_cents',
      q.raw('(select count(*) from memberships m where m.type_id = t.id)::int as members'),
    )
    .orderBy('t.name')) as MembershipTypeRow[];
}

export async function findMembershipType(q: Q, id: number): Promise<MembershipTypeRow | undefined> {
  return (await q('membership_types').where({ id }).first('id', 'year', 'name', 'scope', 'price_cents', q.raw('0 as members'))) as
    MembershipTypeRow | undefined;
}

/** Inserts a type; null when the year already has one of that name. */
export async function insertMembershipType(q: Q, values: Omit<MembershipTypeRow, 'id' | 'members'>): Promise<number | null> {
  const rows = (await q('membership_types')
    .insert(values)
    .onConflict(['association_id', 'year', 'name'])
    .ignore()
    .returning('id')) as Array<{ id: number }>;
  return rows[0]?.id ?? null;
}

export interface PersonRow {
  id: number;
  last_name: string;
  first_name: string;
  email: string | null;
  phone: string | null;
  address: string;
  postal_code: string;
  city: string;
  consent_at: Date | null;
  consent_text: string | null;
  erased_at: Date | null;
}

export async function insertPerson(q: Q, values: Omit<PersonRow, 'id' | 'erased_at'>): Promise<number> {
  const [row] = (await q('people').insert(values).returning('id')) as Array<{ id: number }>;
  return row!.id;
}

export async function findPerson(q: Q, id: number, { forUpdate = false } = {}): Promise<PersonRow | undefined> {
  const query = q('people').where({ id }).first();
  if (forUpdate) void query.forUpdate();
  return (await query) as PersonRow | undefined;
}

/**
 * Erases a person's details on their request: the name becomes « Personne effacée », contacts,
 * address and children go; the memberships keep their year, type, amount and payment, which the
 * accounts must keep (docs/memberships.md §4).
 */
export async function erasePerson(trx: Knex.Transaction, id: number, erasedName: string): Promise<void> {
  await trx('people').where({ id }).update({
    last_name: erasedName,
    first_name: '',
    email: null,
    phone: null,
    address: '',
    postal_code: '',
    city: '',
    consent_text: null,
    erased_at: trx.fn.now(),
  });
  await trx('memberships')
    .where({ person_id: id })
    .update({ children: JSON.stringify([]) });
}

export interface MembershipRow {
  id: number;
  person_id: number;
  year: number;
  type_id: number;
  type_name: string;
  last_name: string;
  first_name: string;
  email: string | null;
  phone: string | null;
  address: string;
  postal_code: string;
  city: string;
  children: Child[];
  amount_cents: number;
  method: DonationMethod;
  paid_on: string;
  consent_at: Date | null;
  erased_at: Date | null;
}

const membershipSelect = (q: Q) =>
  q('memberships as m')
    .join('people as p', 'p.id', 'm.person_id')
    .join('membership_types as t', 't.id', 'm.type_id')
    .select(
      'm.id',
      'm.person_id',
      'm.year',
      'm.type_id',
      't.name as type_name',
      'p.last_name',
      'p.first_name',
      'p.email',
      'p.phone',
      'p.address',
      'p.postal_code',
      'p.city',
      'm.children',
      'm.amount_cents',
      'm.method',
      q.raw("to_char(m.paid_on, 'YYYY-MM-DD') as paid_on"),
      'p.consent_at',
      'p.erased_at',
    );

export async function listMemberships(q: Q, year: number): Promise<MembershipRow[]> {
  return (await membershipSelect(q)
    .where('m.year', year)
    .orderBy([{ column: 'p.last_name' }, { column: 'p.first_name' }, { column: 'm.id' }])) as MembershipRow[];
}

/** Last year's memberships of people not members this year (nor erased): who may renew. */
export async function listToRenew(q: Q, year: number): Promise<MembershipRow[]> {
  return (await membershipSelect(q)
    .where('m.year', year - 1)
    .whereNull('p.erased_at')
    .whereNotExists(q('memberships as n').whereRaw('n.person_id = m.person_id').andWhere('n.year', year))
    .orderBy([{ column: 'p.last_name' }, { column: 'p.first_name' }])) as MembershipRow[];
}

export async function findMembership(q: Q, id: number): Promise<MembershipRow | undefined> {
  return (await membershipSelect(q).where('m.id', id).first()) as MembershipRow | undefined;
}

export async function findMembershipBySource(q: Q, source: string): Promise<number | undefined> {
  return ((await q('memberships').where({ source }).first('id')) as { id: number } | undefined)?.id;
}

export async function listPersonMemberships(q: Q, personId: number): Promise<MembershipRow[]> {
  return (await membershipSelect(q).where('m.person_id', personId).orderBy('m.year')) as MembershipRow[];
}

export interface NewMembership {
  source: string;
  person_id: number;
  type_id: number;
  year: number;
  amount_cents: number;
  method: DonationMethod;
  paid_on: string;
  children: Child[];
}

/** Inserts a membership unless its source is known or the person is already a member that year; its id or null. */
export async function insertMembership(q: Q, values: NewMembership): Promise<number | null> {
  const rows = (await q('memberships')
    .insert({ ...values, children: JSON.stringify(values.children) })
    .onConflict()
    .ignore()
    .returning('id')) as Array<{ id: number }>;
  return rows[0]?.id ?? null;
}
