/**
 * A bank statement as French banks export it (docs/bank.md §1): CSV (a date, a label, one signed
 * amount or a debit and a credit column, « 30,50 » decimals, UTF-8 or ISO 8859-1, a few lines about
 * the account before the titles), OFX or CAMT.053 (ISO 20022 XML). Every line a movement with its
 * fingerprint, or a French problem naming its line. Pure: tested without a database.
 */
import { createHash } from 'node:crypto';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { decodeCsvBytes, encodingProblem, normaliseHeader, parseScaledDecimal, readCsv, shorten, type CsvRow } from '@kermesse/kit/csv';

export interface StatementLine {
  /** The line of the file (CSV) or the rank of the transaction (OFX). */
  line: number;
  date: string;
  label: string;
  /** Positive: money in; negative: money out. */
  amountCents: number;
  /** Stable across statements: the same movement imported twice is kept once. */
  fingerprint: string;
}

/** The CSV columns of a bank, by their titles in the file: one signed amount, or a debit and a credit. */
export interface CsvLayout {
  date: string;
  label: string;
  amount?: string;
  debit?: string;
  credit?: string;
}

/** Titles that could each be a field: the treasurer chooses once, the layout is kept for the account. */
export interface LayoutChoices {
  titles: string[];
  choices: Record<Column, string[]>;
  /** What Kermesse would take: the most specific title of each field. */
  suggested: CsvLayout;
}

export interface Statement {
  format: 'csv' | 'ofx' | 'camt053';
  lines: StatementLine[];
  errors: string[];
  /** CSV: the columns read, to remember for the account. */
  layout?: CsvLayout;
  /** CSV whose titles fit more than one layout, none chosen yet: nothing is read. */
  layoutNeeded?: LayoutChoices;
}

/** How to read a CSV statement: the layout the treasurer just chose, else the one kept for the account. */
export interface StatementOptions {
  layout?: CsvLayout;
  remembered?: CsvLayout | null;
}

/** Column titles accepted for each field, most specific first (compared without accents, case or spaces). */
const COLUMNS = {
  date: ['dateoperation', 'datedoperation', 'dateope', 'datecomptable', 'datedecomptabilisation', 'date'],
  label: [
    'libelle',
    'libelleoperation',
    'libelledeloperation',
    'libellesimplifie',
    'libelleoperationbancaire',
    'operation',
    'intitule',
    'description',
    'detail',
    'nature',
  ],
  amount: ['montant', 'montanteur', 'montanteuros', 'montanteneuros', 'montanteneur', 'somme'],
  debit: ['debit', 'debiteur', 'debiteuros', 'debiteneuros', 'debiteneur', 'debits'],
  credit: ['credit', 'crediteur', 'crediteuros', 'crediteneuros', 'crediteneur', 'credits'],
} as const;
export type Column = keyof typeof COLUMNS;

/** « 14/03/2026 », « 14/03/26 », « 14-03-2026 », « 14.03.2026 » or « 2026-03-14 » → '2026-03-14'; null otherwise. */
export function readBankDay(raw: string): string | null {
  const text = raw.trim();
  const french = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})$/.exec(text);
  const iso = /^(\d{4})-(\d{2})-(\d{2})(?:[T ].*)?$/.exec(text);
  const ofx = /^(\d{4})(\d{2})(\d{2})/.exec(text);
  const [y, m, d] = french
    ? [french[3]!.length === 2 ? `20${french[3]}` : french[3], french[2], french[1]]
    : iso
      ? [iso[1], iso[2], iso[3]]
      : ofx
        ? [ofx[1], ofx[2], ofx[3]]
        : [];
  if (!y || !m || !d) return null;
  const day = `${y}-${m.padStart(2, '0')}-${d.padStart(2, '0')}`;
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== day || Number(y) < 1900 || Number(y) > 2999 ? null : day;
}

/** « -1 234,50 € », « +30,50 », « 30.50 EUR » → cents; null when it is no amount. */
export function readBankAmount(raw: string): number | null {
  const text = raw.replace(/€|eur(os)?/gi, '').trim();
  if (!text) return null;
  return parseScaledDecimal(text, 2);
}

