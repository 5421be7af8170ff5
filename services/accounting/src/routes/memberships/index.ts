/**
 * Memberships (docs/memberships.md): a year's types, its members (list, CSV export), joining with
 * consent, renewal from last year, and a person's data exported or erased on request (RGPD).
 */
import { randomUUID } from 'node:crypto';
import { type Db } from '@kermesse/kit/db';
import { defineRoute, Router } from '@kermesse/kit/http';
import {
  DONATION_METHOD_LABELS,
  MEMBERSHIP_SCOPE_LABELS,
  MemberInput,
  MembersQuery,
  MembershipTypeInput,
  PersonParams,
  RenewalInput,
  MemberAnswer,
  MemberList,
  MembershipTypeAnswer,
  PersonExport,
  type Member,
  type MembershipType,
} from '@kermesse/contracts-accounting';
import { toEuros } from '@kermesse/contracts-common';
import { addMember, erasePersonData, renewMember } from '../../commands/memberships.ts';
import { dayInFrance, yearOf } from '../../dates.ts';
import { memberConsentRequired, memberNotFound, membershipTypeExists, personErased } from '../../errors.ts';
import {
  findMembership,
  findPerson,
  insertMembershipType,
  listMembershipTypes,
  listMemberships,
  listPersonMemberships,
  listToRenew,
  type MembershipRow,
  type MembershipTypeRow,
} from '../../repositories/memberships.ts';
import { csvAmount, sendCsv, wantsCsv } from '../csv.ts';
import { centsOf } from '../money.ts';

const TREASURER = ['treasurer'] as const;
const BASE = '/api/admin/accountancy';

const presentType = (row: MembershipTypeRow): MembershipType => ({
  id: row.id,
  year: row.year,
  name: row.name,
  scope: row.scope,
  price: row.price_cents === null ? null : toEuros(row.price_cents),
  members: row.members,
});

function presentMember(row: MembershipRow): Member {
  return {
    id: row.id,
    personId: row.person_id,
    year: row.year,
    typeId: row.type_id,
    typeName: row.type_name,
    lastName: row.last_name,
    firstName: row.first_name,
    email: row.email,
    phone: row.phone,
    address: row.address,
    postalCode: row.postal_code,
    city: row.city,
    children: row.children,
    amount: toEuros(row.amount_cents),
    method: row.method,
    paidOn: row.paid_on,
    consentAt: row.consent_at ? new Date(row.consent_at).toISOString() : null,
    erased: row.erased_at !== null,
  };
}

