/** Pure rules of the back office, shared by the register service and its admin screens. */

/**
 * Reads a price as typed, in integer cents: « 3,50 », « 3.5 », « 1 234,50 », « 3 € » or the number
 * 3.5. Returns null for anything else: negative, more than 2 decimals, above 100 000 €.
 */
export function parsePriceCents(value: unknown): number | null {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    text = String(value);
    if (/e/i.test(text)) return null;
  } else if (typeof value === 'string') {
    text = value.replace(/[\s\u00A0\u202F]/g, '').replace(/€$/, '');
    if (/^\d{1,3}(\.\d{3})+,\d+$/.test(text)) text = text.replace(/\./g, '');
  } else {
    return null;
  }
  const match = /^(\d+)(?:[.,](\d{1,2}))?$/.exec(text);
  if (!match) return null;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(cents) && cents <= 10_000_000 ? cents : null;
}

/** Cents to euros as a JSON number (350 → 3.5). */
export const centsToEuros = (cents: number): number => Math.round(cents) / 100;

/** Cents as the French way of typing them (350 → « 3,50 »). */
export const centsToInput = (cents: number): string => `${Math.trunc(cents / 100)},${String(Math.abs(cents) % 100).padStart(2, '0')}`;

/** Picture limits (upload checked by its bytes). */
export const PICTURE_LIMITS = { maxBytes: 2 * 1024 * 1024, maxSide: 4000, maxPixels: 16_000_000 } as const;

/** Columns of the product CSV import, in the model's order (headers matched without accents or case). */
export const PRODUCT_CSV_COLUMNS = ['nom', 'prix', 'categorie', 'click_and_collect', 'alcool', 'actif', 'caisses'] as const;

/** The model file offered for download (UTF-8 with BOM, `;`, decimal comma). */
export const PRODUCT_CSV_MODEL =
  '\uFEFFnom;prix;categorie;click_and_collect;alcool;actif;caisses\r\nHot-dog;3,50;Plats;oui;non;oui;Caisse Buvette\r\nBière pression;2,50;Boissons;non;oui;oui;Caisse Buvette|Caisse Entrée\r\n';

/** « oui », « non », 1, 0, x, true, false, vide (= default). Null when unreadable. */
export function parseYesNo(raw: string | undefined, byDefault: boolean): boolean | null {
  const value = (raw ?? '').trim().toLowerCase();
  if (value === '') return byDefault;
  if (['oui', 'o', '1', 'x', 'true', 'vrai', 'yes', 'y'].includes(value)) return true;
  if (['non', 'n', '0', 'false', 'faux', 'no'].includes(value)) return false;
  return null;
}

/** A SumUp pairing code as typed (« abcd-1234 ») → as sent (« ABCD1234 »); null when it cannot be one. */
export function normalisePairingCode(raw: string): string | null {
  const code = raw.replace(/[\s-]/g, '').toUpperCase();
  return /^[A-Z0-9]{8,9}$/.test(code) ? code : null;
}

/** Readers are told apart by the last 4 characters of their identifier (docs/spec.md §2). */
export const readerLabel = (identifier: string): string => identifier.slice(-4);

/** A reader's status in French. */
export const READER_STATUS_LABELS: Record<string, string> = {
  paired: 'Appairé',
  processing: "En cours d'appairage",
  expired: 'Expiré',
  unknown: 'Inconnu',
};
