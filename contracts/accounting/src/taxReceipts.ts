/**
 * Donations and tax receipts (reçus fiscaux, docs/tax-receipts.md): the association's settings, donors,
 * donations, receipts, the yearly declaration, and the rules both the service and the screens apply
 * (who may issue receipts, the counterpart tolerance, the receipt's number).
 */
import { Type, type Static } from '@sinclair/typebox';
import { Id, SafeText } from '@kermesse/contracts-common/schemas';
import { MoneyInput } from './schemas.ts';

const Year = Type.Integer({ minimum: 1900, maximum: 2999 });
/** A day of the books' years (1900–2999, as `Year`): Postgres refuses year 0, which the date format allows. */
const Day = Type.String({ format: 'date', pattern: '^(19|2\\d)\\d\\d-' });
const Optional = <T extends Parameters<typeof Type.Optional>[0]>(schema: T) => Type.Optional(Type.Union([schema, Type.Null()]));

// ── The association ───────────────────────────────────────────────────────────────────────────────────

/**
 * What entitles the association to issue receipts (docs/tax-receipts.md §1): `none` (a plain school
 * association: no receipt), `interet_general` (CGI art. 200-1-b, 238 bis-1-a) or `rup` (reconnue
 * d'utilité publique, by a decree whose date the receipt states).
 */
export const ReceiptEligibility = Type.Union([Type.Literal('none'), Type.Literal('interet_general'), Type.Literal('rup')]);
export type ReceiptEligibility = Static<typeof ReceiptEligibility>;

export const RECEIPT_ELIGIBILITY_LABELS: Record<ReceiptEligibility, string> = {
  none: "Non : l'association ne délivre pas de reçus fiscaux",
  interet_general: "Oui : association d'intérêt général",
  rup: "Oui : association reconnue d'utilité publique",
};

export const AssociationSettings = Type.Object({
  name: Type.String(),
  address: Type.String(),
  postalCode: Type.String(),
  city: Type.String(),
  /** Its purpose, as the receipt states it (« Objet »). */
  purpose: Type.String(),
  siren: Type.Union([Type.String(), Type.Null()]),
  eligibility: ReceiptEligibility,
  /** Date of the decree, for an association reconnue d'utilité publique. */
  rupDecreeDate: Type.Union([Type.String(), Type.Null()]),
  /** Who signs the receipts, and as what (« Claire Dupont, trésorière »). */
  signatory: Type.String(),
  /** The yearly cap of the counterpart tolerance, in euros (docs/tax-receipts.md §3). */
  counterpartCap: Type.Number(),
});
export type AssociationSettings = Static<typeof AssociationSettings>;

export const AssociationSettingsInput = Type.Object(
  {
    name: SafeText({ minLength: 1, maxLength: 200 }),
    address: SafeText({ maxLength: 300 }),
    postalCode: SafeText({ maxLength: 10 }),
    city: SafeText({ maxLength: 100 }),
    purpose: SafeText({ maxLength: 500 }),
    siren: Optional(Type.String({ pattern: '^\\d{9}$' })),
    eligibility: ReceiptEligibility,
    rupDecreeDate: Optional(Day),
    signatory: SafeText({ maxLength: 200 }),
    counterpartCap: MoneyInput,
  },
  { additionalProperties: false },
);
export type AssociationSettingsInput = Static<typeof AssociationSettingsInput>;
export const AssociationAnswer = Type.Object({ association: AssociationSettings });
export type AssociationAnswer = Static<typeof AssociationAnswer>;

/** Why no receipt can be issued, in words a treasurer understands; null when receipts may be issued. */
export function receiptRefusal(settings: Pick<AssociationSettings, 'eligibility' | 'name' | 'address' | 'rupDecreeDate'>): string | null {
  if (settings.eligibility === 'none')
    return "L'association n'a pas indiqué dans ses réglages qu'elle peut délivrer des reçus fiscaux. Seuls les organismes d'intérêt général ou reconnus d'utilité publique le peuvent : une association qui en délivre à tort encourt une amende égale à 25 % des sommes indiquées (CGI art. 1740 A). Vérifiez-le avec votre fédération ou le rescrit de l'administration avant de cocher cette case.";
  if (!settings.name.trim() || !settings.address.trim())
    return "Le nom et l'adresse de l'association doivent figurer sur le reçu : complétez les réglages de l'association.";
  if (settings.eligibility === 'rup' && !settings.rupDecreeDate)
    return "Une association reconnue d'utilité publique indique la date du décret sur ses reçus : complétez les réglages de l'association.";
  return null;
}

