/**
 * The swap-meet booking file (« custom » format): one booking per line — name, phone, space in
 * metres, amount in euros, paid or not, booking date. Pure functions; every problem names its line.
 */
import { encodingProblem, isFormulaLike, normaliseHeader, parseScaledDecimal, shorten, type CsvReadResult } from '@kermesse/kit/csv';

/** Column titles of the expected file, in order (the sample file uses them). */
export const BOOKING_COLUMNS = ['nom', 'telephone', 'metres', 'montant', 'paye', 'date_reservation'] as const;

type Field = 'name' | 'phone' | 'space' | 'revenue' | 'paid' | 'date';

const COLUMN_ALIASES: Record<Field, string[]> = {
  name: ['nom', 'name', 'nomprenom', 'nometprenom', 'prenomnom', 'exposant', 'client', 'nomcomplet'],
  phone: ['telephone', 'tel', 'phone', 'portable', 'mobile', 'numerodetelephone', 'numero'],
  space: [
    'metres',
    'metre',
    'spaceneeded',
    'espace',
    'metrage',
    'emplacement',
    'longueur',
    'ml',
    'nombredemetres',
    'espacem',
    'metreslineaires',
  ],
  revenue: ['montant', 'revenue', 'prix', 'tarif', 'total', 'somme', 'recette', 'montanteur', 'montanteuros'],
  paid: ['paye', 'ispayed', 'paiement', 'regle', 'reglement', 'statut', 'payee'],
  date: ['datereservation', 'datebooking', 'date', 'reservation', 'dateinscription', 'datedereservation'],
};
const REQUIRED: Field[] = ['name', 'space', 'revenue', 'date'];
const TITLES: Record<Field, string> = {
  name: 'nom',
  phone: 'telephone',
  space: 'metres',
  revenue: 'montant',
  paid: 'paye',
  date: 'date_reservation',
};

export const MAX_NAME_LENGTH = 200;
/** 100 m: a longer stand is a typo. */
export const MAX_SPACE_CM = 10_000;
export const MAX_REVENUE_CENTS = 10_000_000;

/** A booking read from a line, amounts in integer units. */
export interface ParsedBooking {
  line: number;
  name: string;
  phone: string;
  spaceCm: number;
  revenueCents: number;
  isPayed: boolean;
  /** YYYY-MM-DD */
  dateBooking: string;
  dedupeKey: string;
}

export interface BookingsPlan {
  bookings: ParsedBooking[];
  errors: string[];
}

const YES = new Set(['oui', 'o', 'yes', 'y', '1', 'vrai', 'true', 'x', 'paye', 'payee', 'regle', 'reglee', 'ok']);
const NO = new Set(['non', 'n', 'no', '0', 'faux', 'false', '', 'impaye', 'impayee', 'nonpaye', 'nonpayee', 'enattente', 'apayer']);

/** « oui », « Payé », « 1 », « x »… → true; « non », « », « impayé »… → false; anything else → null. */
export function parsePaid(raw: string): boolean | null {
  const value = normaliseHeader(raw);
  if (value === '' && raw.trim() !== '') return null; // « ? », « - »…
  if (YES.has(value)) return true;
  if (NO.has(value)) return false;
  return null;
}

