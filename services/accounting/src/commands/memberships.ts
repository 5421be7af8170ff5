/**
 * Joining, renewing and being erased (docs/memberships.md): each in one transaction; a paid membership
 * writes its entry (debit the payment's account, credit 756 Cotisations) under the journal lock, its
 * label naming the membership's number, never the person.
 */
import type { Knex } from 'knex';
import type { Db } from '@kermesse/kit/db';
import { ERASED_NAME, MEMBERSHIP_CONSENT_TEXT, type Child, type DonationMethod } from '@kermesse/contracts-accounting';
import { yearOf } from '../dates.ts';
import { memberAlreadyRenewed, memberAmountRequired, membershipTypeNotFound, memberNotFound, personErased, yearLocked } from '../errors.ts';
import { appendEntry, journalState, lockJournal } from '../repositories/journal.ts';
import {
  erasePerson,
  findMembershipBySource,
  findMembershipType,
  findPerson,
  insertMembership,
  insertPerson,
  listPersonMemberships,
  type MembershipTypeRow,
} from '../repositories/memberships.ts';
import { paymentAccount } from './donations.ts';

const MEMBERSHIP_ACCOUNT = '756';

export interface Payment {
  typeId: number;
  /** Cents paid; undefined takes the type's price. */
  amountCents: number | undefined;
  method: DonationMethod;
  paidOn: string;
}

/** The type and what is due: its price, or the amount given for a free-amount type. */
async function priced(trx: Knex.Transaction, payment: Payment): Promise<{ type: MembershipTypeRow; cents: number }> {
  const type = await findMembershipType(trx, payment.typeId);
  if (!type) throw membershipTypeNotFound();
  const cents = type.price_cents ?? payment.amountCents;
  if (cents === undefined) throw memberAmountRequired();
  return { type, cents };
}

/** Writes the membership and, when money came in, its entry; the id (the first one for a source already known). */
async function writeMembership(
  trx: Knex.Transaction,
  values: { source: string; personId: number; type: MembershipTypeRow; cents: number; payment: Payment; children: Child[] },
): Promise<number> {
  const id = await insertMembership(trx, {
    source: values.source,
    person_id: values.personId,
    type_id: values.type.id,
    year: values.type.year,
    amount_cents: values.cents,
    method: values.payment.method,
    paid_on: values.payment.paidOn,
    children: values.children,
  });
  if (id === null) throw memberAlreadyRenewed(values.type.year);
  if (values.cents === 0) return id;
  await lockJournal(trx);
  const year = yearOf(values.payment.paidOn);
  const state = await journalState(trx, year);
  if (state.yearLocked) throw yearLocked(year);
  const pieceRef = `M-${String(id).padStart(6, '0')}`;
  await appendEntry(
    trx,
    {
      journal: 'OD',
      date: values.payment.paidOn,
      pieceRef,
      label: `Adhésion ${values.type.year} ${pieceRef}`,
      eventId: null,
      source: `membership:${id}`,
      lines: [
        { account: paymentAccount(values.payment.method), debitCents: values.cents, creditCents: 0 },
        { account: MEMBERSHIP_ACCOUNT, debitCents: 0, creditCents: values.cents },
      ],
    },
    state,
    { table: 'memberships', key: 'id', id },
  );
  return id;
}

export interface NewMember {
  source: string;
  lastName: string;
  firstName: string;
  email: string | null;
  phone: string | null;
  address: string;
  postalCode: string;
  city: string;
  children: Child[];
  payment: Payment;
}

/** A new member: the person (with the consent they gave now) and their membership of the type's year. */
export async function addMember(db: Db, member: NewMember): Promise<number> {
  return db.transaction(async (trx) => {
    const known = await findMembershipBySource(trx, member.source);
    if (known) return known;
    const { type, cents } = await priced(trx, member.payment);
    const personId = await insertPerson(trx, {
      last_name: member.lastName,
      first_name: member.firstName,
      email: member.email,
      phone: member.phone,
      address: member.address,
      postal_code: member.postalCode,
      city: member.city,
      consent_at: new Date(),
      consent_text: MEMBERSHIP_CONSENT_TEXT,
    });
    return writeMembership(trx, { source: member.source, personId, type, cents, payment: member.payment, children: member.children });
  });
}

/** Renews a person in another year's type: their details and children carried over, this year's payment. */
export async function renewMember(db: Db, personId: number, payment: Payment): Promise<number> {
  return db.transaction(async (trx) => {
    const person = await findPerson(trx, personId, { forUpdate: true });
    if (!person) throw memberNotFound();
    if (person.erased_at) throw personErased();
    const { type, cents } = await priced(trx, payment);
    const source = `renewal:${personId}:${type.year}`;
    const known = await findMembershipBySource(trx, source);
    if (known) return known;
    const last = (await listPersonMemberships(trx, personId)).filter((m) => m.year < type.year).at(-1);
    return writeMembership(trx, { source, personId, type, cents, payment, children: last?.children ?? [] });
  });
}

/** Erases a person on request; their memberships keep what the accounts need. */
export async function erasePersonData(db: Db, personId: number): Promise<void> {
  await db.transaction(async (trx) => {
    const person = await findPerson(trx, personId, { forUpdate: true });
    if (!person) throw memberNotFound();
    if (person.erased_at) return;
    await erasePerson(trx, personId, ERASED_NAME);
  });
}
