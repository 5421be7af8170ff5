/**
 * Memberships (adhésions, docs/memberships.md): the types of a year (per family or per person, a price
 * or a free amount), the people who join with their consent, their children's classes if the
 * association asks, renewal from one year to the next, and a person's data exported or erased on
 * request (RGPD) while the accounts keep what they must.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Id, SafeText } from '@kermesse/contracts-common/schemas';
import { MoneyInput } from './schemas.ts';
import { DonationMethod } from './taxReceipts.ts';

const Year = Type.Integer({ minimum: 1900, maximum: 2999 });
const Day = Type.String({ format: 'date', pattern: '^(19|2\\d)\\d\\d-' });
const Optional = <T extends Parameters<typeof Type.Optional>[0]>(schema: T) => Type.Optional(Type.Union([schema, Type.Null()]));

/** One membership covers a family (its parents and children) or one person. */
export const MembershipScope = Type.Union([Type.Literal('family'), Type.Literal('person')]);
export type MembershipScope = Static<typeof MembershipScope>;
export const MEMBERSHIP_SCOPE_LABELS: Record<MembershipScope, string> = { family: 'Par famille', person: 'Par personne' };

export const MembershipType = Type.Object({
  id: Type.Integer(),
  year: Type.Integer(),
  name: Type.String(),
  scope: MembershipScope,
  /** Null: the member chooses the amount (« prix libre »). */
  price: Type.Union([Type.Number(), Type.Null()]),
  members: Type.Integer(),
});
export type MembershipType = Static<typeof MembershipType>;

/** `POST /api/admin/accountancy/membership-types` (201). */
export const MembershipTypeAnswer = Type.Object({ type: MembershipType });
export type MembershipTypeAnswer = Static<typeof MembershipTypeAnswer>;

export const MembershipTypeInput = Type.Object(
  {
    year: Year,
    name: SafeText({ minLength: 1, maxLength: 100 }),
    scope: MembershipScope,
    price: Optional(MoneyInput),
  },
  { additionalProperties: false },
);
export type MembershipTypeInput = Static<typeof MembershipTypeInput>;

export const Child = Type.Object(
  { firstName: SafeText({ minLength: 1, maxLength: 100 }), className: SafeText({ maxLength: 50 }) },
  { additionalProperties: false },
);
export type Child = Static<typeof Child>;

/** The sentence a member agrees to, stored with the moment of the agreement. */
export const MEMBERSHIP_CONSENT_TEXT =
  "J'accepte que l'association conserve mes coordonnées pour gérer mon adhésion et me tenir informé·e de sa vie. Je peux demander à les consulter, les recevoir ou les effacer à tout moment.";

export const Member = Type.Object({
  /** The membership of a year. */
  id: Type.Integer(),
  personId: Type.Integer(),
  year: Type.Integer(),
  typeId: Type.Integer(),
  typeName: Type.String(),
  lastName: Type.String(),
  firstName: Type.String(),
  email: Type.Union([Type.String(), Type.Null()]),
  phone: Type.Union([Type.String(), Type.Null()]),
  address: Type.String(),
  postalCode: Type.String(),
  city: Type.String(),
  children: Type.Array(Child),
  amount: Type.Number(),
  method: DonationMethod,
  paidOn: Type.String(),
  consentAt: Type.Union([Type.String(), Type.Null()]),
  /** The data was erased on request: the name reads « Personne effacée », the amount stays. */
  erased: Type.Boolean(),
});
export type Member = Static<typeof Member>;

export const MemberInput = Type.Object(
  {
    typeId: Id,
    lastName: SafeText({ minLength: 1, maxLength: 100 }),
    firstName: SafeText({ minLength: 1, maxLength: 100 }),
    email: Optional(Type.String({ format: 'email', maxLength: 254 })),
    phone: Optional(Type.String({ pattern: '^[+0-9 .()-]{6,20}$' })),
    address: Type.Optional(SafeText({ maxLength: 300 })),
    postalCode: Type.Optional(SafeText({ maxLength: 10 })),
    city: Type.Optional(SafeText({ maxLength: 100 })),
    children: Type.Optional(Type.Array(Child, { maxItems: 12 })),
    /** Required for a type at a free amount; a priced type takes its price. */
    amount: Type.Optional(MoneyInput),
    method: DonationMethod,
    paidOn: Day,
    /** The member agreed to MEMBERSHIP_CONSENT_TEXT: required (docs/memberships.md §3). */
    consent: Type.Boolean(),
  },
  { additionalProperties: false },
);
export type MemberInput = Static<typeof MemberInput>;

/** Renews a person's membership in another year's type, with this year's payment. */
export const RenewalInput = Type.Object(
  {
    typeId: Id,
    amount: Type.Optional(MoneyInput),
    method: DonationMethod,
    paidOn: Day,
  },
  { additionalProperties: false },
);
export type RenewalInput = Static<typeof RenewalInput>;

export const MembersQuery = Type.Object({
  year: Type.Optional(Year),
  format: Type.Optional(Type.Union([Type.Literal('json'), Type.Literal('csv')])),
});
export const MemberList = Type.Object({
  year: Type.Integer(),
  types: Type.Array(MembershipType),
  members: Type.Array(Member),
  /** Last year's members not renewed yet this year (one per person). */
  toRenew: Type.Array(Member),
});
export type MemberList = Static<typeof MemberList>;
export const PersonParams = Type.Object({ personId: Id });
export const MemberAnswer = Type.Object({ member: Member });
export type MemberAnswer = Static<typeof MemberAnswer>;

/** Everything Kermesse holds about a person (RGPD art. 15 and 20): their details and memberships. */
export const PersonExport = Type.Object({
  exportedAt: Type.String(),
  person: Type.Object({
    id: Type.Integer(),
    lastName: Type.String(),
    firstName: Type.String(),
    email: Type.Union([Type.String(), Type.Null()]),
    phone: Type.Union([Type.String(), Type.Null()]),
    address: Type.String(),
    postalCode: Type.String(),
    city: Type.String(),
    consentAt: Type.Union([Type.String(), Type.Null()]),
    consentText: Type.Union([Type.String(), Type.Null()]),
  }),
  memberships: Type.Array(
    Type.Object({
      year: Type.Integer(),
      type: Type.String(),
      amount: Type.Number(),
      method: Type.String(),
      paidOn: Type.String(),
      children: Type.Array(Child),
    }),
  ),
});
export type PersonExport = Static<typeof PersonExport>;

/** The name an erased person is listed under. */
export const ERASED_NAME = 'Personne effacée';
