/**
 * The plan comptable associatif (ANC 2018-06, 2025 revision) as the fair's books use it: the
 * accounts a sale is written to, by payment mode and by what was sold, with the labels the
 * journal and the FEC show. The treasurer may change the defaults per payment mode, per kind of
 * line and per category.
 */

export const ACCOUNT_LABELS: Record<string, string> = {
  '467': 'HelloAsso, sommes à recevoir',
  '512': 'Banque',
  '5112': 'Chèques à encaisser',
  '5115': 'Cartes à encaisser',
  '530': 'Caisse',
  '6063': "Fournitures d'entretien et de petit équipement",
  '604': "Achats d'études et prestations de services",
  '6071': 'Achats de marchandises',
  '6072': 'Achats de marchandises (buvette)',
  '62341': 'Cadeaux et lots (tombola)',
  '62343': 'Cadeaux et lots (loto)',
  '627': 'Services bancaires et assimilés',
  '658': 'Charges diverses de gestion courante',
  '706': 'Prestations de services',
  '707': 'Ventes de marchandises',
  '7541': 'Dons manuels',
  '756': 'Cotisations',
  '758': 'Produits divers de gestion courante',
  '7780': 'Manifestations diverses',
};

/** Label of an account: the plan's, else « Compte {code} ». */
export const accountLabel = (code: string): string => ACCOUNT_LABELS[code] ?? `Compte ${code}`;

/** A payment method as sales carry it: CB (card), ESP (cash), CHQ (cheque). */
export type PaymentMethod = 'ESP' | 'CHQ' | 'CB';
/** The kinds of line the account map names (the treasurer's form). */
export type MappedKind = 'product' | 'donation' | 'discount' | 'raffle' | 'giftbasket';
/** What a sale line sells (the `kind` of a sale.completed line): loto cartons (`bingo`) earn like raffle tickets. */
export type LineKind = MappedKind | 'bingo';

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = { ESP: 'Espèces', CHQ: 'Chèque', CB: 'CB' };
export const LINE_KIND_LABELS: Record<LineKind, string> = {
  product: 'Produits',
  donation: 'Dons',
  discount: 'Remises (formule)',
  raffle: 'Tickets de tombola',
  giftbasket: 'Paris sur les paniers garnis',
  bingo: 'Cartons de loto',
};

/** Debit side of a sale: where the money is, by payment mode. */
export const DEFAULT_PAYMENT_ACCOUNTS: Record<PaymentMethod, string> = { ESP: '530', CHQ: '5112', CB: '5115' };
/** Credit side of a sale: what it earned, by kind of line (a category may say otherwise). */
export const DEFAULT_KIND_ACCOUNTS: Record<MappedKind, string> = {
  product: '707',
  donation: '7541',
  discount: '707',
  raffle: '7780',
  giftbasket: '7780',
};
/** Purchases entered for an event: their default expense account and the account that paid them. */
export const DEFAULT_PURCHASE_ACCOUNT = '6071';
export const DEFAULT_PURCHASE_PAYMENT_ACCOUNT = '512';

/** Account numbers: digits only, 3 to 12 of them (« 707 », « 5112 », « 708801 »). */
export const ACCOUNT_CODE_PATTERN = '^[1-9][0-9]{2,11}$';
export const isAccountCode = (value: string): boolean => new RegExp(ACCOUNT_CODE_PATTERN).test(value);

export interface AccountMap {
  payments: Record<PaymentMethod, string>;
  kinds: Record<MappedKind, string>;
  /** Category name → account; wins over the kind for the lines of that category. */
  categories: Record<string, string>;
}

/** The credit account of a line under a map. */
export function revenueAccountOf(map: AccountMap, line: { kind: LineKind; categoryName: string }): string {
  // A kind the map does not name (loto cartons, `bingo`) earns like raffle tickets.
  return map.categories[line.categoryName] ?? (line.kind in map.kinds ? map.kinds[line.kind as MappedKind] : map.kinds.raffle);
}

export interface JournalLineDraft {
  account: string;
  debitCents: number;
  creditCents: number;
}

/**
 * The lines of a sale's entry: one debit per payment account, one credit per revenue account
 * (a meal-deal discount lowers its account), netted per account. Debits equal credits: when the
 * payments do not add up to the sale's total (change kept, rounding), the total wins and the
 * difference goes on the largest payment.
 */
export function saleEntryLines(
  map: AccountMap,
  sale: {
    lines: ReadonlyArray<{ kind: LineKind; categoryName: string; totalCents: number }>;
    payments: ReadonlyArray<{ method: PaymentMethod; amountCents: number }>;
    totalCents: number;
  },
): JournalLineDraft[] {
  const revenue = new Map<string, number>();
  for (const line of sale.lines) {
    const account = revenueAccountOf(map, line);
    revenue.set(account, (revenue.get(account) ?? 0) + line.totalCents);
  }
  const creditTotal = [...revenue.values()].reduce((a, b) => a + b, 0);
  const money = new Map<string, number>();
  for (const payment of sale.payments) {
    const account = map.payments[payment.method];
    money.set(account, (money.get(account) ?? 0) + payment.amountCents);
  }
  const debitTotal = [...money.values()].reduce((a, b) => a + b, 0);
  if (money.size === 0 && creditTotal !== 0) money.set(map.payments.ESP, 0);
  if (debitTotal !== creditTotal) {
    const largest = [...money.entries()].sort((a, b) => b[1] - a[1])[0]!;
    money.set(largest[0], largest[1] + creditTotal - debitTotal);
  }
  const lines: JournalLineDraft[] = [];
  const push = (account: string, amount: number, side: 'debit' | 'credit') => {
    if (amount === 0) return;
    const debit = side === 'debit' ? amount : -amount;
    lines.push({ account, debitCents: Math.max(debit, 0), creditCents: Math.max(-debit, 0) });
  };
  for (const [account, amount] of [...money.entries()].sort()) push(account, amount, 'debit');
  for (const [account, amount] of [...revenue.entries()].sort()) push(account, amount, 'credit');
  return lines;
}
