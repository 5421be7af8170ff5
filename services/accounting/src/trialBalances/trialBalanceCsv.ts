/**
 * `data_csv_raw`: the trial balance a treasurer exports from Paheko (« Balance générale »), a
 * spreadsheet or another tool. The kit reads the file (separator, BOM, Windows-1252, quotes);
 * here the columns are found by name and every line becomes a row, or a French problem naming
 * its line. Pure: tested without a database.
 */
import { encodingProblem, isFormulaLike, normaliseHeader, shorten, type CsvReadResult } from '@kermesse/kit/csv';
import { parseEuros } from '@kermesse/contracts-common';

/** Column titles accepted for each field (compared without accents, case, spaces or punctuation). */
export const COLUMN_ALIASES = {
  code: [
    'accountcode',
    'compte',
    'ncompte',
    'nocompte',
    'numero',
    'numerodecompte',
    'numerocompte',
    'codecompte',
    'comptenum',
    'numcompte',
    'account',
  ],
  label: ['accountlabel', 'libelle', 'intitule', 'libelleducompte', 'libellecompte', 'intituleducompte', 'comptelib', 'label', 'nom'],
  debit: ['debit', 'debits', 'totaldebit', 'totaldebits', 'sommedebit', 'mouvementsdebit', 'soldedebiteur', 'debiteur'],
  credit: ['credit', 'credits', 'totalcredit', 'totalcredits', 'sommecredit', 'mouvementscredit', 'soldecrediteur', 'crediteur'],
  balance: ['balance', 'solde'],
} as const;

export interface ParsedRow {
  line: number;
  accountCode: string;
  accountLabel: string;
  debitCents: number;
  creditCents: number;
}

export interface ParsedTrialBalance {
  rows: ParsedRow[];
  errors: string[];
}

interface Columns {
  code: number;
  label?: number;
  debit?: number;
  credit?: number;
  balance?: number;
}

const EXPECTED = 'colonnes attendues : Compte (ou N° compte, Numéro, accountCode) ; Libellé (ou Intitulé, accountLabel) ; Débit ; Crédit';

/** Finds the columns by their titles; a French problem naming line 1 (the titles' line) when one is missing. */
export function findColumns(header: string[]): Columns | string {
  const normalised = header.map(normaliseHeader);
  const find = (aliases: readonly string[]) => {
    for (const alias of aliases) {
      const index = normalised.indexOf(alias);
      if (index !== -1) return index;
    }
    return undefined;
  };
  const code = find(COLUMN_ALIASES.code);
  const debit = find(COLUMN_ALIASES.debit);
  const credit = find(COLUMN_ALIASES.credit);
  const balance = find(COLUMN_ALIASES.balance);
  if (code === undefined) return `colonne du numéro de compte absente (${EXPECTED}).`;
  if ((debit === undefined || credit === undefined) && balance === undefined) {
    return `colonne ${debit === undefined ? '« Débit »' : '« Crédit »'} absente (${EXPECTED}).`;
  }
  return { code, label: find(COLUMN_ALIASES.label), debit, credit, balance };
}

/** A total or subtotal line of an export (« Total », « Total classe 6 »): not an account. */
const TOTAL_LINE = /^(sous[- ]?)?(total|totaux)\b/i;

/**
 * Checks every line of the file and turns it into rows. All or nothing: the caller writes the
 * rows only when `errors` is empty. Every problem names its line as the spreadsheet numbers it.
 */
export function parseTrialBalance(csv: CsvReadResult): ParsedTrialBalance {
  const errors = [...csv.errors];
  const rows: ParsedRow[] = [];
  if (!csv.header) {
    if (errors.length === 0) errors.push(`Le fichier est vide (${EXPECTED}).`);
    return { rows, errors };
  }
  const headerProblem = encodingProblem(csv.header);
  if (headerProblem) return { rows, errors: [...errors, headerProblem] };
  const columns = findColumns(csv.header.cells);
  if (typeof columns === 'string') return { rows, errors: [...errors, `Ligne ${csv.header.line} : ${columns}`] };

  const seen = new Map<string, number>();
  for (const row of csv.rows) {
    const problem = encodingProblem(row);
    if (problem) {
      errors.push(problem);
      continue;
    }
    const cell = (index: number | undefined) => (index === undefined ? '' : (row.cells[index] ?? '').trim());
    const code = cell(columns.code).replace(/\s+/g, '');
    const label = cell(columns.label);
    if (!code) {
      // Totals at the bottom of an export, or a class heading: no account, nothing to import.
      if (TOTAL_LINE.test(label) || row.cells.every((c, i) => i === columns.label || !c.trim() || TOTAL_LINE.test(c.trim()))) continue;
      errors.push(`Ligne ${row.line} : le numéro de compte est vide.`);
      continue;
    }
    if (TOTAL_LINE.test(code)) continue;
    if (!/^[0-9][0-9A-Za-z]{0,19}$/.test(code)) {
      errors.push(`Ligne ${row.line} : « ${shorten(code)} » n'est pas un numéro de compte (des chiffres, par exemple 707).`);
      continue;
    }
    // Like the other imports: a label a spreadsheet would run is refused, never stored (it reaches the exports).
    if (isFormulaLike(label)) {
      errors.push(
        `Ligne ${row.line} : le libellé « ${shorten(label)} » commence par « ${label.trim()[0]} » : les formules ne sont pas acceptées.`,
      );
      continue;
    }
    const amount = (index: number | undefined, name: string): number | null | undefined => {
      const raw = cell(index);
      if (raw === '' || raw === '-') return 0;
      const cents = parseEuros(raw, { negative: true });
      if (cents === null) {
        errors.push(`Ligne ${row.line} : le ${name} « ${shorten(raw)} » n'est pas un montant (par exemple 1234,56 ou 1234.56).`);
        return undefined;
      }
      return cents;
    };
    let debit: number | null | undefined;
    let credit: number | null | undefined;
    if (columns.debit !== undefined && columns.credit !== undefined) {
      debit = amount(columns.debit, 'débit');
      credit = amount(columns.credit, 'crédit');
    } else {
      const balance = amount(columns.balance, 'solde');
      if (balance !== undefined && balance !== null) {
        debit = Math.max(balance, 0);
        credit = Math.max(-balance, 0);
      }
    }
    if (debit === undefined || credit === undefined || debit === null || credit === null) continue;
    if (debit < 0 || credit < 0) {
      errors.push(
        `Ligne ${row.line} : le ${debit < 0 ? 'débit' : 'crédit'} ne peut pas être négatif (inscrivez le montant dans l'autre colonne).`,
      );
      continue;
    }
    const first = seen.get(code);
    if (first !== undefined) {
      errors.push(`Ligne ${row.line} : le compte ${code} figure déjà ligne ${first}.`);
      continue;
    }
    seen.set(code, row.line);
    rows.push({ line: row.line, accountCode: code, accountLabel: label || code, debitCents: debit, creditCents: credit });
  }
  if (rows.length === 0 && errors.length === 0) errors.push(`Le fichier ne contient aucun compte (${EXPECTED}).`);
  return { rows, errors };
}
