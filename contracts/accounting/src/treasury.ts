/**
 * Money that reaches the association outside the till (docs/helloasso.md, docs/bank.md): the
 * HelloAsso account and the import of a form's orders and of its payouts, the bank statements and
 * their reconciliation with the bank account of the books (512).
 */
import { Type, type Static } from '@sinclair/typebox';
import { Id, SafeText } from '@kermesse/contracts-common/schemas';
import { MoneyInput } from './schemas.ts';

const Year = Type.Integer({ minimum: 1900, maximum: 2999 });
/** A day of the books' years (Postgres refuses year 0, which the date format allows). */
const Day = Type.String({ format: 'date', pattern: '^(19|2\\d)\\d\\d-' });

// ── HelloAsso ─────────────────────────────────────────────────────────────────────────────────────────

/** HelloAsso's form types (API v5 `FormType`). */
export const HELLOASSO_FORM_TYPES = ['Event', 'Membership', 'Donation', 'Shop', 'PaymentForm', 'CrowdFunding', 'Checkout'] as const;
export const HelloAssoFormType = Type.Union(HELLOASSO_FORM_TYPES.map((t) => Type.Literal(t)));
export type HelloAssoFormType = Static<typeof HelloAssoFormType>;
export const HELLOASSO_FORM_TYPE_LABELS: Record<HelloAssoFormType, string> = {
  Event: 'Billetterie',
  Membership: 'Adhésion',
  Donation: 'Don',
  Shop: 'Boutique',
  PaymentForm: 'Vente',
  CrowdFunding: 'Collecte',
  Checkout: 'Paiement intégré',
};

/** A HelloAsso slug: lower case letters, digits and dashes (« ape-ecole-jules-ferry »). */
const Slug = Type.String({ minLength: 1, maxLength: 200, pattern: '^[a-z0-9][a-z0-9-]*$' });

export const HelloAssoSettings = Type.Object({
  organizationSlug: Type.String(),
  clientId: Type.String(),
  /** Whether a secret is stored: the secret itself is never sent back. */
  hasSecret: Type.Boolean(),
  updatedAt: Type.Union([Type.String(), Type.Null()]),
  /**
   * The path of the association's notification URL, its secret included (`/api/public/helloasso/notifications/…`):
   * the screen puts the association's own address before it, to be pasted in HelloAsso's back office.
   * Null until the account is saved.
   */
  notificationPath: Type.Union([Type.String(), Type.Null()]),
});
export type HelloAssoSettings = Static<typeof HelloAssoSettings>;

export const HelloAssoSettingsInput = Type.Object(
  {
    organizationSlug: Slug,
    clientId: Type.String({ minLength: 1, maxLength: 200, pattern: '^\\S+$' }),
    /** Left out: the stored secret is kept. */
    clientSecret: Type.Optional(Type.String({ minLength: 1, maxLength: 500, pattern: '^\\S+$' })),
  },
  { additionalProperties: false },
);
export type HelloAssoSettingsInput = Static<typeof HelloAssoSettingsInput>;

export const HelloAssoImportBody = Type.Object(
  {
    formType: HelloAssoFormType,
    formSlug: Slug,
    /**
     * The fair whose gate checks the form's event tickets (docs/helloasso.md §6): each ticket becomes a
     * pre-sold ticket with its QR code. Kept with the form, for its notifications and its nightly pull.
     */
    eventId: Type.Optional(Id),
  },
  { additionalProperties: false },
);
export type HelloAssoImportBody = Static<typeof HelloAssoImportBody>;

/** What an item of an order became in the books. */
export const HelloAssoItemKind = Type.Union([
  Type.Literal('donation'),
  Type.Literal('membership'),
  Type.Literal('sale'),
  Type.Literal('skipped'),
]);
export type HelloAssoItemKind = Static<typeof HelloAssoItemKind>;
export const HELLOASSO_ITEM_KIND_LABELS: Record<HelloAssoItemKind, string> = {
  donation: 'Don',
  membership: 'Adhésion',
  sale: 'Prévente',
  skipped: 'Non comptabilisé',
};

