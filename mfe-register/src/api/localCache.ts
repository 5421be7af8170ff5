/**
 * Local-storage caches of the register (docs/spec.md §9): checkout and settings for 600 s, stock alerts
 * per event, the chosen card reader and a card payment in progress. A broken or full storage
 * never breaks a sale: reads then miss, writes are dropped.
 */

const PREFIX = 'kermesseRegister.';

/** Checkout and settings are kept 600 s (docs/spec.md §9). */
export const CATALOG_MAX_AGE_MS = 600_000;

export const cacheKeys = {
  checkout: (checkoutId: number) => `${PREFIX}checkout.${checkoutId}`,
  settings: () => `${PREFIX}settings`,
  stockAlerts: (eventId: number) => `${PREFIX}stockAlerts.${eventId}`,
  cardReader: () => `${PREFIX}cardReader`,
  cardPayment: (checkoutId: number) => `${PREFIX}cardPayment.${checkoutId}`,
};

interface Stored<T> {
  savedAt: number;
  data: T;
}

/** The value stored under `key` if younger than `maxAgeMs` (any age when omitted). */
export function readCache<T>(key: string, maxAgeMs?: number, now: number = Date.now()): T | undefined {
  try {
    const text = localStorage.getItem(key);
    if (!text) return undefined;
    const stored = JSON.parse(text) as Stored<T>;
    if (typeof stored !== 'object' || stored === null || typeof stored.savedAt !== 'number') return undefined;
    if (maxAgeMs !== undefined && now - stored.savedAt >= maxAgeMs) return undefined;
    return stored.data;
  } catch {
    return undefined;
  }
}

export function writeCache<T>(key: string, data: T, now: number = Date.now()): void {
  try {
    localStorage.setItem(key, JSON.stringify({ savedAt: now, data } satisfies Stored<T>));
  } catch (error) {
    console.warn('Cache local indisponible', error);
  }
}

export function dropCache(key: string): void {
  try {
    localStorage.removeItem(key);
  } catch {
    // Nothing to drop.
  }
}
