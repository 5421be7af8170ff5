/**
 * What a thermal printer prints, as data (docs/printing.md §4): a print job keeps its document, not
 * its bytes, so a reprint is encoded again with « Duplicata » on top and for the printer chosen now.
 * The register builds its receipts, kitchen tickets and Z reports, the loto its cartons, the raffle
 * its pre-sold tickets; `encodeDocument` turns any of them into the printer's bytes.
 */
import { formatDate, formatTime } from '../format';

export interface ReceiptDocument {
  kind: 'receipt';
  /** The sale's reference; null for a sale kept offline, not yet numbered by the server. */
  reference: string | null;
  /** « 28/11/2026 19:05 », when the sale was made. */
  at: string;
  lines: Array<{ label: string; quantity: number; amount: string }>;
  total: string;
  payment: string;
  tickets: number[];
}

export interface KitchenDocument {
  kind: 'kitchen';
  category: string;
  reference: string | null;
  at: string;
  lines: Array<{ label: string; quantity: number }>;
}

export interface ZReportDocument {
  kind: 'z';
  sessionId: number;
  at: string;
  /** Per payment mode: « Espèces », expected, counted, difference (already in euros). */
  modes: Array<{ label: string; expected: string; counted: string; difference: string }>;
  grandTotal: string;
  reason: string | null;
  journalSeq: number;
  journalHash: string;
}

/** The raffle stubs of a sale: one ticket per number, cut apart, for the buyer to keep until the drawing. */
export interface RaffleStubsDocument {
  kind: 'stubs';
  reference: string | null;
  at: string;
  numbers: number[];
}

/** Loto cartons of a night, one after the other, each cut from the next. */
export interface CartonsDocument {
  kind: 'cartons';
  /** The night's name, on top of every carton. */
  night: string;
  cartons: Array<{
    /** « 12-7 »: the number with its check digit, as the cashier types it. */
    code: string;
    /** 3 rows of 9 cells, null for a blank cell. */
    grid: Array<Array<number | null>>;
  }>;
}

/** The confirmation of pre-sold tickets, each with the signed QR code the gate checks. */
export interface PassesDocument {
  kind: 'passes';
  event: string;
  passes: Array<{ holder: string; label: string; quantity: number; code: string }>;
}

/** Only the drawer's pulse: « Ouvrir le tiroir » and a cash sale. */
export interface DrawerDocument {
  kind: 'drawer';
}

export type PrintDocument =
  ReceiptDocument | KitchenDocument | ZReportDocument | RaffleStubsDocument | CartonsDocument | PassesDocument | DrawerDocument;

/** « 28/11/2026 19:05 ». */
export function printedAt(date: Date | number = Date.now()): string {
  return `${formatDate(new Date(date))} ${formatTime(date)}`;
}

/** A run of numbers as read aloud: « 1 à 6 », or « 4 » for one. */
function span(first: string | undefined, last: string | undefined): string {
  return first === last ? `${first ?? ''}` : `${first ?? ''} à ${last ?? ''}`;
}

/** What the cashier reads in the list of print jobs. */
export function documentTitle(document: PrintDocument): string {
  switch (document.kind) {
    case 'receipt':
      return document.reference ? `Reçu ${document.reference}` : 'Reçu (vente hors ligne)';
    case 'kitchen':
      return `Ticket ${document.category}${document.reference ? ` · ${document.reference}` : ''}`;
    case 'z':
      return `Rapport Z n° ${document.sessionId}`;
    case 'stubs':
      return `Tombola ${document.numbers.map((n) => `n° ${n}`).join(', ')}`;
    case 'cartons':
      return `Cartons ${span(document.cartons[0]?.code, document.cartons.at(-1)?.code)} · ${document.night}`;
    case 'passes':
      return document.passes.length === 1
        ? `Billet de ${document.passes[0]?.holder ?? ''} · ${document.event}`
        : `${document.passes.length} billets · ${document.event}`;
    case 'drawer':
      return 'Ouverture du tiroir';
  }
}