// ── Donors and donations ──────────────────────────────────────────────────────────────────────────────

/** A person (cerfa 11580, réduction d'impôt sur le revenu) or a company (2041-MEC-SD, mécénat). */
export const DonorKind = Type.Union([Type.Literal('individual'), Type.Literal('company')]);
export type DonorKind = Static<typeof DonorKind>;

export const Donor = Type.Object({
  id: Type.Integer(),
  kind: DonorKind,
  /** Last name, or the company's name. */
  name: Type.String(),
  firstName: Type.Union([Type.String(), Type.Null()]),
  address: Type.String(),
  postalCode: Type.String(),
  city: Type.String(),
  email: Type.Union([Type.String(), Type.Null()]),
  siren: Type.Union([Type.String(), Type.Null()]),
});
export type Donor = Static<typeof Donor>;

export const DonorInput = Type.Object(
  {
    kind: DonorKind,
    name: SafeText({ minLength: 1, maxLength: 200 }),
    firstName: Optional(SafeText({ maxLength: 100 })),
    address: SafeText({ maxLength: 300 }),
    postalCode: SafeText({ maxLength: 10 }),
    city: SafeText({ maxLength: 100 }),
    email: Optional(Type.String({ format: 'email', maxLength: 254 })),
    siren: Optional(Type.String({ pattern: '^\\d{9}$' })),
  },
  { additionalProperties: false },
);
export type DonorInput = Static<typeof DonorInput>;

/** How the gift was paid (the receipt states it): cash, cheque, card, transfer. */
export const DonationMethod = Type.Union([Type.Literal('ESP'), Type.Literal('CHQ'), Type.Literal('CB'), Type.Literal('VIR')]);
export type DonationMethod = Static<typeof DonationMethod>;
export const DONATION_METHOD_LABELS: Record<DonationMethod, string> = {
  ESP: 'Espèces',
  CHQ: 'Chèque',
  CB: 'Carte bancaire',
  VIR: 'Virement, prélèvement',
};

/** Where a donation was recorded: the register's donation line, a CSV import, or typed by the treasurer. */
export const DonationOrigin = Type.Union([
  Type.Literal('register'),
  Type.Literal('import'),
  Type.Literal('manual'),
  Type.Literal('helloasso'),
]);
export type DonationOrigin = Static<typeof DonationOrigin>;
export const DONATION_ORIGIN_LABELS: Record<DonationOrigin, string> = {
  register: 'Caisse',
  import: 'Import',
  manual: 'Saisie',
  helloasso: 'HelloAsso',
};

export const Donation = Type.Object({
  id: Type.Integer(),
  origin: DonationOrigin,
  date: Type.String(),
  amount: Type.Number(),
  method: DonationMethod,
  /** Value of what the donor received in return (a meal, a ticket), 0 when nothing. */
  counterpart: Type.Number(),
  counterpartLabel: Type.Union([Type.String(), Type.Null()]),
  /** Given back with a refund of its sale at the register. */
  refunded: Type.Number(),
  /** The part a receipt may state (docs/tax-receipts.md §3). */
  eligible: Type.Number(),
  donor: Type.Union([Donor, Type.Null()]),
  /** What the register knew of the buyer, until a donor is attached. */
  buyerName: Type.Union([Type.String(), Type.Null()]),
  receipt: Type.Union([Type.Object({ id: Type.Integer(), number: Type.String() }), Type.Null()]),
});
export type Donation = Static<typeof Donation>;

export const DonationInput = Type.Object(
  {
    date: Day,
    amount: MoneyInput,
    method: DonationMethod,
    counterpart: Type.Optional(MoneyInput),
    counterpartLabel: Optional(SafeText({ maxLength: 200 })),
    donorId: Optional(Id),
  },
  { additionalProperties: false },
);
export type DonationInput = Static<typeof DonationInput>;

/** Attaches a donor (or a counterpart) to a donation that has no receipt yet. */
export const DonationUpdate = Type.Object(
  {
    donorId: Optional(Id),
    counterpart: Type.Optional(MoneyInput),
    counterpartLabel: Optional(SafeText({ maxLength: 200 })),
  },
  { additionalProperties: false },
);
export type DonationUpdate = Static<typeof DonationUpdate>;

export const DonationsQuery = Type.Object({ year: Type.Optional(Year) });
export const DonationList = Type.Object({ donations: Type.Array(Donation), donors: Type.Array(Donor) });
export type DonationList = Static<typeof DonationList>;

