/**
 * The FEC checked rule by rule (article A47 A-1 of the Livre des procédures fiscales, docs/fec.md):
 * what the administration's « Test Compta Demat » looks at before an auditor opens the file. Pure, so
 * the service's tests, the browser tests and a treasurer's doubt all apply the same rules. Each problem
 * is a French sentence naming its line.
 */
import { FEC_COLUMNS } from './fec.ts';

export interface FecCheckOptions {
  /** The downloaded file's name. */
  fileName: string;
  /** The financial year the file covers (1 January to 31 December, docs/spec.md §9). */
  year: number;
  /** The association's SIREN, when it has one: the name must start with it. */
  siren?: string | null;
}

export interface FecCheck {
  problems: string[];
  /** What was read, for a report: lines of entries, entries, journals. */
  lines: number;
  entries: number;
  journals: string[];
  separator: '\t' | '|' | null;
}

const AMOUNT = /^\d+,\d{2}$/;
const cents = (amount: string) => Number(amount.replace(',', ''));

/** A YYYYMMDD that is a day of the calendar. */
export function isFecDate(value: string): boolean {
  const match = /^(\d{4})(\d{2})(\d{2})$/.exec(value);
  if (!match) return false;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/**
 * Reads the file's bytes (ISO 8859-15, the format's character set) and applies every rule: the name,
 * the character set, the 18 columns in order, one separator, the dates, the amounts, the accounts,
 * the labels, the numbering (continuous over the year, in order within each journal), each entry
 * balanced, one date and one journal per entry, and the order of validation.
 */
export function checkFec(bytes: Uint8Array, options: FecCheckOptions): FecCheck {
  const problems: string[] = [];
  const closing = `${options.year}1231`;

  const name = /^(\d{9})?FEC(\d{8})\.txt$/.exec(options.fileName);
  if (!name) problems.push(`Nom du fichier « ${options.fileName} » : il doit s'écrire SIRENFECAAAAMMJJ.txt.`);
  else {
    if (name[2] !== closing) problems.push(`Nom du fichier : la date ${name[2]} n'est pas la clôture de l'exercice (${closing}).`);
    if (options.siren && name[1] !== options.siren) problems.push(`Nom du fichier : il doit commencer par le SIREN ${options.siren}.`);
  }

  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf)
    problems.push('Jeu de caractères : le fichier commence par une marque UTF-8 (BOM) ; il doit être en ISO 8859-15.');
  const text = new TextDecoder('iso-8859-15').decode(bytes);
  // eslint-disable-next-line no-control-regex -- finding them is the point
  if (/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/.test(text))
    problems.push('Jeu de caractères : caractères de contrôle dans le fichier.');
  // Text that was UTF-8 read as ISO 8859-15 shows « Ã© » where « é » was meant.
  if (/Ã[\u0080-\u00BF©¨§ª«®¯´]/.test(text)) problems.push('Jeu de caractères : du texte UTF-8 a été écrit dans un fichier ISO 8859-15.');

  const rows = text.replace(/\r?\n$/, '').split(/\r?\n/);
  const header = rows[0] ?? '';
  const separator = header.includes('\t') ? '\t' : header.includes('|') ? '|' : null;
  const result: FecCheck = { problems, lines: Math.max(0, rows.length - 1), entries: 0, journals: [], separator };
  if (!separator) {
    problems.push("Ligne 1 : ni tabulation ni barre verticale (|) ne sépare les zones de l'en-tête.");
    return result;
  }
  if (header !== FEC_COLUMNS.join(separator))
    problems.push(`Ligne 1 : l'en-tête doit être les 18 zones dans l'ordre : ${FEC_COLUMNS.join(', ')}.`);

  interface Entry {
    journal: string;
    number: number;
    date: string;
    validDate: string;
    debit: number;
    credit: number;
    firstLine: number;
  }
  const entries: Entry[] = [];
  let current: Entry | null = null;
  const seen = new Set<number>();
  for (let index = 1; index < rows.length; index++) {
    const lineNo = index + 1;
    const at = `Ligne ${lineNo}`;
    const cells = rows[index]!.split(separator);
    if (cells.length !== 18) {
      problems.push(`${at} : ${cells.length} zones au lieu de 18.`);
      continue;
    }
    const [journal, journalLib, num, date, account, accountLib, , , pieceRef, pieceDate, label, debit, credit, , dateLet, validDate] =
      cells as [string, ...string[]] as string[];
    if (!journal || !journalLib) problems.push(`${at} : JournalCode et JournalLib sont obligatoires.`);
    if (!/^\d+$/.test(num!)) problems.push(`${at} : EcritureNum « ${num} » n'est pas un numéro.`);
    for (const [field, value] of [
      ['EcritureDate', date],
      ['PieceDate', pieceDate],
      ['ValidDate', validDate],
    ] as const)
      if (!isFecDate(value!)) problems.push(`${at} : ${field} « ${value} » n'est pas une date AAAAMMJJ.`);
    if (dateLet && !isFecDate(dateLet)) problems.push(`${at} : DateLet « ${dateLet} » n'est pas une date AAAAMMJJ.`);
    if (isFecDate(date!) && !date!.startsWith(String(options.year)))
      problems.push(`${at} : EcritureDate ${date} hors de l'exercice ${options.year}.`);
    if (!/^\d{3}/.test(account!)) problems.push(`${at} : CompteNum « ${account} » doit commencer par trois chiffres.`);
    if (!accountLib) problems.push(`${at} : CompteLib est obligatoire.`);
    if (!pieceRef) problems.push(`${at} : PieceRef est obligatoire.`);
    if (!label) problems.push(`${at} : EcritureLib est obligatoire.`);
    const amountsRead = AMOUNT.test(debit!) && AMOUNT.test(credit!);
    if (!amountsRead)
      problems.push(`${at} : Debit « ${debit} » et Credit « ${credit} » doivent s'écrire avec une virgule décimale (1234,50).`);
    else if ((cents(debit!) === 0) === (cents(credit!) === 0))
      problems.push(`${at} : une ligne porte un montant au débit ou au crédit, pas les deux ni aucun.`);

    const number = Number(num);
    if (!current || current.number !== number) {
      if (seen.has(number)) problems.push(`${at} : les lignes de l'écriture ${number} ne se suivent pas.`);
      seen.add(number);
      current = { journal: journal!, number, date: date!, validDate: validDate!, debit: 0, credit: 0, firstLine: lineNo };
      entries.push(current);
    } else {
      if (current.journal !== journal) problems.push(`${at} : l'écriture ${number} change de journal.`);
      if (current.date !== date) problems.push(`${at} : l'écriture ${number} change de date.`);
      if (current.validDate !== validDate) problems.push(`${at} : l'écriture ${number} change de date de validation.`);
    }
    if (amountsRead) {
      current.debit += cents(debit!);
      current.credit += cents(credit!);
    }
  }

  for (const entry of entries)
    if (entry.debit !== entry.credit)
      problems.push(
        `Ligne ${entry.firstLine} : l'écriture ${entry.number} n'est pas équilibrée (débit ${entry.debit / 100}, crédit ${entry.credit / 100}).`,
      );

  // Numbers: 1…n over the year without gap nor repeat, each journal's in increasing order, entries in
  // the order they were validated.
  const numbers = entries.map((e) => e.number).sort((a, b) => a - b);
  numbers.forEach((n, i) => {
    if (n !== i + 1 && (i === 0 || numbers[i - 1] !== n)) problems.push(`EcritureNum : la numérotation saute de ${i} à ${n}.`);
  });
  const lastOfJournal = new Map<string, number>();
  let lastValid = '';
  let lastNumber = 0;
  for (const entry of entries) {
    if (entry.number < lastNumber) problems.push(`Ligne ${entry.firstLine} : l'écriture ${entry.number} vient après la ${lastNumber}.`);
    lastNumber = Math.max(lastNumber, entry.number);
    const last = lastOfJournal.get(entry.journal);
    if (last !== undefined && entry.number <= last)
      problems.push(`Ligne ${entry.firstLine} : dans le journal ${entry.journal}, l'écriture ${entry.number} vient après la ${last}.`);
    lastOfJournal.set(entry.journal, entry.number);
    if (entry.validDate < lastValid)
      problems.push(
        `Ligne ${entry.firstLine} : l'écriture ${entry.number} est validée le ${entry.validDate}, avant la précédente (${lastValid}).`,
      );
    lastValid = entry.validDate > lastValid ? entry.validDate : lastValid;
  }
  const totals = entries.reduce((sum, e) => ({ debit: sum.debit + e.debit, credit: sum.credit + e.credit }), { debit: 0, credit: 0 });
  if (totals.debit !== totals.credit)
    problems.push(`Le fichier n'est pas équilibré : débit ${totals.debit / 100}, crédit ${totals.credit / 100}.`);

  result.entries = entries.length;
  result.journals = [...lastOfJournal.keys()].sort();
  return result;
}