const fingerprintOf = (parts: string) => createHash('sha256').update(parts).digest('hex').slice(0, 40);

/** Day, amount and label, plus the rank among identical movements of the file (two 10 € payouts the same day). */
function withFingerprints(lines: Array<Omit<StatementLine, 'fingerprint'>>): StatementLine[] {
  const seen = new Map<string, number>();
  return lines.map((line) => {
    const key = `${line.date}|${line.amountCents}|${normaliseHeader(line.label)}`;
    const rank = (seen.get(key) ?? 0) + 1;
    seen.set(key, rank);
    return { ...line, fingerprint: fingerprintOf(`${key}|${rank}`) };
  });
}

/** Whether the bytes are an OFX file (a header `OFXHEADER:` or an `<OFX>` element). */
function looksLikeOfx(text: string): boolean {
  return /^\s*(OFXHEADER:|<\?xml[^>]*>\s*<\?OFX)/i.test(text) || /<OFX>/i.test(text.slice(0, 4000));
}

/** Reads a statement; `errors` lists every problem (the import is all or nothing). */
export function readStatement(bytes: Uint8Array, options: StatementOptions = {}): Statement {
  let text: string;
  try {
    text = decodeCsvBytes(bytes).text;
  } catch {
    return {
      format: 'csv',
      lines: [],
      errors: ['Ce fichier n’est pas un relevé lisible : exportez-le en CSV ou en OFX (ou CAMT.053) depuis votre banque.'],
    };
  }
  if (looksLikeOfx(text)) return readOfx(text);
  if (looksLikeCamt(text)) return readCamt(text);
  return readCsvStatement(bytes, options);
}

interface Header {
  header: CsvRow;
  index: Record<Column, number>;
  /** Set when more than one title fits a field. */
  ambiguous: LayoutChoices | null;
}

/** The row holding the chosen layout's titles, and where they are. */
function findLayout(rows: CsvRow[], layout: CsvLayout): Header | null {
  for (const row of rows.slice(0, 30)) {
    const titles = row.cells.map(normaliseHeader);
    const at = (title: string | undefined) => (title ? titles.indexOf(normaliseHeader(title)) : -1);
    const index: Record<Column, number> = {
      date: at(layout.date),
      label: at(layout.label),
      amount: at(layout.amount),
      debit: layout.amount ? -1 : at(layout.debit),
      credit: layout.amount ? -1 : at(layout.credit),
    };
    if (index.date >= 0 && index.label >= 0 && (index.amount >= 0 || (index.debit >= 0 && index.credit >= 0)))
      return { header: row, index, ambiguous: null };
  }
  return null;
}

function findHeader(rows: CsvRow[]): Header | null {
  for (const row of rows.slice(0, 30)) {
    const titles = row.cells.map(normaliseHeader);
    const index = Object.fromEntries(
      (Object.keys(COLUMNS) as Column[]).map((column) => {
        for (const name of COLUMNS[column]) {
          const at = titles.indexOf(name);
          if (at >= 0) return [column, at];
        }
        return [column, titles.findIndex((title) => (COLUMNS[column] as readonly string[]).some((name) => title.startsWith(name)))];
      }),
    ) as Record<Column, number>;
    if (!(index.date >= 0 && index.label >= 0 && (index.amount >= 0 || (index.debit >= 0 && index.credit >= 0)))) continue;
    // Two known titles for one field (« Date opération » and « Date comptable », « Libellé » and « Détail »),
    // or a signed amount beside a debit and a credit: which one the bank means is the treasurer's choice.
    const known = (column: Column) =>
      row.cells.filter((_, i) => (COLUMNS[column] as readonly string[]).includes(titles[i]!)).map((title) => title.trim());
    const choices = Object.fromEntries((Object.keys(COLUMNS) as Column[]).map((column) => [column, known(column)])) as Record<
      Column,
      string[]
    >;
    const both = index.amount >= 0 && index.debit >= 0 && index.credit >= 0;
    const ambiguous = both || (Object.keys(COLUMNS) as Column[]).some((column) => choices[column].length > 1);
    const title = (at: number) => (at >= 0 ? row.cells[at]!.trim() : undefined);
    const suggested: CsvLayout =
      index.amount >= 0
        ? { date: title(index.date)!, label: title(index.label)!, amount: title(index.amount) }
        : { date: title(index.date)!, label: title(index.label)!, debit: title(index.debit), credit: title(index.credit) };
    return {
      header: row,
      index: index.amount >= 0 ? { ...index, debit: -1, credit: -1 } : index,
      ambiguous: ambiguous ? { titles: row.cells.map((cell) => cell.trim()).filter(Boolean), choices, suggested } : null,
    };
  }
  return null;
}