/** A CSV of gifts (docs/tax-receipts.md §2 for its columns); `dryRun` checks without writing. */
export const DonationImportBody = Type.Object(
  { csv: Type.String({ minLength: 1, maxLength: 2_000_000 }), dryRun: Type.Optional(Type.Boolean()) },
  { additionalProperties: false },
);
export type DonationImportBody = Static<typeof DonationImportBody>;
export const DonationImportAnswer = Type.Object({
  dryRun: Type.Boolean(),
  donations: Type.Integer(),
  /** Donors added (the others were found again). */
  donors: Type.Integer(),
  /** Lines of a file already imported: the same file sent again writes nothing twice. */
  alreadyImported: Type.Integer(),
});
export type DonationImportAnswer = Static<typeof DonationImportAnswer>;

// ── Receipts ──────────────────────────────────────────────────────────────────────────────────────────

/** One receipt per gift, or one receipt for all of a donor's gifts of a year. */
export const ReceiptKind = Type.Union([Type.Literal('gift'), Type.Literal('annual')]);
export type ReceiptKind = Static<typeof ReceiptKind>;

export const TaxReceipt = Type.Object({
  id: Type.Integer(),
  year: Type.Integer(),
  /** « 2026-0007 »: the year and the receipt's rank in it, without gaps. */
  number: Type.String(),
  kind: ReceiptKind,
  /** cerfa 11580 for a person, 2041-MEC-SD for a company. */
  model: Type.String(),
  donorName: Type.String(),
  donorId: Type.Integer(),
  amount: Type.Number(),
  issuedOn: Type.String(),
  cancelled: Type.Boolean(),
  cancelledOn: Type.Union([Type.String(), Type.Null()]),
  cancelReason: Type.Union([Type.String(), Type.Null()]),
});
export type TaxReceipt = Static<typeof TaxReceipt>;

export const IssueReceiptBody = Type.Union([
  Type.Object({ kind: Type.Literal('gift'), donationId: Id }, { additionalProperties: false }),
  Type.Object({ kind: Type.Literal('annual'), donorId: Id, year: Year }, { additionalProperties: false }),
]);
export type IssueReceiptBody = Static<typeof IssueReceiptBody>;
export const ReceiptAnswer = Type.Object({ receipt: TaxReceipt });
export type ReceiptAnswer = Static<typeof ReceiptAnswer>;
export const ReceiptList = Type.Object({ receipts: Type.Array(TaxReceipt) });
export type ReceiptList = Static<typeof ReceiptList>;
export const CancelReceiptBody = Type.Object({ reason: SafeText({ minLength: 1, maxLength: 300 }) }, { additionalProperties: false });
export type CancelReceiptBody = Static<typeof CancelReceiptBody>;

/** CGI art. 222 bis: what is declared for a year's receipts, and by when. */
export const ReceiptDeclaration = Type.Object({
  year: Type.Integer(),
  /** Receipts issued and not cancelled. */
  count: Type.Integer(),
  total: Type.Number(),
  cancelled: Type.Integer(),
  individuals: Type.Object({ count: Type.Integer(), total: Type.Number() }),
  companies: Type.Object({ count: Type.Integer(), total: Type.Number() }),
  /** The last day to declare (docs/tax-receipts.md §5). */
  dueDate: Type.String(),
});
export type ReceiptDeclaration = Static<typeof ReceiptDeclaration>;

/** The receipt's printed number: « 2026-0007 ». */
export const receiptNumber = (year: number, rank: number): string => `${year}-${String(rank).padStart(4, '0')}`;

/** The model of receipt a donor gets. */
export const receiptModel = (kind: DonorKind): string => (kind === 'company' ? '2041-MEC-SD' : 'cerfa n° 11580*05');

/**
 * The counterpart rule (docs/tax-receipts.md §3): a counterpart worth at most a quarter of the gift and
 * at most the yearly cap is tolerated, and the whole gift is receipted; beyond that only the part of the
 * gift above the counterpart's value is.
 */
export function eligibleCents(giftCents: number, counterpartCents: number, capCents: number): number {
  if (counterpartCents <= 0) return giftCents;
  if (counterpartCents * 4 <= giftCents && counterpartCents <= capCents) return giftCents;
  return Math.max(0, giftCents - counterpartCents);
}

/**
 * The day a year's receipts must be declared by (docs/tax-receipts.md §5): an association that pays no
 * corporate tax declares within three months of its year's end — 31 March, the year being the calendar
 * year (docs/spec.md §9).
 */
export const declarationDueDate = (year: number): string => `${year + 1}-03-31`;
