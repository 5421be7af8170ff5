/**
 * The register's catalogue as the sales screen shows it, and the event's meal-deal rule from its
 * settings (the cart is priced as the server will). It exists because the catalogue
 * changes under an open register: every 30 s and when the window comes back to the front
 * it asks the settings' catalogue version past every cache, and a new version loads the catalogue
 * again; « Recharger le catalogue » does the same at once.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { formatTime, useResource } from '@kermesse/ui-kit';
import type { CheckoutApi, CheckoutCatalog } from '../api/checkoutApi';
import { readCache, writeCache } from '../api/localCache';
import { mealDealRuleOf, type MealDealRule } from '../cart/mealDeal';
import { catalogVersionOf, type CatalogRefreshState } from './CatalogRefresh';
import { useMounted } from './useMounted';

/** How often the register asks whether the catalogue changed. */
export const CATALOG_CHECK_MS = 30_000;

/** When the catalogue was last loaded with the network (shown while offline). */
const catalogUpdatedKey = (checkoutId: number) => `kermesseRegister.catalogUpdatedAt.${checkoutId}`;

/** Logs a failed load in the console (the screen shows its own French line) and passes it on. */
const logged =
  (what: string) =>
  (error: unknown): never => {
    console.error(what, error);
    throw error;
  };

export interface Catalog {
  catalog: CheckoutCatalog | null;
  loadFailed: boolean;
  /** When the catalogue was last loaded online (ms), if known. */
  catalogUpdatedAt: number | null;
  /** « Recharger le catalogue » and what it says. */
  catalogRefresh: CatalogRefreshState;
  /** The event's meal-deal rule from its settings; null until known (docs/spec.md §9's applies). */
  mealDeal: MealDealRule | null;
}

export function useCatalog(
  api: CheckoutApi,
  checkoutId: number,
  eventId: number,
  onLoadError?: () => void,
  checkEveryMs = CATALOG_CHECK_MS,
): Catalog {
  // The catalogue (the local copy when fresh) and the settings of this register's event: its
  // meal-deal rule prices the cart as the server will.
  // A fresh local copy (the register opened again, or asked ahead by prefetchKeptRegister) shows at once.
  const first = useResource(() => api.getCheckout(checkoutId).catch(logged('Caisse indisponible')), [api, checkoutId], {
    initialData: () => api.peekCheckout(checkoutId),
  });
  const settings = useResource(() => api.loadSettings(eventId).catch(logged('Réglages indisponibles')), [api, eventId], {
    initialData: () => api.peekSettings(eventId),
  });
  const settingsRule = useMemo(() => (settings.data === undefined ? null : mealDealRuleOf(settings.data)), [settings.data]);
  /** What « Recharger le catalogue » or a new catalogue version brought, in place of the first answers. */
  const [reloaded, setReloaded] = useState<CheckoutCatalog | null>(null);
  const [reloadedRule, setReloadedRule] = useState<{ rule: MealDealRule | null } | null>(null);
  const [catalogUpdatedAt, setCatalogUpdatedAt] = useState<number | null>(() => readCache<number>(catalogUpdatedKey(checkoutId)) ?? null);
  const [catalogBusy, setCatalogBusy] = useState(false);
  const [catalogMessage, setCatalogMessage] = useState<string | null>(null);
  /** The catalogue version the shown catalogue belongs to, as far as the register knows. */
  const catalogVersion = useRef<number | null>(null);
  const mounted = useMounted();
  const reportLoadError = useRef(onLoadError);
  reportLoadError.current = onLoadError;

  const loadedOnline = useCallback(() => {
    const now = Date.now();
    writeCache(catalogUpdatedKey(checkoutId), now);
    setCatalogUpdatedAt(now);
    return now;
  }, [checkoutId]);

  useEffect(() => {
    if (first.data && (typeof navigator === 'undefined' || navigator.onLine !== false)) loadedOnline();
  }, [first.data, loadedOnline]);
  // The entry page says so too (docs/spec.md §8).
  useEffect(() => {
    if (first.error) reportLoadError.current?.();
  }, [first.error]);
  useEffect(() => {
    if (settings.data !== undefined && catalogVersion.current === null) catalogVersion.current = catalogVersionOf(settings.data);
  }, [settings.data]);

  /** Loads the catalogue from the server; `version` is the one it belongs to when known. */
  const reloadCatalog = useCallback(
    async (version?: number | null) => {
      setCatalogBusy(true);
      try {
        const loaded = await api.freshCatalog(checkoutId);
        // A back-office change may be the event's meal-deal rule: its settings are asked again too.
        api.loadSettings(eventId, { fresh: true }).then(
          (fresh) => mounted.current && setReloadedRule({ rule: mealDealRuleOf(fresh) }),
          (error: unknown) => console.warn('Réglages indisponibles', error),
        );
        if (!mounted.current) return;
        if (version !== undefined && version !== null) catalogVersion.current = version;
        setReloaded(loaded);
        const now = loadedOnline();
        setCatalogMessage(`Catalogue mis à jour à ${formatTime(now)}.`);
      } catch (error) {
        console.error('Catalogue indisponible', error);
        if (mounted.current) setCatalogMessage('Impossible de recharger le catalogue.');
      } finally {
        if (mounted.current) setCatalogBusy(false);
      }
    },
    [api, checkoutId, eventId, loadedOnline, mounted],
  );

  const reload = useCallback(async () => {
    const version = await api.catalogVersion(eventId).catch(() => null);
    await reloadCatalog(version);
  }, [api, eventId, reloadCatalog]);

  // A new catalogue version (a back-office change): load the catalogue again.
  useEffect(() => {
    let stopped = false;
    const check = async () => {
      if (typeof navigator !== 'undefined' && navigator.onLine === false) return;
      let version: number | null;
      try {
        version = await api.catalogVersion(eventId);
      } catch (error) {
        console.warn('Version du catalogue indisponible', error);
        return;
      }
      if (stopped || version === null) return;
      const known = catalogVersion.current;
      if (known === version) return;
      if (known === null) {
        catalogVersion.current = version;
        return;
      }
      await reloadCatalog(version);
    };
    const timer = setInterval(() => void check(), checkEveryMs);
    const handleFocus = () => void check();
    const handleVisible = () => {
      if (document.visibilityState === 'visible') void check();
    };
    window.addEventListener('focus', handleFocus);
    document.addEventListener('visibilitychange', handleVisible);
    return () => {
      stopped = true;
      clearInterval(timer);
      window.removeEventListener('focus', handleFocus);
      document.removeEventListener('visibilitychange', handleVisible);
    };
  }, [api, checkEveryMs, eventId, reloadCatalog]);

  return {
    catalog: reloaded ?? first.data ?? null,
    loadFailed: reloaded === null && first.error !== null,
    catalogUpdatedAt,
    catalogRefresh: { reload, busy: catalogBusy, message: catalogMessage },
    mealDeal: reloadedRule ? reloadedRule.rule : settingsRule,
  };
}
