/**
 * docs/spec.md §9: the « Bilan des comptes », the forecast and the trial-balance report lay a trial balance
 * out by account code, expenses on the left, revenues on the right. Pure, shared by the service
 * (which answers the rows) and the remote (which prints the report of one trial balance).
 */
import { toCents } from '@kermesse/contracts-common';

/** docs/spec.md §9: the expense accounts the layout lists, in order. */
export const EXPENSE_ACCOUNTS = [
  '604',
  '6063',
  '6071',
  '6072',
  '6168',
  '62341',
  '62342',
  '62343',
  '62344',
  '62345',
  '62346',
  '627',
  '6581',
] as const;
/** docs/spec.md §9: the revenue accounts the layout lists, in order. */
export const REVENUE_ACCOUNTS = ['701', '707', '708801', '708802', '708803', '708804', '708805', '754', '7681', '741', '778'] as const;
/** docs/spec.md §9: the expense and revenue accounts shown on the same row. */
export const ACCOUNT_PAIRS: ReadonlyArray<readonly [expense: string, revenue: string]> = [
  ['6071', '701'],
  ['6072', '707'],
  ['62341', '708801'],
  ['62343', '708802'],
  ['62344', '708803'],
  ['62346', '708804'],
  ['627', '7681'],
];

/** What the layout reads of a trial-balance row (balance = debit − credit, in euros). */
export interface LayoutInputRow {
  accountCode: string;
  accountLabel: string;
  balance: number;
}

/** docs/spec.md §3 « Forecast/balance row »; amounts in euros, revenues as absolute values. */
export interface LayoutRow {
  rank: number;
  depense_label: string;
  depenses: number;
  recette_label: string;
  recettes: number;
  solde: number;
}

export interface Layout {
  rows: LayoutRow[];
  /** Sums of the rows shown: expenses, absolute revenues, and their difference (revenues − expenses: a deficit is negative). */
  totals: { depenses: number; recettes: number; solde: number };
}

interface Side {
  label: string;
  cents: number;
}

const euros = (value: number) => value / 100;

/**
 * The listed account an account code falls under: the longest listed code it starts with
 * (« 7541 » Dons manuels is reported under 754, « 707000 » under 707), or null.
 */
export function listedAccountOf(accountCode: string): string | null {
  let best: string | null = null;
  for (const listed of [...EXPENSE_ACCOUNTS, ...REVENUE_ACCOUNTS]) {
    if (accountCode.startsWith(listed) && (!best || listed.length > best.length)) best = listed;
  }
  return best;
}

/**
 * Lays a trial balance out (docs/spec.md §9). Each listed account gathers the rows whose code falls under
 * it; pairs share a row; every other 6… or 7… account gets a row of its own rather than vanish.
 * Order: the listed expenses (with their paired revenue), the unpaired listed revenues, then the
 * other expense accounts and the other revenue accounts by code. solde = revenues − expenses, so a
 * deficit reads negative as a treasurer expects (services/accounting/README.md); revenues are shown as
 * absolute values. With `dropZero`, rows whose solde is 0 are left out (the
 * Bilan and the forecast); totals are those of the rows kept, so the footer adds up on paper.
 */