function readCsvStatement(bytes: Uint8Array, options: StatementOptions): Statement {
  const csv = readCsv(bytes);
  const errors = [...csv.errors];
  const all = csv.header ? [csv.header, ...csv.rows] : csv.rows;
  if (options.layout && !findLayout(all, options.layout)) {
    const named = [options.layout.date, options.layout.label, options.layout.amount, options.layout.debit, options.layout.credit];
    errors.push(
      `Colonnes introuvables : aucune ligne de titres ne contient ${named
        .filter((title): title is string => Boolean(title))
        .map((title) => `« ${shorten(title)} »`)
        .join(', ')}.`,
    );
    return { format: 'csv', lines: [], errors };
  }
  // The layout kept for the account is used while the bank's titles stay the same; a new export is read afresh.
  const chosen = options.layout ?? options.remembered ?? null;
  const found = (chosen && findLayout(all, chosen)) || findHeader(all);
  if (!found) {
    errors.push(
      'Colonnes introuvables : le relevé doit avoir une ligne de titres avec « Date », « Libellé » et « Montant » (ou « Débit » et « Crédit »).',
    );
    return { format: 'csv', lines: [], errors };
  }
  if (found.ambiguous) return { format: 'csv', lines: [], errors, layoutNeeded: found.ambiguous };
  const { header, index } = found;
  const title = (column: Column) => (index[column] >= 0 ? header.cells[index[column]]!.trim() : undefined);
  const layout: CsvLayout =
    index.amount >= 0
      ? { date: title('date')!, label: title('label')!, amount: title('amount') }
      : { date: title('date')!, label: title('label')!, debit: title('debit'), credit: title('credit') };
  const lines: Array<Omit<StatementLine, 'fingerprint'>> = [];
  for (const row of all.slice(all.indexOf(header) + 1)) {
    const at = `Ligne ${row.line}`;
    const cell = (column: Column) => (index[column] >= 0 ? (row.cells[index[column]] ?? '').trim() : '');
    const amounts = index.amount >= 0 ? [cell('amount')] : [cell('debit'), cell('credit')];
    // A line about the account (« Solde au 31/03/2026 », « Total des opérations ») is no movement.
    if ([cell('date'), cell('label')].some((text) => /^(ancien|nouveau)?solde|^total/.test(normaliseHeader(text)))) continue;
    if (amounts.every((a) => a === '') && !cell('date')) continue;
    const broken = encodingProblem(row);
    if (broken) {
      errors.push(broken);
      continue;
    }
    const date = readBankDay(cell('date'));
    let amountCents: number | null;
    let amountText: string;
    if (index.amount >= 0) {
      amountText = cell('amount');
      amountCents = readBankAmount(amountText);
    } else {
      const debit = cell('debit') ? readBankAmount(cell('debit')) : 0;
      const credit = cell('credit') ? readBankAmount(cell('credit')) : 0;
      amountText = cell('debit') || cell('credit');
      // A debit column holds the amount with or without its minus sign.
      amountCents = debit === null || credit === null ? null : Math.abs(credit) - Math.abs(debit);
    }
    const problems = [
      date ? null : `la date « ${shorten(cell('date'))} » n'est pas une date (14/03/2026)`,
      amountCents !== null && amountCents !== 0
        ? null
        : `le montant « ${shorten(amountText)} » n'est pas un montant en euros (-30,50 ou 30,50)`,
      cell('label') ? null : 'le libellé est vide',
    ].filter((problem): problem is string => problem !== null);
    if (problems.length > 0) {
      errors.push(`${at} : ${problems.join(' ; ')}.`);
      continue;
    }
    lines.push({ line: row.line, date: date!, label: cell('label').replace(/\s+/g, ' '), amountCents: amountCents! });
  }
  if (lines.length === 0 && errors.length === 0)
    errors.push('Le relevé ne contient aucune opération : une ligne de titres puis une opération par ligne.');
  return { format: 'csv', lines: withFingerprints(lines), errors, layout };
}