export const HelloAssoItem = Type.Object({
  id: Type.Integer(),
  itemId: Type.Integer(),
  orderId: Type.Integer(),
  formType: Type.String(),
  formSlug: Type.String(),
  kind: HelloAssoItemKind,
  name: Type.String(),
  payer: Type.String(),
  amount: Type.Number(),
  paidOn: Type.String(),
  /** The entry's piece reference (« HA-000012 »), null when nothing was booked. */
  pieceRef: Type.Union([Type.String(), Type.Null()]),
  /** Why an item was not booked (a free ticket, a payment not completed). */
  note: Type.Union([Type.String(), Type.Null()]),
  /** The day HelloAsso refunded it, and the piece of the entry that reversed it (null when nothing was booked). */
  refundedOn: Type.Union([Type.String(), Type.Null()]),
  refundPieceRef: Type.Union([Type.String(), Type.Null()]),
});
export type HelloAssoItem = Static<typeof HelloAssoItem>;

export const HelloAssoPayout = Type.Object({
  id: Type.Integer(),
  cashOutId: Type.Integer(),
  paidOn: Type.String(),
  /** What the payers paid for the association's items. */
  gross: Type.Number(),
  /** What reached the bank. */
  net: Type.Number(),
  fees: Type.Number(),
  payments: Type.Integer(),
  pieceRef: Type.String(),
});
export type HelloAssoPayout = Static<typeof HelloAssoPayout>;

/** Why the nightly pull could not read a form, as the screen says it. */
export const HELLOASSO_PULL_ERROR_LABELS: Record<string, string> = {
  refused: 'HelloAsso a refusé les identifiants',
  not_found: 'HelloAsso ne connaît plus ce formulaire',
  unavailable: 'HelloAsso ne répondait pas',
};

/** A form imported once, read again each night (docs/helloasso.md §3). */
export const HelloAssoForm = Type.Object({
  formType: Type.String(),
  formSlug: Type.String(),
  lastPulledAt: Type.Union([Type.String(), Type.Null()]),
  /** `refused`, `not_found` or `unavailable` when the last nightly read failed. */
  lastError: Type.Union([Type.String(), Type.Null()]),
  /** The fair whose gate checks its event tickets, if linked. */
  eventId: Type.Union([Type.Integer(), Type.Null()]),
});
export type HelloAssoForm = Static<typeof HelloAssoForm>;

export const HelloAssoOverview = Type.Object({
  settings: HelloAssoSettings,
  forms: Type.Array(HelloAssoForm),
  items: Type.Array(HelloAssoItem),
  payouts: Type.Array(HelloAssoPayout),
  /** What HelloAsso still holds for the association: the balance of 467. */
  pending: Type.Number(),
});
export type HelloAssoOverview = Static<typeof HelloAssoOverview>;

export const HelloAssoSettingsAnswer = Type.Object({ settings: HelloAssoSettings });
export type HelloAssoSettingsAnswer = Static<typeof HelloAssoSettingsAnswer>;

export const HelloAssoImportAnswer = Type.Object({
  orders: Type.Integer(),
  donations: Type.Integer(),
  memberships: Type.Integer(),
  sales: Type.Integer(),
  skipped: Type.Integer(),
  /** Items imported before: a second import changes nothing. */
  alreadyImported: Type.Integer(),
  payouts: Type.Integer(),
  /** Event tickets sent to the gate as pre-sold tickets (the form linked to a fair). */
  tickets: Type.Integer(),
  /** Items refunded on HelloAsso since they were imported, each reversed by its own entry (« HAR-… »). */
  refunds: Type.Integer(),
});
export type HelloAssoImportAnswer = Static<typeof HelloAssoImportAnswer>;

/** Where HelloAsso sends its notifications: the association's secret is the last segment. */
export const HELLOASSO_NOTIFICATION_PREFIX = '/api/public/helloasso/notifications';

export const HelloAssoNotificationParams = Type.Object({ secret: Type.String({ minLength: 1, maxLength: 200 }) });
export type HelloAssoNotificationParams = Static<typeof HelloAssoNotificationParams>;

/**
 * A notification as HelloAsso sends it: `eventType` (`Order`, `Payment`, `Form`, `Organization`), the
 * object in `data` (an order, a payment), and `metadata` the association may attach to a checkout.
 * Only what the import reads is checked here; the rest of HelloAsso's object is kept as it comes.
 */
