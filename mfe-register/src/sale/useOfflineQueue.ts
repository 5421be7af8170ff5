/**
 * The offline queue as the sales screen uses it: whether the device is online, the sales waiting to
 * be sent and those refused, `enqueue` for a sale made offline, and the sending itself — on opening,
 * when the network returns, every 15 s while something waits, and on demand.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { CheckoutApi } from '../api/checkoutApi';
import { identifyOfflineBuyer } from './offlineBuyers';
import { indexedDbStore, memoryStore, syncQueue, type QueuedSale, type QueueStore } from './offlineQueue';

export const SYNC_INTERVAL_MS = 15_000;

export interface OfflineQueue {
  online: boolean;
  /** The server refused the register's token on the last try: the waiting sales need a new sign-in. */
  signInNeeded: boolean;
  waiting: QueuedSale[];
  refused: QueuedSale[];
  enqueue: (sale: QueuedSale) => Promise<void>;
  sync: () => Promise<void>;
  forget: (key: string) => Promise<void>;
}

const browserOnline = () => (typeof navigator === 'undefined' ? true : navigator.onLine !== false);

export function useOfflineQueue(
  api: Pick<CheckoutApi, 'createSale' | 'findPerson' | 'createPerson'>,
  checkoutId: number,
  store?: QueueStore,
): OfflineQueue {
  const queue = useMemo(() => store ?? (typeof indexedDB === 'undefined' ? memoryStore() : indexedDbStore()), [store]);
  const [sales, setSales] = useState<QueuedSale[]>([]);
  const [online, setOnline] = useState(browserOnline);
  const [signInNeeded, setSignInNeeded] = useState(false);
  const syncing = useRef(false);
  const mounted = useRef(true);

  const reload = useCallback(async () => {
    try {
      const all = await queue.all();
      if (mounted.current) setSales(all.filter((sale) => sale.checkoutId === checkoutId));
    } catch (error) {
      console.error("File d'attente hors ligne illisible", error);
    }
  }, [queue, checkoutId]);

  const sync = useCallback(async () => {
    if (syncing.current || !browserOnline()) return;
    syncing.current = true;
    try {
      const report = await syncQueue(
        queue,
        (sale, key) => api.createSale(sale, key),
        checkoutId,
        (offlineId) => identifyOfflineBuyer(api, offlineId),
      );
      if (mounted.current) setSignInNeeded(report.signInNeeded);
    } catch (error) {
      console.error('Envoi des ventes hors ligne impossible', error);
    } finally {
      syncing.current = false;
      await reload();
    }
  }, [api, queue, checkoutId, reload]);

  useEffect(() => {
    mounted.current = true;
    void reload().then(() => sync());
    const goOnline = () => {
      setOnline(true);
      void sync();
    };
    const goOffline = () => setOnline(false);
    window.addEventListener('online', goOnline);
    window.addEventListener('offline', goOffline);
    return () => {
      mounted.current = false;
      window.removeEventListener('online', goOnline);
      window.removeEventListener('offline', goOffline);
    };
  }, [reload, sync]);

  const waiting = useMemo(() => sales.filter((sale) => sale.refusal === null), [sales]);
  const refused = useMemo(() => sales.filter((sale) => sale.refusal !== null), [sales]);

  // While something waits, try again now and then (the `online` event does not fire when only the server was away).
  useEffect(() => {
    if (waiting.length === 0) return;
    const timer = setInterval(() => void sync(), SYNC_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [waiting.length, sync]);

  const enqueue = useCallback(
    async (sale: QueuedSale) => {
      await queue.put(sale);
      await reload();
    },
    [queue, reload],
  );

  const forget = useCallback(
    async (key: string) => {
      await queue.delete(key);
      await reload();
    },
    [queue, reload],
  );

  return { online, signInNeeded, waiting, refused, enqueue, sync, forget };
}