/** jj/mm/aaaa (or jj/mm/aa, jj-mm-aaaa, jj.mm.aaaa), or aaaa-mm-jj, an optional time after it → YYYY-MM-DD. */
export function parseFrenchDate(raw: string): string | null {
  const text = raw.trim().replace(/[ T]\d{1,2}[:h]\d{2}(:\d{2})?(\.\d+)?Z?$/, '');
  let day: number;
  let month: number;
  let year: number;
  let m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})$/.exec(text);
  if (m) {
    day = Number(m[1]);
    month = Number(m[2]);
    year = m[3]!.length === 2 ? 2000 + Number(m[3]) : Number(m[3]);
  } else {
    m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
    if (!m) return null;
    year = Number(m[1]);
    month = Number(m[2]);
    day = Number(m[3]);
  }
  const date = new Date(Date.UTC(year, month - 1, day));
  if (year < 2000 || year > 2100 || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** A French or international phone number, kept compact (« 0612345678 », « +32470123456 »); null when not one. */
export function parsePhone(raw: string): string | null {
  const compact = raw.replace(/[\s.\-()\u00A0]/g, '');
  if (/^0\d{9}$/.test(compact)) return compact;
  if (/^\+\d{8,15}$/.test(compact)) return compact;
  if (/^00\d{8,15}$/.test(compact)) return `+${compact.slice(2)}`;
  return null;
}

/** Same person, phone and day: the same booking. */
export const dedupeKey = (name: string, phone: string, dateBooking: string) =>
  `${name.normalize('NFC').trim().replace(/\s+/g, ' ').toLocaleLowerCase('fr')}|${phone}|${dateBooking}`;

function findColumns(header: string[]): Partial<Record<Field, number>> | string {
  const normalised = header.map(normaliseHeader);
  const columns: Partial<Record<Field, number>> = {};
  for (const field of Object.keys(COLUMN_ALIASES) as Field[]) {
    for (const alias of COLUMN_ALIASES[field]) {
      const index = normalised.indexOf(alias);
      if (index !== -1 && !Object.values(columns).includes(index)) {
        columns[field] = index;
        break;
      }
    }
  }
  const missing = REQUIRED.filter((field) => columns[field] === undefined);
  if (missing.length) {
    return `Ligne 1 : ${missing.length > 1 ? 'colonnes' : 'colonne'} ${missing.map((f) => `« ${TITLES[f]} »`).join(', ')} ${missing.length > 1 ? 'absentes' : 'absente'} (colonnes attendues : ${BOOKING_COLUMNS.join(' ; ')}).`;
  }
  return columns;
}

/**
 * Checks every line of the file. `existing` holds the keys of bookings already stored for this
 * swap-meet: importing the same file twice is refused line by line instead of doubling bookings.
 */
export function planBookings(csv: CsvReadResult, existing: ReadonlySet<string>): BookingsPlan {
  const errors = [...csv.errors];
  const bookings: ParsedBooking[] = [];
  if (!csv.header) {
    if (errors.length === 0) errors.push('Le fichier est vide : une ligne de titres puis une réservation par ligne.');
    return { bookings, errors };
  }
  const headerProblem = encodingProblem(csv.header);
  if (headerProblem) errors.push(headerProblem);
  const columns = findColumns(csv.header.cells);
  if (typeof columns === 'string') {
    errors.push(columns);
    return { bookings, errors };
  }
  const width = csv.header.cells.length;
  const seen = new Map<string, number>();

  for (const row of csv.rows) {
    const at = `Ligne ${row.line}`;
    const encoding = encodingProblem(row);
    if (encoding) {
      errors.push(encoding);
      continue;
    }
    if (row.cells.length > width && row.cells.slice(width).some((cell) => cell.trim() !== '')) {
      errors.push(
        `${at} : ${row.cells.length} colonnes au lieu de ${width} (avec le séparateur « ${csv.delimiter === '\t' ? 'tabulation' : csv.delimiter} », un nombre à virgule doit être entre guillemets).`,
      );
      continue;
    }
    const formulas = row.cells.flatMap((value, index) => {
      if (!isFormulaLike(value)) return [];
      const title = csv.header!.cells[index]?.trim() || `n°${index + 1}`;
      return [
        `${at} : la cellule « ${shorten(title)} » commence par « ${value.trim()[0]} » (« ${shorten(value)} ») : les formules ne sont pas acceptées.`,
      ];
    });
    if (formulas.length) {
      errors.push(...formulas);
      continue;
    }
    const cell = (field: Field) => {
      const index = columns[field];
      return index === undefined ? '' : (row.cells[index] ?? '').trim();
    };
    const lineErrors: string[] = [];

    const name = cell('name').replace(/\s+/g, ' ');
    if (!name) lineErrors.push(`${at} : le nom est obligatoire.`);
    else if (name.length > MAX_NAME_LENGTH) lineErrors.push(`${at} : le nom dépasse ${MAX_NAME_LENGTH} caractères.`);

    const rawPhone = cell('phone');
    const phone = rawPhone === '' ? '' : parsePhone(rawPhone);
    if (phone === null) lineErrors.push(`${at} : le téléphone « ${shorten(rawPhone)} » n'est pas valide (10 chiffres, ou +33…).`);

    const rawSpace = cell('space');
    const space = parseScaledDecimal(rawSpace.replace(/\s*(m|ml|mètres?|metres?)\.?$/i, ''), 2);
    if (space === null || space <= 0 || space > MAX_SPACE_CM) {
      lineErrors.push(`${at} : l'espace « ${shorten(rawSpace)} » doit être un nombre de mètres supérieur à 0 (ex. 2,5).`);
    }

    const rawRevenue = cell('revenue');
    const revenue = parseScaledDecimal(rawRevenue.replace(/\s*(€|eur|euros?)$/i, '').replace(/^€\s*/, ''), 2);
    if (revenue === null || revenue < 0 || revenue > MAX_REVENUE_CENTS) {
      lineErrors.push(`${at} : le montant « ${shorten(rawRevenue)} » doit être un montant en euros positif ou nul (ex. 15,00).`);
    }

    const rawPaid = cell('paid');
    const isPayed = parsePaid(rawPaid);
    if (isPayed === null) lineErrors.push(`${at} : « ${shorten(rawPaid)} » n'est pas une réponse reconnue pour « payé » (oui ou non).`);

    const rawDate = cell('date');
    const dateBooking = parseFrenchDate(rawDate);
    if (!rawDate) lineErrors.push(`${at} : la date de réservation est obligatoire.`);
    else if (!dateBooking) lineErrors.push(`${at} : la date « ${shorten(rawDate)} » n'est pas une date valide (jj/mm/aaaa).`);

    if (lineErrors.length) {
      errors.push(...lineErrors);
      continue;
    }
    const key = dedupeKey(name, phone!, dateBooking!);
    const first = seen.get(key);
    if (first !== undefined) {
      errors.push(`${at} : même réservation que la ligne ${first} (« ${shorten(name)} », même téléphone et même date).`);
      continue;
    }
    if (existing.has(key)) {
      errors.push(`${at} : la réservation de « ${shorten(name)} » du ${dateBooking!.split('-').reverse().join('/')} est déjà enregistrée.`);
      continue;
    }
    seen.set(key, row.line);
    bookings.push({
      line: row.line,
      name,
      phone: phone!,
      spaceCm: space!,
      revenueCents: revenue!,
      isPayed: isPayed!,
      dateBooking: dateBooking!,
      dedupeKey: key,
    });
  }
  if (errors.length === 0 && bookings.length === 0) errors.push('Aucune réservation dans le fichier.');
  return { bookings, errors };
}