export const HelloAssoNotificationBody = Type.Object({
  eventType: Type.String({ minLength: 1, maxLength: 40 }),
  data: Type.Object({ id: Type.Optional(Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER })) }),
  metadata: Type.Optional(Type.Unknown()),
});
export type HelloAssoNotificationBody = Static<typeof HelloAssoNotificationBody>;

export const HelloAssoNotificationAnswer = Type.Object({
  received: Type.Boolean(),
  /** `applied`, `duplicate` (sent before: nothing written again), `ignored` (nothing to book) or `deferred` (left to the next pull). */
  outcome: Type.String(),
});
export type HelloAssoNotificationAnswer = Static<typeof HelloAssoNotificationAnswer>;

// ── The bank ──────────────────────────────────────────────────────────────────────────────────────────

/** A bank account of the books: 512 Banque or one of its sub-accounts (5121, 5122…). */
export const BankAccountCode = Type.String({ pattern: '^512[0-9]{0,5}$', examples: ['512', '5121'] });
export const DEFAULT_BANK_ACCOUNT = '512';

/** A CSV statement's columns by their titles in the file: one signed amount, or a debit and a credit. */
export const CsvLayout = Type.Object(
  {
    date: SafeText({ minLength: 1, maxLength: 100 }),
    label: SafeText({ minLength: 1, maxLength: 100 }),
    amount: Type.Optional(SafeText({ minLength: 1, maxLength: 100 })),
    debit: Type.Optional(SafeText({ minLength: 1, maxLength: 100 })),
    credit: Type.Optional(SafeText({ minLength: 1, maxLength: 100 })),
  },
  { additionalProperties: false },
);
export type CsvLayout = Static<typeof CsvLayout>;

/** The titles of an ambiguous CSV statement (400 `BANK_LAYOUT_NEEDED`, `details`): what each field may be. */
export const CsvLayoutChoices = Type.Object({
  titles: Type.Array(Type.String()),
  choices: Type.Object({
    date: Type.Array(Type.String()),
    label: Type.Array(Type.String()),
    amount: Type.Array(Type.String()),
    debit: Type.Array(Type.String()),
    credit: Type.Array(Type.String()),
  }),
  suggested: CsvLayout,
});
export type CsvLayoutChoices = Static<typeof CsvLayoutChoices>;

export const BankAccount = Type.Object({
  account: Type.String(),
  name: Type.String(),
  /** The CSV columns chosen once for this bank, reused for its next statements. */
  csvLayout: Type.Union([CsvLayout, Type.Null()]),
});
export type BankAccount = Static<typeof BankAccount>;
export const BankAccountList = Type.Object({ items: Type.Array(BankAccount), total: Type.Integer({ minimum: 0 }) });
export type BankAccountList = Static<typeof BankAccountList>;
export const BankAccountBody = Type.Object(
  { account: BankAccountCode, name: SafeText({ minLength: 1, maxLength: 80 }) },
  { additionalProperties: false },
);
export type BankAccountBody = Static<typeof BankAccountBody>;

export const BankImportBody = Type.Object(
  {
    fileName: SafeText({ minLength: 1, maxLength: 255 }),
    /** The file's bytes in base64 (its encoding, UTF-8 or ISO 8859-1, is read by the service). */
    content: Type.String({ minLength: 1, maxLength: 8_000_000 }),
    dryRun: Type.Optional(Type.Boolean()),
    /** The bank account the statement is of (512 when absent). */
    account: Type.Optional(BankAccountCode),
    /** CSV: the columns chosen by the treasurer; kept for the account once imported. */
    layout: Type.Optional(CsvLayout),
  },
  { additionalProperties: false },
);
export type BankImportBody = Static<typeof BankImportBody>;

export const BankImportAnswer = Type.Object({
  dryRun: Type.Boolean(),
  account: Type.String(),
  format: Type.Union([Type.Literal('csv'), Type.Literal('ofx'), Type.Literal('camt053')]),
  /** New lines kept. */
  lines: Type.Integer(),
  /** Lines of an earlier statement: kept once. */
  alreadyImported: Type.Integer(),
  from: Type.Union([Type.String(), Type.Null()]),
  to: Type.Union([Type.String(), Type.Null()]),
});
export type BankImportAnswer = Static<typeof BankImportAnswer>;

/** A journal entry that moved the bank account (512), as the reconciliation shows it. */
export const BookEntry = Type.Object({
  entryId: Type.Integer(),
  date: Type.String(),
  pieceRef: Type.String(),
  label: Type.String(),
  /** Its effect on 512: positive money in, negative money out. */
  amount: Type.Number(),
});
export type BookEntry = Static<typeof BookEntry>;

