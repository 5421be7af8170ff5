/** Pure rules of the back office, shared by the register service and its admin screens. */
import type { EurosRules } from '@kermesse/contracts-common';

/** A product's price: zero (a free item) to 100 000 €, read with contracts-common's `parseEuros`. */
export const PRICE_RULES = { maxCents: 10_000_000 } as const satisfies EurosRules;

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