export function membershipRoutes({ db }: { db: Db }): Router {
  const router = new Router();

  async function answerOf(id: number): Promise<MemberAnswer> {
    const row = await findMembership(db, id);
    if (!row) throw memberNotFound();
    return { member: presentMember(row) };
  }

  defineRoute(router, {
    method: 'post',
    path: `${BASE}/membership-types`,
    summary: "Ajouter un type d'adhésion pour une année",
    deprecated: 'Création enveloppée dans { type } au lieu de l’objet au premier niveau.',
    responses: { 201: MembershipTypeAnswer },
    errors: { 400: ['AMOUNT_INVALID'], 409: ['MEMBERSHIP_TYPE_EXISTS'] },
    roles: TREASURER,
    body: MembershipTypeInput,
    status: 201,
    handler: async ({ body }): Promise<{ type: MembershipType }> => {
      const name = body.name.trim();
      const price =
        body.price === undefined || body.price === null || body.price === '' ? null : centsOf(body.price, 'price', { allowZero: true });
      const id = await insertMembershipType(db, { year: body.year, name, scope: body.scope, price_cents: price });
      if (id === null) throw membershipTypeExists(name, body.year);
      return { type: presentType({ id, year: body.year, name, scope: body.scope, price_cents: price, members: 0 }) };
    },
  });

  defineRoute(router, {
    method: 'get',
    path: `${BASE}/members`,
    summary: "Lister les adhérents d'une année (CSV avec format=csv)",
    description: 'En JSON ; un fichier CSV des adhérents avec `?format=csv`.',
    responses: { 200: MemberList },
    roles: TREASURER,
    query: MembersQuery,
    handler: async ({ ctx, query }): Promise<MemberList | undefined> => {
      const year = query.year ?? yearOf(dayInFrance(new Date()));
      const [types, members, toRenew] = await Promise.all([
        listMembershipTypes(db, year),
        listMemberships(db, year),
        listToRenew(db, year),
      ]);
      if (!wantsCsv(query))
        return { year, types: types.map(presentType), members: members.map(presentMember), toRenew: toRenew.map(presentMember) };
      const scopeOf = new Map(types.map((t) => [t.id, MEMBERSHIP_SCOPE_LABELS[t.scope]]));
      sendCsv(ctx, `adherents-${year}.csv`, [
        [
          'Nom',
          'Prénom',
          'Adhésion',
          'Portée',
          'Montant',
          'Mode de versement',
          'Date',
          'E-mail',
          'Téléphone',
          'Adresse',
          'Code postal',
          'Ville',
          'Enfants et classes',
          'Consentement',
        ],
        ...members.map((m) => [
          m.last_name,
          m.first_name,
          m.type_name,
          scopeOf.get(m.type_id) ?? '',
          csvAmount(toEuros(m.amount_cents)),
          DONATION_METHOD_LABELS[m.method],
          m.paid_on,
          m.email ?? '',
          m.phone ?? '',
          m.address,
          m.postal_code,
          m.city,
          m.children.map((c) => (c.className ? `${c.firstName} (${c.className})` : c.firstName)).join(', '),
          m.consent_at ? dayInFrance(new Date(m.consent_at)) : '',
        ]),
      ]);
      return undefined;
    },
  });

  defineRoute(router, {
    method: 'post',
    path: `${BASE}/members`,
    summary: 'Enregistrer une adhésion (avec le consentement de la personne)',
    deprecated: 'Création enveloppée dans { member } au lieu de l’objet au premier niveau.',
    responses: { 201: MemberAnswer },
    errors: {
      400: ['MEMBER_CONSENT_REQUIRED', 'MEMBER_AMOUNT_REQUIRED', 'AMOUNT_INVALID'],
      404: ['MEMBERSHIP_TYPE_NOT_FOUND'],
      409: ['MEMBER_ALREADY_RENEWED', 'YEAR_LOCKED'],
    },
    roles: TREASURER,
    body: MemberInput,
    status: 201,
    handler: async ({ ctx, body }): Promise<MemberAnswer> => {
      if (!body.consent) throw memberConsentRequired();
      // A retried request (same Idempotency-Key) finds its first membership instead of writing a second.
      const key = ctx.get('Idempotency-Key').trim().slice(0, 100) || randomUUID();
      const id = await addMember(db, {
        source: `manual:${key}`,
        lastName: body.lastName.trim(),
        firstName: body.firstName.trim(),
        email: body.email?.trim() || null,
        phone: body.phone?.trim() || null,
        address: body.address?.trim() ?? '',
        postalCode: body.postalCode?.trim() ?? '',
        city: body.city?.trim() ?? '',
        children: (body.children ?? []).map((c) => ({ firstName: c.firstName.trim(), className: c.className.trim() })),
        payment: {
          typeId: body.typeId,
          amountCents: body.amount === undefined ? undefined : centsOf(body.amount, 'amount', { allowZero: true }),
          method: body.method,
          paidOn: body.paidOn,
        },
      });
      return answerOf(id);
    },
  });

  defineRoute(router, {
    method: 'post',
    path: `${BASE}/people/:personId/renewal`,
    summary: "Renouveler l'adhésion d'une personne pour une nouvelle année",
    deprecated: 'Création enveloppée dans { member } au lieu de l’objet au premier niveau.',
    responses: { 201: MemberAnswer },
    errors: {
      400: ['MEMBER_AMOUNT_REQUIRED', 'AMOUNT_INVALID'],
      404: ['MEMBER_NOT_FOUND', 'MEMBERSHIP_TYPE_NOT_FOUND'],
      409: ['PERSON_ERASED', 'MEMBER_ALREADY_RENEWED', 'YEAR_LOCKED'],
    },
    roles: TREASURER,
    params: PersonParams,
    body: RenewalInput,
    status: 201,
    handler: async ({ params, body }): Promise<MemberAnswer> => {
      const id = await renewMember(db, params.personId, {
        typeId: body.typeId,
        amountCents: body.amount === undefined ? undefined : centsOf(body.amount, 'amount', { allowZero: true }),
        method: body.method,
        paidOn: body.paidOn,
      });
      return answerOf(id);
    },
  });

  defineRoute(router, {
    method: 'get',
    path: `${BASE}/people/:personId/export`,
    summary: "Exporter les données d'une personne (RGPD)",
    description: 'Un fichier JSON à télécharger (`Content-Disposition: attachment`).',
    responses: { 200: PersonExport },
    errors: { 404: ['MEMBER_NOT_FOUND'], 409: ['PERSON_ERASED'] },
    roles: TREASURER,
    params: PersonParams,
    handler: async ({ ctx, params }): Promise<PersonExport> => {
      const person = await findPerson(db, params.personId);
      if (!person) throw memberNotFound();
      if (person.erased_at) throw personErased();
      const memberships = await listPersonMemberships(db, person.id);
      ctx.set('Content-Disposition', `attachment; filename="donnees-personne-${person.id}.json"`);
      return {
        exportedAt: new Date().toISOString(),
        person: {
          id: person.id,
          lastName: person.last_name,
          firstName: person.first_name,
          email: person.email,
          phone: person.phone,
          address: person.address,
          postalCode: person.postal_code,
          city: person.city,
          consentAt: person.consent_at ? new Date(person.consent_at).toISOString() : null,
          consentText: person.consent_text,
        },
        memberships: memberships.map((m) => ({
          year: m.year,
          type: m.type_name,
          amount: toEuros(m.amount_cents),
          method: DONATION_METHOD_LABELS[m.method],
          paidOn: m.paid_on,
          children: m.children,
        })),
      };
    },
  });

  defineRoute(router, {
    method: 'delete',
    path: `${BASE}/people/:personId`,
    summary: "Effacer les données d'une personne à sa demande (RGPD), en gardant ce que la comptabilité doit garder",
    description: 'Répond 204 sans contenu ; sans effet sur une personne déjà effacée.',
    status: 204,
    responses: {},
    errors: { 404: ['MEMBER_NOT_FOUND'] },
    roles: TREASURER,
    params: PersonParams,
    handler: async ({ ctx, params }) => {
      await erasePersonData(db, params.personId);
      ctx.status = 204;
    },
  });

  return router;
}
