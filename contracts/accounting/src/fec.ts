/**
 * The Fichier des écritures comptables (article A47 A-1 of the Livre des procédures fiscales,
 * docs/fec.md): the 18 columns in order, tab-separated, dates as YYYYMMDD, amounts with a decimal
 * comma, one line per journal line, entries numbered without gaps; its text is written in ISO 8859-15
 * by the service (`fecFileName` names it).
 */
import { neutraliseCell, plainAmount } from '@kermesse/contracts-common';

export const FEC_COLUMNS = [
  'JournalCode',
  'JournalLib',
  'EcritureNum',
  'EcritureDate',
  'CompteNum',
  'CompteLib',
  'CompAuxNum',
  'CompAuxLib',
  'PieceRef',
  'PieceDate',
  'EcritureLib',
  'Debit',
  'Credit',
  'EcritureLet',
  'DateLet',
  'ValidDate',
  'Montantdevise',
  'Idevise',
] as const;

export interface FecEntry {
  journalCode: string;
  journalLabel: string;
  /** Continuous within the financial year: 1, 2, 3… */
  number: number;
  /** 'YYYY-MM-DD' */
  date: string;
  pieceRef: string;
  pieceDate: string;
  label: string;
  /** 'YYYY-MM-DD': when the entry was recorded (it cannot change afterwards). */
  validDate: string;
  lines: ReadonlyArray<{ account: string; accountLabel: string; debitCents: number; creditCents: number }>;
}

/** SIRENFECAAAAMMJJ.txt, the closing day being 31 December; without a SIREN, FECAAAAMMJJ.txt (docs/fec.md §2). */
export const fecFileName = (year: number, siren: string | null): string => `${siren ?? ''}FEC${year}1231.txt`;

/** 'YYYY-MM-DD' → 'YYYYMMDD' */
export const fecDate = (isoDay: string): string => isoDay.slice(0, 10).replace(/-/g, '');

/**
 * A text cell: no tab nor line break may appear inside it, and a label a spreadsheet would run as a
 * formula (stored before names were checked) is neutralised with an apostrophe, as in every CSV export.
 */
const cell = (value: string) => neutraliseCell(latin9(value.replace(/[\t\r\n]+/g, ' ').trim()));

/**
 * The file is written in ISO 8859-15 (docs/fec.md §1): the typographic signs a label may hold that this
 * character set lacks become their plain forms (’ → ', – → -, … → ...), so nothing turns into « ? ».
 */
export function latin9(value: string): string {
  return value
    .normalize('NFC')
    .replace(/[\u2018\u2019\u201A\u2032]/g, "'")
    .replace(/[\u201C\u201D\u201E\u2033]/g, '"')
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    .replace(/\u2026/g, '...')
    .replace(/[\u2000-\u200A\u202F\u205F]/g, ' ')
    .replace(/[\u200B-\u200D\u2060\uFEFF]/g, '');
}

/** The FEC text of entries already in number order (header line included, CRLF line ends). */
export function buildFec(entries: readonly FecEntry[]): string {
  const lines = [FEC_COLUMNS.join('\t')];
  for (const entry of entries) {
    for (const line of entry.lines) {
      lines.push(
        [
          cell(entry.journalCode),
          cell(entry.journalLabel),
          String(entry.number),
          fecDate(entry.date),
          line.account,
          cell(line.accountLabel),
          '',
          '',
          cell(entry.pieceRef),
          fecDate(entry.pieceDate),
          cell(entry.label),
          plainAmount(line.debitCents),
          plainAmount(line.creditCents),
          '',
          '',
          fecDate(entry.validDate),
          '',
          '',
        ].join('\t'),
      );
    }
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** Checks the numbering of a year's entries: 1…n without a gap nor a repeat. */
export function numberingGaps(numbers: readonly number[]): number[] {
  const missing: number[] = [];
  const sorted = [...numbers].sort((a, b) => a - b);
  let expected = 1;
  for (const n of sorted) {
    while (expected < n) missing.push(expected++);
    if (n === expected) expected++;
  }
  return missing;
}
