/**
 * What the sales screen loads about its register: the catalogue (with settings warmed in the cache),
 * the products in stock alert and how many sales are on hold. Split out of SalesScreen.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { CheckoutApi, CheckoutCatalog } from '../api/checkoutApi';
import { readCache, writeCache } from '../api/localCache';

/** When the catalogue was last loaded with the network (shown while offline). */
const catalogUpdatedKey = (checkoutId: number) => `kermesseRegister.catalogUpdatedAt.${checkoutId}`;

export const STOCK_ALERTS_FAILURE_MESSAGE = "Impossible de charger les états d'alerte des produits.";

export interface RegisterData {
  catalog: CheckoutCatalog | null;
  loadFailed: boolean;
  alerts: ReadonlySet<number>;
  alertsMessage: string | null;
  alertsBusy: boolean;
  refreshAlerts: () => Promise<void>;
  pendingCount: number;
  refreshPendingCount: () => void;
  /** When the catalogue was last loaded online (ms), if known. */
  catalogUpdatedAt: number | null;
}

export function useRegisterData(api: CheckoutApi, checkoutId: number, eventId: number, onLoadError?: () => void): RegisterData {
  const [catalog, setCatalog] = useState<CheckoutCatalog | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [alerts, setAlerts] = useState<ReadonlySet<number>>(new Set());
  const [alertsMessage, setAlertsMessage] = useState<string | null>(null);
  const [alertsBusy, setAlertsBusy] = useState(false);
  const [pendingCount, setPendingCount] = useState(0);
  const [catalogUpdatedAt, setCatalogUpdatedAt] = useState<number | null>(() => readCache<number>(catalogUpdatedKey(checkoutId)) ?? null);
  const mounted = useRef(true);
  const reportLoadError = useRef(onLoadError);
  reportLoadError.current = onLoadError;

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const refreshPendingCount = useCallback(() => {
    api.countPendingSales(eventId).then(
      (count) => mounted.current && setPendingCount(count),
      (error: unknown) => console.error('Ventes en attente indisponibles', error),
    );
  }, [api, eventId]);

  // Catalogue, settings, pending sales and the alerts known so far.
  useEffect(() => {
    let cancelled = false;
    setCatalog(null);
    setLoadFailed(false);
    api.getCheckout(checkoutId).then(
      (loaded) => {
        if (cancelled) return;
        setCatalog(loaded);
        if (typeof navigator === 'undefined' || navigator.onLine !== false) {
          const now = Date.now();
          writeCache(catalogUpdatedKey(checkoutId), now);
          setCatalogUpdatedAt(now);
        }
        const cached = api.cachedStockAlerts(eventId);
        setAlerts(new Set(cached ?? loaded.products.filter((product) => product.stockAlert).map((product) => product.id)));
      },
      (error: unknown) => {
        console.error('Caisse indisponible', error);
        if (cancelled) return;
        setLoadFailed(true);
        reportLoadError.current?.();
      },
    );
    api.loadSettings().catch((error: unknown) => console.error('Réglages indisponibles', error));
    refreshPendingCount();
    return () => {
      cancelled = true;
    };
  }, [api, checkoutId, eventId, refreshPendingCount]);

  const refreshAlerts = useCallback(async () => {
    setAlertsBusy(true);
    try {
      const fresh = await api.stockAlerts(eventId, { fresh: true });
      if (!mounted.current) return;
      setAlerts(new Set(fresh));
      setAlertsMessage(null);
    } catch (error) {
      console.error('Alertes de stock indisponibles', error);
      if (mounted.current) setAlertsMessage(STOCK_ALERTS_FAILURE_MESSAGE);
    } finally {
      if (mounted.current) setAlertsBusy(false);
    }
  }, [api, eventId]);

  return { catalog, loadFailed, alerts, alertsMessage, alertsBusy, refreshAlerts, pendingCount, refreshPendingCount, catalogUpdatedAt };
}