export function layoutTrialBalance(input: readonly LayoutInputRow[], options: { dropZero?: boolean } = {}): Layout {
  const listed = new Map<string, { labels: string[]; cents: number }>();
  const others = new Map<string, Side>();
  for (const row of input) {
    const code = row.accountCode.trim();
    if (!/^[67]/.test(code)) continue;
    const under = listedAccountOf(code);
    if (under) {
      const entry = listed.get(under) ?? { labels: [], cents: 0 };
      entry.labels.push(row.accountLabel);
      entry.cents += toCents(row.balance);
      listed.set(under, entry);
    } else {
      const entry = others.get(code) ?? { label: row.accountLabel, cents: 0 };
      entry.cents += toCents(row.balance);
      others.set(code, entry);
    }
  }
  const side = (code: string): Side | null => {
    const entry = listed.get(code);
    if (!entry) return null;
    return {
      label: entry.labels.length === 1 ? entry.labels[0]! : (ACCOUNT_LAYOUT_LABELS[code] ?? entry.labels[0] ?? code),
      cents: entry.cents,
    };
  };

  const pairs: Array<[Side | null, Side | null]> = [];
  const pairedRevenue = new Map(ACCOUNT_PAIRS.map(([expense, revenue]) => [expense, revenue]));
  const revenueInPair = new Set(ACCOUNT_PAIRS.map(([, revenue]) => revenue));
  for (const expense of EXPENSE_ACCOUNTS) {
    const revenueCode = pairedRevenue.get(expense);
    const left = side(expense);
    const right = revenueCode ? side(revenueCode) : null;
    if (left || right) pairs.push([left, right]);
  }
  for (const revenue of REVENUE_ACCOUNTS) {
    if (revenueInPair.has(revenue)) continue;
    const right = side(revenue);
    if (right) pairs.push([null, right]);
  }
  const otherCodes = [...others.keys()].sort((a, b) => (a[0] === b[0] ? a.localeCompare(b) : a[0]! < b[0]! ? -1 : 1));
  for (const code of otherCodes) {
    const entry = others.get(code)!;
    pairs.push(code.startsWith('6') ? [entry, null] : [null, entry]);
  }

  const rows: LayoutRow[] = [];
  let totalDepenses = 0;
  let totalRecettes = 0;
  for (const [left, right] of pairs) {
    const depenses = left?.cents ?? 0;
    const recettes = Math.abs(right?.cents ?? 0);
    const solde = recettes - depenses;
    if (options.dropZero && solde === 0) continue;
    totalDepenses += depenses;
    totalRecettes += recettes;
    rows.push({
      rank: rows.length + 1,
      depense_label: left?.label ?? '',
      depenses: euros(depenses),
      recette_label: right?.label ?? '',
      recettes: euros(recettes),
      solde: euros(solde),
    });
  }
  return { rows, totals: { depenses: euros(totalDepenses), recettes: euros(totalRecettes), solde: euros(totalRecettes - totalDepenses) } };
}

/** Totals of rows already laid out (what a screen prints in its footer). */
export function layoutTotals(rows: readonly LayoutRow[]): Layout['totals'] {
  let depenses = 0;
  let recettes = 0;
  for (const row of rows) {
    depenses += toCents(row.depenses);
    recettes += toCents(row.recettes);
  }
  return { depenses: euros(depenses), recettes: euros(recettes), solde: euros(recettes - depenses) };
}

/** docs/spec.md §3 « Availability row ». */
export interface AvailabilityRow {
  accountCode: string;
  accountLabel: string;
  balance: number;
}

/** « Disponibilités »: the treasury (5…) accounts of a trial balance, by code, and their total. */
export function availabilityOf(input: readonly LayoutInputRow[]): { rows: AvailabilityRow[]; total: number } {
  const rows = input
    .filter((row) => row.accountCode.trim().startsWith('5'))
    .map((row) => ({ accountCode: row.accountCode.trim(), accountLabel: row.accountLabel, balance: row.balance }))
    .sort((a, b) => a.accountCode.localeCompare(b.accountCode));
  const total = rows.reduce((sum, row) => sum + toCents(row.balance), 0);
  return { rows, total: euros(total) };
}

/** docs/spec.md §9: the financial year runs from 1 January to 31 December. */
export const periodLabel = (year: number): string => `Période du 1er janvier au 31 décembre ${year}`;

/** Labels used when several accounts of a file fall under one listed account. */
export const ACCOUNT_LAYOUT_LABELS: Record<string, string> = {
  '604': "Achats d'études et prestations de services",
  '6063': 'Fournitures d’entretien et de petit équipement',
  '6071': 'Achats de marchandises',
  '6072': 'Achats de marchandises (buvette)',
  '6168': "Autres primes d'assurance",
  '62341': 'Cadeaux et lots',
  '62342': 'Cadeaux et lots',
  '62343': 'Cadeaux et lots',
  '62344': 'Cadeaux et lots',
  '62345': 'Cadeaux et lots',
  '62346': 'Cadeaux et lots',
  '627': 'Services bancaires et assimilés',
  '6581': 'Cotisations',
  '701': 'Ventes de produits finis',
  '707': 'Ventes de marchandises',
  '708801': 'Produits des activités annexes',
  '708802': 'Produits des activités annexes',
  '708803': 'Produits des activités annexes',
  '708804': 'Produits des activités annexes',
  '708805': 'Produits des activités annexes',
  '754': 'Dons manuels',
  '7681': 'Intérêts',
  '741': "Subventions d'exploitation",
  '778': 'Manifestations diverses',
};
