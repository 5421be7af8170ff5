/**
 * The TypeBox schemas of the accounting routes (docs/spec.md §3, §5, §7) and the types derived from them.
 * Amounts travel as euros (numbers with at most two decimals); inputs also accept « 30,50 ».
 */
import { Type, type Static } from '@sinclair/typebox';
import { eurosCeiling, Id, SafeText } from '@kermesse/contracts-common/schemas';
import { ACCOUNT_CODE_PATTERN } from './plan.ts';

/** A financial year (docs/spec.md §9: 1 January to 31 December). */
const Year = Type.Integer({ minimum: 1900, maximum: 2999 });
const AccountCode = Type.String({ pattern: ACCOUNT_CODE_PATTERN });
/** A euro amount as typed by a person (« 30,50 », « 30.50 ») or a number. */
export const MoneyInput = Type.Union([Type.String({ minLength: 1, maxLength: 20 }), Type.Number()], eurosCeiling());

export const IdParams = Type.Object({ id: Id });
export type IdParams = Static<typeof IdParams>;
export const YearParams = Type.Object({ year: Year });
export type YearParams = Static<typeof YearParams>;
export const FinancialYearParams = Type.Object({ financialYear: Year });
export const EventParams = Type.Object({ eventId: Id });
/** `?format=csv` turns a report into a CSV download. */
export const ReportQuery = Type.Object({ format: Type.Optional(Type.Union([Type.Literal('json'), Type.Literal('csv')])) });

// ── Trial balances (docs/spec.md §3) ─────────────────────────────────────────────────────────────────────
export const TrialBalance = Type.Object({
  id: Type.Integer(),
  financial_year: Type.Integer(),
  data_csv_raw: Type.String(),
  locked: Type.Boolean(),
  /** A budget: the forecast (prévisionnel) of its year reads it, the Bilan never does. */
  forecast: Type.Boolean(),
  /** `manuelle` (typed or imported by the treasurer) or `journal` (« Générer la balance »). */
  origin: Type.Union([Type.Literal('manuelle'), Type.Literal('journal')]),
  /** Rows imported (0 until « Importer »). */
  rows: Type.Integer(),
  imported_at: Type.Union([Type.String(), Type.Null()]),
});
export type TrialBalance = Static<typeof TrialBalance>;

/** docs/spec.md §5: financial_year and data_csv_raw required; id read-only (ignored when sent). */
export const TrialBalanceInput = Type.Object({
  id: Type.Optional(Type.Unknown()),
  financial_year: Year,
  data_csv_raw: Type.String({ minLength: 1, maxLength: 5_000_000 }),
  locked: Type.Optional(Type.Boolean()),
  forecast: Type.Optional(Type.Boolean()),
});
export type TrialBalanceInput = Static<typeof TrialBalanceInput>;

/** docs/spec.md §3 « Trial balance row »: balance = debit − credit (expenses positive, revenues negative). */
export const TrialBalanceRow = Type.Object({
  accountCode: Type.String(),
  accountLabel: Type.String(),
  debit: Type.Number(),
  credit: Type.Number(),
  balance: Type.Number(),
  financial_year: Type.Integer(),
});
export type TrialBalanceRow = Static<typeof TrialBalanceRow>;

export const TrialBalanceList = Type.Object({ trialBalances: Type.Array(TrialBalance) });
export type TrialBalanceList = Static<typeof TrialBalanceList>;
export const TrialBalanceAnswer = Type.Object({ trialBalance: TrialBalance });
export type TrialBalanceAnswer = Static<typeof TrialBalanceAnswer>;
/** `POST /api/trials/import/{id}` → `{ created }` (rows written). */
export const ImportAnswer = Type.Object({ created: Type.Integer() });
export type ImportAnswer = Static<typeof ImportAnswer>;

// ── Reports (docs/spec.md §3) ────────────────────────────────────────────────────────────────────────────
export const LayoutRowSchema = Type.Object({
  rank: Type.Integer(),
  depense_label: Type.String(),
  depenses: Type.Number(),
  recette_label: Type.String(),
  recettes: Type.Number(),
  solde: Type.Number(),
});
export const AvailabilityRowSchema = Type.Object({ accountCode: Type.String(), accountLabel: Type.String(), balance: Type.Number() });

// ── Financial years, journal, account map ────────────────────────────────────────────────────────
export const FinancialYear = Type.Object({
  year: Type.Integer(),
  locked: Type.Boolean(),
  lockedAt: Type.Union([Type.String(), Type.Null()]),
  entries: Type.Integer(),
  /** Sales of the year that arrived after it was closed: kept aside, not written. */
  unposted: Type.Integer(),
});
export type FinancialYear = Static<typeof FinancialYear>;
export const FinancialYearList = Type.Object({ financialYears: Type.Array(FinancialYear) });
export type FinancialYearList = Static<typeof FinancialYearList>;

export const GenerateAnswer = Type.Object({ trialBalance: TrialBalance, created: Type.Integer() });
export type GenerateAnswer = Static<typeof GenerateAnswer>;

export const JournalLine = Type.Object({
  account: Type.String(),
  accountLabel: Type.String(),
  debit: Type.Number(),
  credit: Type.Number(),
});
export const JournalEntry = Type.Object({
  number: Type.Integer(),
  date: Type.String(),
  journal: Type.String(),
  pieceRef: Type.String(),
  label: Type.String(),
  eventId: Type.Union([Type.Integer(), Type.Null()]),
  hash: Type.String(),
  lines: Type.Array(JournalLine),
});
export type JournalEntry = Static<typeof JournalEntry>;
export const JournalAnswer = Type.Object({ year: Type.Integer(), entries: Type.Array(JournalEntry) });
export type JournalAnswer = Static<typeof JournalAnswer>;
export const JournalVerification = Type.Object({
  ok: Type.Boolean(),
  entries: Type.Integer(),
  /** Number and year of the first entry whose hash does not match, when the chain is broken. */
  brokenAt: Type.Union([Type.Object({ year: Type.Integer(), number: Type.Integer() }), Type.Null()]),
});
export type JournalVerification = Static<typeof JournalVerification>;

