/**
 * Reading and writing the CSV files volunteers exchange with Excel and LibreOffice in French:
 * `;` or `,` (or tab) separators, decimal commas, UTF-8 with or without BOM, Windows-1252 and
 * UTF-16, quoted fields, blank lines. Every problem names the line the spreadsheet shows.
 *
 * Used by every importer (stock inventory, swap-meet bookings) and every CSV export.
 */
import iconv from 'iconv-lite';
import { parse, type Options } from 'csv-parse/sync';
import { neutraliseCell } from '@kermesse/contracts-common';

/** docs/spec.md §5: what the importers answer when the file is not a CSV file. */
export const NOT_CSV_MESSAGE = 'Veuillez sélectionner un fichier CSV valide';

export type CsvEncoding = 'utf-8' | 'windows-1252' | 'utf-16le' | 'utf-16be';

/** One record of the file; `line` is the (1-based) line it starts on, as a spreadsheet numbers rows. */
export interface CsvRow {
  line: number;
  cells: string[];
}

export interface CsvReadResult {
  encoding: CsvEncoding;
  delimiter: string;
  /** The first non-blank record (column titles). */
  header: CsvRow | null;
  /** The records after the header, blank ones left out. */
  rows: CsvRow[];
  /** File-level problems, in French, each naming its line. When not empty, `rows` may be partial. */
  errors: string[];
}

/** Thrown when the bytes are not a text CSV file at all (a spreadsheet, a PDF, an image…). */
export class NotCsvError extends Error {
  constructor(message = NOT_CSV_MESSAGE) {
    super(message);
    this.name = 'NotCsvError';
  }
}

const CSV_MIME_TYPES = new Set(['text/csv', 'application/csv', 'text/comma-separated-values', 'text/x-csv', 'application/x-csv']);

/** docs/spec.md §5: a CSV upload has type text/csv or a name ending in .csv. */
export function isCsvUpload(filename: string | undefined, mimeType: string | undefined): boolean {
  if (filename && /\.csv$/i.test(filename.trim())) return true;
  return CSV_MIME_TYPES.has((mimeType ?? '').split(';')[0]!.trim().toLowerCase());
}

const BINARY_SIGNATURES: number[][] = [
  [0x50, 0x4b, 0x03, 0x04], // zip: .xlsx, .ods
  [0xd0, 0xcf, 0x11, 0xe0], // OLE: .xls
  [0x25, 0x50, 0x44, 0x46], // %PDF
  [0x89, 0x50, 0x4e, 0x47], // PNG
  [0xff, 0xd8, 0xff], // JPEG
  [0x1f, 0x8b], // gzip
];

/**
 * Decodes the bytes of an uploaded file: a BOM decides; without one, NUL bytes every other byte
 * mean UTF-16, valid UTF-8 is UTF-8, anything else is read as Windows-1252 (what Excel writes
 * for « CSV (séparateur : point-virgule) » on a French Windows). Throws NotCsvError for binaries.
 */
export function decodeCsvBytes(bytes: Uint8Array): { text: string; encoding: CsvEncoding } {
  if (BINARY_SIGNATURES.some((sig) => sig.every((b, i) => bytes[i] === b))) throw new NotCsvError();
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    return { text: decodeStrict('utf-8', bytes.subarray(3)), encoding: 'utf-8' };
  }
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { text: decodeStrict('utf-16le', bytes.subarray(2)), encoding: 'utf-16le' };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { text: decodeStrict('utf-16be', bytes.subarray(2)), encoding: 'utf-16be' };
  const sample = bytes.subarray(0, 4096);
  const nulAt = sample.indexOf(0);
  if (nulAt !== -1) {
    let evenNul = 0;
    let oddNul = 0;
    for (let i = 0; i < sample.length; i++) if (sample[i] === 0) i % 2 === 0 ? evenNul++ : oddNul++;
    const half = sample.length / 2;
    if (oddNul > half * 0.9 && evenNul === 0) return { text: decodeStrict('utf-16le', bytes), encoding: 'utf-16le' };
    if (evenNul > half * 0.9 && oddNul === 0) return { text: decodeStrict('utf-16be', bytes), encoding: 'utf-16be' };
    throw new NotCsvError();
  }
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8' };
  } catch {
    return { text: decodeWindows1252(bytes), encoding: 'windows-1252' };
  }
}

/**
 * Windows-1252 bytes to text, by iconv-lite: Node's TextDecoder('windows-1252') reads Latin-1 when
 * Node is built without full ICU (0x80 → U+0080 instead of €). iconv-lite writes U+FFFD for the five
 * bytes the code page leaves undefined, and no Windows-1252 byte means U+FFFD: each becomes a C1
 * control again, as browsers decode them, so encodingProblem() says « caractères illisibles ».
 */
export function decodeWindows1252(bytes: Uint8Array): string {
  return iconv.decode(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), 'win1252').replace(/\uFFFD/g, '\u0081');
}

function decodeStrict(encoding: 'utf-8' | 'utf-16le' | 'utf-16be', bytes: Uint8Array): string {
  try {
    return new TextDecoder(encoding, { fatal: true }).decode(bytes);
  } catch {
    throw new NotCsvError();
  }
}

/** The separator of the header line: the most frequent of `;`, `,` and tab outside quotes (`;` when none). */
export function detectDelimiter(firstLine: string): string {
  const counts: Record<string, number> = { ';': 0, ',': 0, '\t': 0 };
  let quoted = false;
  for (const char of firstLine) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && char in counts) counts[char]! += 1;
  }
  const best = Object.entries(counts).sort((a, b) => b[1] - a[1])[0]!;
  return best[1] > 0 ? best[0] : ';';
}