/** An element's text in OFX, whether the file closes its elements (XML) or not (SGML). */
const ofxField = (block: string, tag: string): string => {
  const match = new RegExp(`<${tag}>([^<\\r\\n]*)`, 'i').exec(block);
  return (match?.[1] ?? '').trim().replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>');
};

function readOfx(text: string): Statement {
  const errors: string[] = [];
  const lines: StatementLine[] = [];
  const blocks = text.split(/<STMTTRN>/i).slice(1);
  blocks.forEach((raw, i) => {
    const block = raw.split(/<\/STMTTRN>/i)[0]!;
    const at = `Opération ${i + 1}`;
    const date = readBankDay(ofxField(block, 'DTPOSTED'));
    const amountCents = readBankAmount(ofxField(block, 'TRNAMT'));
    const name = ofxField(block, 'NAME');
    const memo = ofxField(block, 'MEMO');
    const label = [name, memo && memo !== name ? memo : ''].filter(Boolean).join(' ').replace(/\s+/g, ' ');
    const fitid = ofxField(block, 'FITID');
    const problems = [
      date ? null : `la date « ${shorten(ofxField(block, 'DTPOSTED'))} » n'est pas une date`,
      amountCents !== null && amountCents !== 0 ? null : `le montant « ${shorten(ofxField(block, 'TRNAMT'))} » n'est pas un montant`,
      label ? null : 'le libellé est vide',
    ].filter((problem): problem is string => problem !== null);
    if (problems.length > 0) return void errors.push(`${at} : ${problems.join(' ; ')}.`);
    lines.push({
      line: i + 1,
      date: date!,
      label,
      amountCents: amountCents!,
      // The bank's own id of the movement, the same in every statement that lists it.
      fingerprint: fitid ? fingerprintOf(`ofx|${fitid}`) : '',
    });
  });
  const missing = lines.filter((line) => !line.fingerprint);
  const fingerprinted = withFingerprints(missing);
  missing.forEach((line, i) => (line.fingerprint = fingerprinted[i]!.fingerprint));
  if (lines.length === 0 && errors.length === 0) errors.push('Le fichier OFX ne contient aucune opération (<STMTTRN>).');
  return { format: 'ofx', lines, errors };
}

/** Whether the bytes are an ISO 20022 bank-to-customer statement (`<BkToCstmrStmt>`, CAMT.053). */
function looksLikeCamt(text: string): boolean {
  return /^\s*(<\?xml[^>]*>\s*)?<([\w-]+:)?Document\b/.test(text) && /<([\w-]+:)?BkToCstmrStmt>/.test(text.slice(0, 4000));
}

type XmlNode = Record<string, unknown>;

/** An element's children as a list, whether the file has one or several of them. */
const many = (value: unknown): XmlNode[] =>
  (Array.isArray(value) ? value : value === undefined || value === null ? [] : [value]).filter(
    (item): item is XmlNode => typeof item === 'object' && item !== null,
  );

/** An element's text (`#text` when it carries attributes). */
const textOf = (value: unknown): string => {
  if (typeof value === 'string' || typeof value === 'number') return String(value).trim();
  if (value && typeof value === 'object' && '#text' in value) return String((value as XmlNode)['#text']).trim();
  return '';
};

/** `<BookgDt><Dt>2026-03-14</Dt></BookgDt>` or `<BookgDt><DtTm>2026-03-14T10:00:00</DtTm></BookgDt>`. */
const camtDay = (node: unknown): string => {
  const holder = many(node)[0];
  return holder ? textOf(holder.Dt) || textOf(holder.DtTm) : '';
};