export const BankLine = Type.Object({
  id: Type.Integer(),
  date: Type.String(),
  label: Type.String(),
  /** Positive: money in (crédit); negative: money out (débit). */
  amount: Type.Number(),
  matched: Type.Union([BookEntry, Type.Null()]),
  /** For an unmatched line: the entries of the same amount within five days, closest first. */
  proposals: Type.Array(BookEntry),
});
export type BankLine = Static<typeof BankLine>;

export const ReconciliationQuery = Type.Object({
  year: Type.Optional(Year),
  /** The bank account (512 when absent). */
  account: Type.Optional(BankAccountCode),
  /** `csv`: the month-by-month report as a spreadsheet. */
  format: Type.Optional(Type.Union([Type.Literal('json'), Type.Literal('csv')])),
});
export type ReconciliationQuery = Static<typeof ReconciliationQuery>;

/** A month of the reconciliation report (docs/bank.md §4). */
export const ReconciliationMonth = Type.Object({
  /** « 2026-05 » */
  month: Type.String(),
  /** The month's statement lines imported. */
  bank: Type.Number(),
  /** The month's movements of 512 in the books. */
  books: Type.Number(),
  unmatchedLines: Type.Integer(),
  unmatchedEntries: Type.Integer(),
});
export type ReconciliationMonth = Static<typeof ReconciliationMonth>;

export const Reconciliation = Type.Object({
  year: Type.Integer(),
  /** The bank account reconciled, and every bank account of the association. */
  account: Type.String(),
  accounts: Type.Array(BankAccount),
  /** Month by month, the months with a line or an entry. */
  months: Type.Array(ReconciliationMonth),
  /** The sum of the year's statement lines imported. */
  bankBalance: Type.Number(),
  /** The year's movements of 512 in the books. */
  booksBalance: Type.Number(),
  lines: Type.Array(BankLine),
  /** Entries of 512 that no bank line confirms yet. */
  unmatchedEntries: Type.Array(BookEntry),
  yearLocked: Type.Boolean(),
});
export type Reconciliation = Static<typeof Reconciliation>;

export const BankMatchBody = Type.Object({ entryId: Id }, { additionalProperties: false });
export type BankMatchBody = Static<typeof BankMatchBody>;

export const BankLineAnswer = Type.Object({ line: BankLine });
export type BankLineAnswer = Static<typeof BankLineAnswer>;

/** What a deposit brings to the bank: the till's cash, the cheques of a deposit slip, the card payments of a payout. */
export const DepositSource = Type.Union([Type.Literal('ESP'), Type.Literal('CHQ'), Type.Literal('CB')]);
export type DepositSource = Static<typeof DepositSource>;
export const DEPOSIT_SOURCE_LABELS: Record<DepositSource, string> = {
  ESP: "Remise d'espèces",
  CHQ: 'Remise de chèques',
  CB: 'Versement des paiements par carte',
};

/**
 * A deposit written in the books (docs/bank.md §2): `amount` is what reached the bank, `fees` what the
 * card provider kept; with `lineId`, the statement line it is matched to at once.
 */
export const BankDepositBody = Type.Object(
  {
    date: Day,
    source: DepositSource,
    amount: MoneyInput,
    fees: Type.Optional(MoneyInput),
    lineId: Type.Optional(Id),
    /** The bank account the money reached (512 when absent; the line's account when a line is given). */
    account: Type.Optional(BankAccountCode),
  },
  { additionalProperties: false },
);
export type BankDepositBody = Static<typeof BankDepositBody>;
export const BankDepositAnswer = Type.Object({ entry: BookEntry, line: Type.Union([BankLine, Type.Null()]) });
export type BankDepositAnswer = Static<typeof BankDepositAnswer>;

/** docs/bank.md §3: a bank line and an entry are proposed together within this many days. */
export const MATCH_WINDOW_DAYS = 5;

/** Days between two days ('2026-05-16'), whatever their order. */
export function daysApart(a: string, b: string): number {
  return Math.abs(Date.parse(`${a}T00:00:00Z`) - Date.parse(`${b}T00:00:00Z`)) / 86_400_000;
}

