/**
 * Loto cartons in the cart, sold like raffle tickets: a line of a loto night's carton
 * category pays for quantity × the `nb` of the tier at the product's price; the cashier types (or
 * scans) the number printed on each physical carton handed over, « 12 » or « 12-7 » with its check
 * digit. The register checks them again and claims them from the bingo service.
 */
import { toCents } from '@kermesse/contracts-common';
import type { CartLine, TicketTier } from './types';

/** A loto night whose cartons this register sells (checkout data `bingos` + config `bingos`). */
export interface CartonNight {
  /** The night (bingo) id. */
  id: number;
  name: string;
  /** Cartons printed for the night, numbered 1…cartons. */
  cartons: number;
  /** The product category of its carton products. */
  categoryId: number;
  tiers: TicketTier[];
}

interface NightDto {
  id?: unknown;
  name?: unknown;
  cartons?: unknown;
  categoryId?: unknown;
}
interface NightConfigDto {
  id?: unknown;
  bingoId?: unknown;
  price?: unknown;
}

/** The nights of the checkout answer (first item `bingos`, second item `bingos` with `{nb, p}` tiers). */
export function parseCartonNights(data: unknown, config: unknown): CartonNight[] {
  const nights = (data as { bingos?: NightDto[] } | undefined)?.bingos;
  const configs = (config as { bingos?: NightConfigDto[] } | undefined)?.bingos ?? [];
  if (!Array.isArray(nights)) return [];
  return nights
    .filter((night) => typeof night.id === 'number' && typeof night.categoryId === 'number')
    .map((night) => {
      const tiers = configs.find((c) => c.bingoId === night.id || c.id === night.categoryId)?.price;
      return {
        id: night.id as number,
        name: typeof night.name === 'string' ? night.name : `Loto ${String(night.id)}`,
        cartons: Number(night.cartons) || 0,
        categoryId: night.categoryId as number,
        tiers: Array.isArray(tiers)
          ? tiers
              .filter((t): t is { nb: number; p: number } => typeof t?.nb === 'number' && typeof t?.p === 'number')
              .map((t) => ({ nb: t.nb, priceCents: toCents(t.p) }))
          : [],
      };
    });
}

/** The night the cart's carton lines belong to, and how many cartons they pay for. */
export function cartonCount(
  lines: readonly CartLine[],
  nights: readonly CartonNight[],
): { night: CartonNight | undefined; allowed: number } {
  let night: CartonNight | undefined;
  let allowed = 0;
  for (const line of lines) {
    if (line.product.id < 0) continue;
    const owner = nights.find((n) => n.categoryId === line.product.category.id);
    if (!owner) continue;
    night ??= owner;
    const perUnit = owner.tiers.find((t) => t.priceCents === line.product.priceCents)?.nb ?? line.product.ticketsPerUnit ?? 1;
    allowed += line.quantity * perUnit;
  }
  return { night, allowed };
}

/** Luhn check digit printed beside each carton number (the bingo service's `checkDigit`). */
export function checkDigit(number: number): number {
  const digits = String(number).split('').reverse().map(Number);
  let sum = 0;
  digits.forEach((d, i) => {
    const v = i % 2 === 0 ? d * 2 : d;
    sum += v > 9 ? v - 9 : v;
  });
  return (10 - (sum % 10)) % 10;
}

export const CARTON_MESSAGES = {
  format: 'Saisissez le numéro du carton (ex. 12 ou 12-7).',
  digit: 'Clé de contrôle incorrecte : vérifiez le numéro du carton.',
  twice: (n: number) => `Le carton n° ${n} est déjà saisi.`,
  range: (n: number, total: number) => `Le carton n° ${n} n'existe pas pour cette soirée (1 à ${total}).`,
  full: (allowed: number) => `Les ${allowed} carton(s) payés sont déjà saisis : retirez-en un ou ajoutez des cartons au panier.`,
  missing: (allowed: number, chosen: number) => `Saisissez les numéros des ${allowed} cartons remis : ${chosen} saisi(s).`,
} as const;

/** « 12 », « 12-7 » (number and check digit, as printed) or « 127 » scanned without the dash is read as 127. */
export function parseCartonInput(text: string): { number: number } | 'bad-digit' | undefined {
  const trimmed = text.trim();
  const withKey = /^(\d{1,6})\s*[-–]\s*(\d)$/.exec(trimmed);
  if (withKey) {
    const number = Number(withKey[1]);
    return number > 0 && checkDigit(number) === Number(withKey[2]) ? { number } : 'bad-digit';
  }
  if (/^\d{1,6}$/.test(trimmed) && Number(trimmed) > 0) return { number: Number(trimmed) };
  return undefined;
}

/** Adds a typed carton to the selection, or says in French why not. */
export function addCarton(
  selected: readonly number[],
  text: string,
  allowed: number,
  total: number,
): { selected: number[]; message: string | null } {
  const parsed = parseCartonInput(text);
  if (parsed === undefined) return { selected: [...selected], message: CARTON_MESSAGES.format };
  if (parsed === 'bad-digit') return { selected: [...selected], message: CARTON_MESSAGES.digit };
  const { number } = parsed;
  if (selected.includes(number)) return { selected: [...selected], message: CARTON_MESSAGES.twice(number) };
  if (total > 0 && number > total) return { selected: [...selected], message: CARTON_MESSAGES.range(number, total) };
  if (selected.length >= allowed) return { selected: [...selected], message: CARTON_MESSAGES.full(allowed) };
  return { selected: [...selected, number], message: null };
}

/** Why the sale cannot be paid yet because of its cartons, or null. */
export function cartonBlocker(allowed: number, chosen: readonly number[]): string | null {
  if (allowed === 0 || chosen.length === allowed) return null;
  return CARTON_MESSAGES.missing(allowed, chosen.length);
}

/** The numbers still paid for when the cart shrinks (the last typed go first). */
export const keepPaid = (chosen: readonly number[], allowed: number): number[] =>
  chosen.length > allowed ? chosen.slice(0, allowed) : [...chosen];

/**
 * The cartons of a sale as a card payment saves them: a reload resumes the payment from
 * local storage, and the sale sent once the card is charged must still carry its night and cartons
 * (the server refuses a carton line without them — after the buyer paid).
 */
export interface SavedCartons {
  bingoId: number;
  cartons: number[];
}

/** What to save of the cartons typed for the cart, or undefined when it holds none. */
export function saveCartons(night: CartonNight | undefined, allowed: number, cartons: readonly number[]): SavedCartons | undefined {
  return night && allowed > 0 ? { bingoId: night.id, cartons: [...cartons] } : undefined;
}

/** The sale body with the saved cartons (as `withCartons` sends them). */
export function withSavedCartons<T extends object>(body: T, saved: SavedCartons | undefined): T | (T & SavedCartons) {
  return saved ? { ...body, bingoId: saved.bingoId, cartons: [...saved.cartons] } : body;
}