/**
 * CAMT.053: each `Stmt/Ntry` is a movement — `Amt` (always positive) with its currency, `CdtDbtInd`
 * (CRDT money in, DBIT money out), the day it was booked (`BookgDt`, else `ValDt`), the bank's own id
 * (`AcctSvcrRef`, else `NtryRef`) and a label from the remittance text (`RmtInf/Ustrd`) or the
 * additional information (`AddtlNtryInf`). Booked entries only: a pending one (`Sts` PDNG) may still change.
 */
function readCamt(text: string): Statement {
  const broken = XMLValidator.validate(text);
  if (broken !== true)
    return {
      format: 'camt053',
      lines: [],
      errors: [`Le relevé CAMT.053 n'est pas un XML valide (ligne ${broken.err.line}) : exportez-le à nouveau depuis votre banque.`],
    };
  // Namespaces vary with the version (camt.053.001.02 to .08): names are read without their prefix.
  const parser = new XMLParser({
    removeNSPrefix: true,
    ignoreAttributes: false,
    attributeNamePrefix: '@',
    parseTagValue: false,
    trimValues: true,
  });
  const root = parser.parse(text) as XmlNode;
  const document = many(root.Document)[0];
  const statements = many(many(document?.BkToCstmrStmt)[0]?.Stmt);
  const errors: string[] = [];
  const lines: StatementLine[] = [];
  let rank = 0;
  for (const statement of statements) {
    for (const entry of many(statement.Ntry)) {
      rank += 1;
      const ref = textOf(entry.AcctSvcrRef) || textOf(entry.NtryRef);
      const at = `Opération ${rank}${ref ? ` (${shorten(ref)})` : ''}`;
      const status = textOf(entry.Sts) || textOf(many(entry.Sts)[0]?.Cd);
      if (status === 'PDNG' || status === 'INFO') continue;
      const amount = entry.Amt;
      const amountText = textOf(amount);
      const currency = amount && typeof amount === 'object' ? String((amount as XmlNode)['@Ccy'] ?? '') : '';
      const cents = /^\d+(\.\d{1,2})?$/.test(amountText) ? readBankAmount(amountText) : null;
      const direction = textOf(entry.CdtDbtInd);
      const date = readBankDay(camtDay(entry.BookgDt) || camtDay(entry.ValDt));
      const details = many(many(entry.NtryDtls)[0]?.TxDtls);
      const remittance = details.flatMap((tx) => many(tx.RmtInf).flatMap((info) => [info.Ustrd].flat().map(textOf)));
      const label = [...remittance, textOf(entry.AddtlNtryInf)]
        .filter(Boolean)
        .filter((part, i, all) => all.indexOf(part) === i)
        .join(' ')
        .replace(/\s+/g, ' ');
      const problems = [
        date ? null : `la date « ${shorten(camtDay(entry.BookgDt) || camtDay(entry.ValDt))} » n'est pas une date`,
        cents !== null && cents !== 0 ? null : `le montant « ${shorten(amountText)} » n'est pas un montant`,
        currency === 'EUR' ? null : `la devise « ${shorten(currency)} » n'est pas l'euro`,
        direction === 'CRDT' || direction === 'DBIT' ? null : `le sens « ${shorten(direction)} » n'est ni CRDT ni DBIT`,
        label ? null : 'le libellé est vide',
      ].filter((problem): problem is string => problem !== null);
      if (problems.length > 0) {
        errors.push(`${at} : ${problems.join(' ; ')}.`);
        continue;
      }
      lines.push({
        line: rank,
        date: date!,
        label,
        amountCents: direction === 'DBIT' ? -cents! : cents!,
        // The bank's own reference of the movement, the same in every statement that lists it.
        fingerprint: ref ? fingerprintOf(`camt|${ref}`) : '',
      });
    }
  }
  const missing = lines.filter((line) => !line.fingerprint);
  const fingerprinted = withFingerprints(missing);
  missing.forEach((line, i) => (line.fingerprint = fingerprinted[i]!.fingerprint));
  if (lines.length === 0 && errors.length === 0) errors.push('Le relevé CAMT.053 ne contient aucune opération (<Ntry>).');
  return { format: 'camt053', lines, errors };
}