/**
 * Reads an uploaded CSV file into records with their line numbers. Quote errors stop the reading
 * (what follows cannot be trusted) and are reported with their line.
 */
export function readCsv(bytes: Uint8Array): CsvReadResult {
  const { text, encoding } = decodeCsvBytes(bytes);
  const body = text.replace(/^\uFEFF/, '');
  const firstLine = body.split(/\r\n|\n|\r/).find((line) => line.trim() !== '') ?? '';
  const delimiter = detectDelimiter(firstLine);
  const errors: string[] = [];
  let lastLine = 0;
  let records: { cells: string[]; lines: number }[] = [];
  try {
    records = parse(body, {
      delimiter,
      relax_column_count: true,
      // A quote inside an unquoted cell (« Écran 24" ») is kept as typed.
      relax_quotes: true,
      skip_empty_lines: false,
      // Each record with the line it ends on (a quoted cell may span several lines).
      on_record: ((cells: string[], context: { lines: number }) => {
        lastLine = context.lines;
        return { cells, lines: context.lines };
      }) as unknown as Options['on_record'],
    }) as unknown as typeof records;
  } catch (err) {
    const e = err as { code?: string; lines?: number };
    if (e.code === 'CSV_QUOTE_NOT_CLOSED') {
      errors.push(`Ligne ${lastLine + 1} : un guillemet ouvert n'est jamais refermé.`);
    } else if (e.code === 'INVALID_OPENING_QUOTE' || e.code === 'CSV_INVALID_CLOSING_QUOTE') {
      errors.push(
        `Ligne ${e.lines ?? lastLine + 1} : guillemet mal placé (un champ qui contient des guillemets doit être entièrement entre guillemets).`,
      );
    } else {
      errors.push(`Ligne ${lastLine + 1} : fichier CSV illisible.`);
    }
    records = [];
  }

  let header: CsvRow | null = null;
  const rows: CsvRow[] = [];
  let previousEnd = 0;
  for (const { cells, lines } of records) {
    const row: CsvRow = { line: previousEnd + 1, cells };
    previousEnd = lines;
    if (cells.every((cell) => cell.trim() === '')) continue;
    if (!header) header = row;
    else rows.push(row);
  }
  return { encoding, delimiter, header, rows, errors };
}

// Windows-1252 read of UTF-8 bytes (« CrÃªpe », « â€™ »), or text already damaged (U+FFFD).
const MOJIBAKE =
  /[ÃÂ][\u00A0-\u00BF\u0152\u0153\u0160\u0161\u0178\u017D\u017E\u0192\u02C6\u02DC\u2013\u2014\u2018-\u201E\u2020-\u2022\u2026\u2030\u2039\u203A\u20AC\u2122]|â€|\uFFFD/;
// Control characters never typed in a spreadsheet (tab, CR and LF excepted), C1 controls included.
// eslint-disable-next-line no-control-regex -- finding them is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

/**
 * Encoding problems of one record, in French: characters that show the file was converted
 * wrongly, or bytes that are not text. Returns null when the line reads well.
 */
export function encodingProblem(row: CsvRow): string | null {
  for (const cell of row.cells) {
    if (CONTROL.test(cell)) {
      return `Ligne ${row.line} : caractères illisibles — enregistrez le fichier au format CSV (UTF-8 ou Windows-1252).`;
    }
    const damaged = MOJIBAKE.exec(cell);
    if (damaged) {
      return `Ligne ${row.line} : texte mal encodé (« ${shorten(cell)} ») — enregistrez le fichier en « CSV UTF-8 » ou en « CSV (séparateur : point-virgule) ».`;
    }
  }
  return null;
}

// The one formula rule, shared with the browser and the JSON schemas (contracts/common spreadsheet.ts).
export { isFormulaLike, neutraliseCell } from '@kermesse/contracts-common';

/**
 * Writes records as CSV for Excel in French: UTF-8 with BOM, `;` separator, CRLF, quotes where
 * needed, every cell neutralised against formula injection.
 */
export function toCsv(records: (string | number | null | undefined)[][], delimiter = ';'): string {
  const lines = records.map((cells) => cells.map((cell) => quoteCell(neutraliseCell(cell), delimiter)).join(delimiter));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

function quoteCell(value: string, delimiter: string): string {
  return value.includes(delimiter) || /["\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** Lower case, no accents, only letters and digits: « Nouveau stock » and « nouveau_stock » match. */
export function normaliseHeader(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

/**
 * Reads a French-written decimal (« 12,5 », « 1 234,50 », « 12.5 ») as an integer number of
 * 1/10^decimals units, without floating point. Returns null when it is not such a number or has
 * more significant decimals than allowed.
 */
export function parseScaledDecimal(raw: string, decimals: number): number | null {
  let text = raw.replace(/[\s\u00A0\u202F]/g, '');
  if (/^[+-]?\d{1,3}(\.\d{3})+,\d+$/.test(text)) text = text.replace(/\./g, '');
  const match = /^([+-]?)(\d+)(?:[.,](\d+))?$/.exec(text);
  if (!match) return null;
  const [, sign, whole, fraction = ''] = match;
  const kept = fraction.slice(0, decimals).padEnd(decimals, '0');
  if (/[1-9]/.test(fraction.slice(decimals))) return null;
  const value = Number(whole) * 10 ** decimals + Number(kept || '0');
  if (!Number.isSafeInteger(value)) return null;
  return sign === '-' ? -value : value;
}

/** A cell as quoted in a message, cut to a readable length. */
export function shorten(value: string, max = 40): string {
  const flat = value.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}