/**
 * The entries proposed for a bank line (docs/bank.md §3): same amount to the cent, at most
 * MATCH_WINDOW_DAYS apart, the closest day first (then the older entry).
 */
export function proposeEntries<E extends { date: string; amountCents: number; entryId: number }>(
  line: { date: string; amountCents: number },
  entries: readonly E[],
): E[] {
  return entries
    .filter((e) => e.amountCents === line.amountCents && daysApart(e.date, line.date) <= MATCH_WINDOW_DAYS)
    .sort((x, y) => daysApart(x.date, line.date) - daysApart(y.date, line.date) || x.entryId - y.entryId);
}

// ── The cheque deposit slip ───────────────────────────────────────────────────────────────────────────

/** A cheque a till took (a sale paid by cheque, in the books), on a slip or waiting for one. */
export const Cheque = Type.Object({
  saleId: Type.Integer(),
  /** The rank of the payment in the sale (a sale may be paid with two cheques). */
  index: Type.Integer(),
  saleReference: Type.String(),
  /** The cheque's number as typed at the register (empty when it was not typed). */
  number: Type.String(),
  amount: Type.Number(),
  /** The day of the sale. */
  date: Type.String(),
  eventId: Type.Integer(),
  eventName: Type.String(),
});
export type Cheque = Static<typeof Cheque>;

export const ChequesQuery = Type.Object({ eventId: Type.Optional(Id) });
export type ChequesQuery = Static<typeof ChequesQuery>;

/** The cheques not deposited yet: what the next « bordereau de remise de chèques » may hold. */
export const ChequeList = Type.Object({ cheques: Type.Array(Cheque), total: Type.Number(), count: Type.Integer() });
export type ChequeList = Static<typeof ChequeList>;

/** A slip: the cheques chosen (all those of the fair when absent), the day they are taken to the bank. */
export const ChequeSlipBody = Type.Object(
  {
    date: Day,
    eventId: Type.Optional(Id),
    cheques: Type.Optional(
      Type.Array(Type.Object({ saleId: Id, index: Type.Integer({ minimum: 0, maximum: 99 }) }, { additionalProperties: false }), {
        minItems: 1,
        maxItems: 2000,
      }),
    ),
    account: Type.Optional(BankAccountCode),
  },
  { additionalProperties: false },
);
export type ChequeSlipBody = Static<typeof ChequeSlipBody>;

/** « Bordereau de remise de chèques »: its piece (the deposit's entry), its cheques, their total and count. */
export const ChequeSlip = Type.Object({
  id: Type.Integer(),
  pieceRef: Type.String(),
  date: Type.String(),
  account: Type.String(),
  eventName: Type.Union([Type.String(), Type.Null()]),
  entryId: Type.Integer(),
  total: Type.Number(),
  count: Type.Integer(),
  cheques: Type.Array(Cheque),
});
export type ChequeSlip = Static<typeof ChequeSlip>;
export const ChequeSlipAnswer = ChequeSlip;
export type ChequeSlipAnswer = Static<typeof ChequeSlipAnswer>;
export const ChequeSlipList = Type.Object({ items: Type.Array(ChequeSlip), total: Type.Integer({ minimum: 0 }) });
export type ChequeSlipList = Static<typeof ChequeSlipList>;

// ── Card payouts read from SumUp ──────────────────────────────────────────────────────────────────────

export const CardPayoutImportBody = Type.Object(
  { from: Day, to: Day, account: Type.Optional(BankAccountCode) },
  { additionalProperties: false },
);
export type CardPayoutImportBody = Static<typeof CardPayoutImportBody>;

/** What reading SumUp's payouts booked: each payout's deposit, those booked before, the records left aside. */
export const CardPayoutImportAnswer = Type.Object({
  payouts: Type.Array(
    Type.Object({
      id: Type.String(),
      date: Type.String(),
      /** What reached the bank. */
      amount: Type.Number(),
      /** What SumUp kept (627). */
      fees: Type.Number(),
      pieceRef: Type.String(),
      entryId: Type.Integer(),
    }),
  ),
  alreadyImported: Type.Integer(),
  skipped: Type.Array(Type.Object({ id: Type.String(), date: Type.String(), amount: Type.Number(), reason: Type.String() })),
});
export type CardPayoutImportAnswer = Static<typeof CardPayoutImportAnswer>;
