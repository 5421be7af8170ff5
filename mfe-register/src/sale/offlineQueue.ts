/**
 * Sales made while the register has no network (cash and cheque only): kept on the device in
 * IndexedDB with the Idempotency-Key they were made with, and sent in the order they were made when
 * the network returns. A sale leaves the queue only once the server confirmed it (its 201, or the
 * replayed 201 of a key it already knew), so nothing is lost and nothing is counted twice; a sale the
 * server refuses stays listed with its French reason until the cashier settles it.
 */
import { ApiError, browserStore } from '@kermesse/ui-kit';
import type { SaleResult } from '../api/checkoutApi';
import type { SaleBody } from './buildSale';
import { isRetryable, saleFailureMessage } from './submitSale';

export interface QueuedSale {
  /** The sale's Idempotency-Key: also the queue's key, so the same sale is never queued twice. */
  key: string;
  checkoutId: number;
  eventId: number;
  body: SaleBody;
  totalCents: number;
  /** When it was made (ms since epoch): the sending order. */
  queuedAt: number;
  /** The server's French reason when it refused the sale on sync; null while waiting. */
  refusal: string | null;
}

/** Where the queue lives: IndexedDB in the browser, memory in unit tests. */
export interface QueueStore {
  all(): Promise<QueuedSale[]>;
  put(sale: QueuedSale): Promise<void>;
  delete(key: string): Promise<void>;
}

/** « 1 vente en attente d'envoi », « 3 ventes en attente d'envoi ». */
export function waitingLabel(count: number): string {
  return `${count} vente${count > 1 ? 's' : ''} en attente d'envoi`;
}

const DB_NAME = 'kermesse-caisse';
const STORE = 'ventesHorsLigne';

/** The queue in IndexedDB: it survives a reload and a closed browser. */
export function indexedDbStore(factory: IDBFactory = indexedDB): QueueStore {
  const sales = browserStore<QueuedSale>({ database: DB_NAME, store: STORE, keyPath: 'key' }, factory);
  return {
    async all() {
      return (await sales.all()).sort((a, b) => a.queuedAt - b.queuedAt);
    },
    put: (sale) => sales.put(sale),
    delete: (key) => sales.delete(key),
  };
}

/**
 * How many sales of `checkoutId` (of every register when undefined) are still on this device
 * (waiting or refused): the register cannot be changed while there are some, and a signed-out
 * register says they wait for the next sign-in. 0 where IndexedDB does not exist.
 */
export async function queuedSalesCount(
  checkoutId: number | undefined,
  store: QueueStore | null = typeof indexedDB === 'undefined' ? null : indexedDbStore(),
): Promise<number> {
  if (!store) return 0;
  try {
    return (await store.all()).filter((sale) => checkoutId === undefined || sale.checkoutId === checkoutId).length;
  } catch {
    return 0;
  }
}

/** The queue in memory (unit tests, or a browser without IndexedDB). */
export function memoryStore(initial: QueuedSale[] = []): QueueStore {
  const sales = new Map(initial.map((sale) => [sale.key, sale]));
  return {
    async all() {
      return [...sales.values()].sort((a, b) => a.queuedAt - b.queuedAt);
    },
    async put(sale) {
      sales.set(sale.key, structuredClone(sale));
    },
    async delete(key) {
      sales.delete(key);
    },
  };
}

/** A token to renew, a timeout, a rate limit: the sale itself is fine, it is sent again later. */
const NOT_THE_SALES_FAULT = new Set([401, 403, 408, 429]);

export interface SyncReport {
  sent: number;
  refused: number;
  /** True when the network (or the server) is still away: what remains is tried again later. */
  stopped: boolean;
  /**
   * True when the server refused the register's token (401: expired during a long outage, or
   * revoked): the sales wait on the device until the person signs in again, then go with their keys.
   */
  signInNeeded: boolean;
}

/**
 * Sends the waiting sales of `checkoutId`, oldest first, each with its own key. Confirmed → removed;
 * refused (4xx other than a key still being processed) → kept with the reason, and the next one is
 * sent; no answer or a 5xx → stop, everything left waits for the next try.
 */
export async function syncQueue(
  store: QueueStore,
  send: (sale: SaleBody, idempotencyKey: string) => Promise<SaleResult>,
  checkoutId: number,
  identifyBuyer?: (offlineId: number) => Promise<number>,
): Promise<SyncReport> {
  const report: SyncReport = { sent: 0, refused: 0, stopped: false, signInNeeded: false };
  const waiting = (await store.all()).filter((sale) => sale.checkoutId === checkoutId && sale.refusal === null);
  for (let sale of waiting) {
    try {
      // A buyer typed offline (negative id) is identified first; the sale keeps the id from then on.
      if (sale.body.personId < 0 && identifyBuyer) {
        sale = { ...sale, body: { ...sale.body, personId: await identifyBuyer(sale.body.personId) } };
        await store.put(sale);
      }
      const result = await send(sale.body, sale.key);
      if (!result.success) {
        await store.put({ ...sale, refusal: saleFailureMessage(result.error) });
        report.refused += 1;
        continue;
      }
      await store.delete(sale.key);
      report.sent += 1;
    } catch (error) {
      // No answer, the gateway or service down, or this key still being processed: try again later.
      if (isRetryable(error, true) || !(error instanceof ApiError) || error.status >= 500 || NOT_THE_SALES_FAULT.has(error.status)) {
        report.stopped = true;
        report.signInNeeded = error instanceof ApiError && error.status === 401;
        return report;
      }
      await store.put({ ...sale, refusal: saleFailureMessage(error.message) });
      report.refused += 1;
    }
  }
  return report;
}