const PaymentAccounts = Type.Object({ ESP: AccountCode, CHQ: AccountCode, CB: AccountCode });
const KindAccounts = Type.Object({
  product: AccountCode,
  donation: AccountCode,
  discount: AccountCode,
  raffle: AccountCode,
  giftbasket: AccountCode,
});
export const AccountMapSchema = Type.Object({
  payments: PaymentAccounts,
  kinds: KindAccounts,
  categories: Type.Record(Type.String({ minLength: 1, maxLength: 100 }), AccountCode),
});
export type AccountMapBody = Static<typeof AccountMapSchema>;
/** `PUT …/account-map`: the same map, an unknown key of `payments` or `kinds` refused by name rather than ignored. */
export const AccountMapInput = Type.Object(
  {
    payments: Type.Object(PaymentAccounts.properties, { additionalProperties: false }),
    kinds: Type.Object(KindAccounts.properties, { additionalProperties: false }),
    categories: AccountMapSchema.properties.categories,
  },
  { additionalProperties: false },
);
export const AccountMapAnswer = Type.Object({ accountMap: AccountMapSchema, categories: Type.Array(Type.String()) });
export type AccountMapAnswer = Static<typeof AccountMapAnswer>;

// ── « Résultat de la fête » ──────────────────────────────────────────────────────────────────────
export const FairEvent = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  startsOn: Type.Union([Type.String(), Type.Null()]),
  sales: Type.Integer(),
});
export type FairEvent = Static<typeof FairEvent>;
export const FairEventList = Type.Object({ events: Type.Array(FairEvent) });
export type FairEventList = Static<typeof FairEventList>;

export const PurchaseInput = Type.Object({
  label: SafeText({ minLength: 1, maxLength: 200 }),
  amount: MoneyInput,
  account: Type.Optional(AccountCode),
  date: Type.Optional(Type.String({ format: 'date' })),
});
export type PurchaseInput = Static<typeof PurchaseInput>;
export const Purchase = Type.Object({
  id: Type.Integer(),
  label: Type.String(),
  account: Type.String(),
  amount: Type.Number(),
  date: Type.String(),
});
export type Purchase = Static<typeof Purchase>;

/** Where a cost of the fair comes from: the prizes of raffle and bingo, or a purchase entered. */
export const CostSource = Type.Union([
  Type.Literal('raffle'),
  Type.Literal('giftbasket'),
  Type.Literal('bingo'),
  Type.Literal('purchases'),
]);
export type CostSource = Static<typeof CostSource>;
/** The costs' origins, in the order the result shows them, with their French labels. */
export const COST_SOURCES: ReadonlyArray<{ source: CostSource; label: string }> = [
  { source: 'raffle', label: 'Lots de tombola' },
  { source: 'giftbasket', label: 'Lots de paniers garnis' },
  { source: 'bingo', label: 'Lots du loto' },
  { source: 'purchases', label: 'Achats saisis' },
];
export const PrizeCostRow = Type.Object({
  source: CostSource,
  /** « Lots de tombola », « Lots de paniers garnis » or « Lots du loto ». */
  label: Type.String(),
  /** The raffle's, basket's or loto night's name. */
  name: Type.String(),
  /** How many prizes (quantities counted). */
  prizes: Type.Integer(),
  amount: Type.Number(),
});
export type PrizeCostRow = Static<typeof PrizeCostRow>;

const ByPaymentMode = Type.Array(Type.Object({ method: Type.String(), label: Type.String(), amount: Type.Number() }));

/**
 * « Résultat de la fête ». Every figure is net of the refunds, so it agrees with the register's
 * dashboard (net), the Z reports' grand totals and the Bilan (services/accounting/README.md): result =
 * revenue − costs + till gaps.
 */
export const FairResult = Type.Object({
  event: Type.Object({ id: Type.Integer(), name: Type.String() }),
  sales: Type.Integer(),
  revenue: Type.Object({
    /** What the sales earned by category, refunded lines taken off. */
    byCategory: Type.Array(Type.Object({ category: Type.String(), account: Type.String(), amount: Type.Number() })),
    /** What was collected by payment mode, the money handed back by refunds taken off. */
    byPaymentMode: ByPaymentMode,
    /** The refunds already taken off the figures above. */
    refunds: Type.Object({ count: Type.Integer(), amount: Type.Number() }),
    total: Type.Number(),
  }),
  /**
   * Counted − expected at the till closings, per payment mode (negative: money missing); booked to
   * 658 / 758, so part of the result.
   */
  tillGaps: Type.Object({ closings: Type.Integer(), byPaymentMode: ByPaymentMode, total: Type.Number() }),
  costs: Type.Object({
    /** One row per origin, always the four of COST_SOURCES in that order (0 when none). */
    bySource: Type.Array(Type.Object({ source: CostSource, label: Type.String(), amount: Type.Number() })),
    /** Prize costs as raffle and bingo published them: one row per raffle, gift basket or loto night. */
    prizes: Type.Array(PrizeCostRow),
    purchases: Type.Array(Purchase),
    total: Type.Number(),
  }),
  result: Type.Number(),
});
export type FairResult = Static<typeof FairResult>;
