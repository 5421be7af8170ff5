/**
 * A CSV of gifts received outside the till (a spreadsheet kept by hand, a bank's list of transfers),
 * docs/tax-receipts.md §2: columns found by their titles, every line a gift with its donor or a French
 * problem naming its line. Pure: tested without a database.
 */
import { encodingProblem, isFormulaLike, normaliseHeader, shorten, type CsvReadResult } from '@kermesse/kit/csv';
import { parseEuros } from '@kermesse/contracts-common';
import type { DonationMethod, DonorKind } from '@kermesse/contracts-accounting';

/** Column titles accepted for each field (compared without accents, case, spaces or punctuation). */
const COLUMNS = {
  date: ['date', 'datedudon', 'datedeversement', 'dateduversement'],
  amount: ['montant', 'montantdudon', 'somme', 'amount'],
  method: ['mode', 'modedeversement', 'modedepaiement', 'moyendepaiement', 'paiement'],
  name: ['nom', 'nomdudonateur', 'raisonsociale', 'denomination', 'entreprise'],
  firstName: ['prenom', 'prenoms'],
  address: ['adresse'],
  postalCode: ['codepostal', 'cp'],
  city: ['ville', 'commune'],
  email: ['email', 'mail', 'courriel'],
  kind: ['type', 'typededonateur', 'donateur'],
  siren: ['siren'],
  counterpart: ['contrepartie', 'valeurdelacontrepartie'],
  counterpartLabel: ['naturedelacontrepartie', 'libellecontrepartie'],
} as const;
type Column = keyof typeof COLUMNS;
const REQUIRED: Column[] = ['date', 'amount', 'method', 'name'];

const METHODS: Record<string, DonationMethod> = {
  esp: 'ESP',
  especes: 'ESP',
  liquide: 'ESP',
  chq: 'CHQ',
  cheque: 'CHQ',
  cb: 'CB',
  carte: 'CB',
  cartebancaire: 'CB',
  vir: 'VIR',
  virement: 'VIR',
  prelevement: 'VIR',
};

export interface ImportedGift {
  line: number;
  date: string;
  amountCents: number;
  method: DonationMethod;
  counterpartCents: number;
  counterpartLabel: string | null;
  donor: {
    kind: DonorKind;
    name: string;
    firstName: string | null;
    address: string;
    postalCode: string;
    city: string;
    email: string | null;
    siren: string | null;
  };
}

/** « 14/03/2026 » or « 2026-03-14 » → '2026-03-14'; null when it is no day. */
function readDay(raw: string): string | null {
  const french = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(raw);
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(raw);
  const [y, m, d] = french ? [french[3], french[2], french[1]] : iso ? [iso[1], iso[2], iso[3]] : [];
  if (!y || !m || !d) return null;
  const day = `${y}-${m.padStart(2, '0')}-${d.padStart(2, '0')}`;
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== day || Number(y) < 1900 ? null : day;
}

/** The gifts of the file, or every problem found (the import is all or nothing). */
export function parseDonationCsv(csv: CsvReadResult): { gifts: ImportedGift[]; errors: string[] } {
  const errors = [...csv.errors];
  const header = csv.header?.cells.map(normaliseHeader) ?? [];
  const index = Object.fromEntries(
    (Object.keys(COLUMNS) as Column[]).map((column) => [
      column,
      header.findIndex((title) => (COLUMNS[column] as readonly string[]).includes(title)),
    ]),
  ) as Record<Column, number>;
  const missing = REQUIRED.filter((column) => index[column] < 0);
  if (missing.length > 0) {
    errors.push(
      `Ligne ${csv.header?.line ?? 1} : colonnes manquantes (${missing.map((c) => ({ date: 'Date', amount: 'Montant', method: 'Mode', name: 'Nom' })[c as 'date']).join(', ')}).`,
    );
    return { gifts: [], errors };
  }
  const gifts: ImportedGift[] = [];
  for (const row of csv.rows) {
    const at = `Ligne ${row.line}`;
    const broken = encodingProblem(row);
    if (broken) {
      errors.push(broken);
      continue;
    }
    const cell = (column: Column) => (index[column] >= 0 ? (row.cells[index[column]] ?? '').trim() : '');
    const formula = (Object.keys(COLUMNS) as Column[]).find(
      (column) => isFormulaLike(cell(column)) && !['amount', 'counterpart'].includes(column),
    );
    if (formula) {
      errors.push(`${at} : « ${shorten(cell(formula))} » commence par =, +, - ou @ : un tableur le prendrait pour une formule.`);
      continue;
    }
    const date = readDay(cell('date'));
    const amount = parseEuros(cell('amount'));
    const method = METHODS[normaliseHeader(cell('method'))];
    const counterpart = cell('counterpart') ? parseEuros(cell('counterpart')) : 0;
    const kindText = normaliseHeader(cell('kind'));
    const kind: DonorKind = kindText.startsWith('entreprise') || kindText === 'societe' ? 'company' : 'individual';
    const siren = cell('siren').replace(/\s/g, '');
    const problems = [
      date ? null : `la date « ${shorten(cell('date'))} » n'est pas une date (14/03/2026)`,
      amount !== null && amount > 0 ? null : `le montant « ${shorten(cell('amount'))} » n'est pas un montant en euros (30,50)`,
      method ? null : `le mode « ${shorten(cell('method'))} » n'est ni Espèces, ni Chèque, ni Carte, ni Virement`,
      cell('name') ? null : 'le nom du donateur est vide',
      counterpart !== null && counterpart >= 0 ? null : `la contrepartie « ${shorten(cell('counterpart'))} » n'est pas un montant en euros`,
      counterpart !== null && amount !== null && counterpart > amount ? 'la contrepartie dépasse le montant du don' : null,
      !siren || /^\d{9}$/.test(siren) ? null : `le SIREN « ${shorten(siren)} » ne compte pas 9 chiffres`,
      !cell('email') || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(cell('email'))
        ? null
        : `l'e-mail « ${shorten(cell('email'))} » n'est pas une adresse`,
    ].filter((problem): problem is string => problem !== null);
    if (problems.length > 0) {
      errors.push(`${at} : ${problems.join(' ; ')}.`);
      continue;
    }
    gifts.push({
      line: row.line,
      date: date!,
      amountCents: amount!,
      method: method!,
      counterpartCents: counterpart!,
      counterpartLabel: cell('counterpartLabel') || null,
      donor: {
        kind,
        name: cell('name'),
        firstName: kind === 'individual' ? cell('firstName') || null : null,
        address: cell('address'),
        postalCode: cell('postalCode'),
        city: cell('city'),
        email: cell('email') || null,
        siren: kind === 'company' ? siren || null : null,
      },
    });
  }
  if (gifts.length === 0 && errors.length === 0)
    errors.push("Le fichier ne contient aucun don : une ligne d'en-tête puis un don par ligne.");
  return { gifts, errors };
}
