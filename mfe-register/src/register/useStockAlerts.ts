/**
 * Which products are in stock alert (docs/spec.md §2 refresh-stock-alerts button, §8 message). It exists
 * because the alerts come from two places: with each catalogue, the copy kept on this device (or the
 * catalogue's own flags), and « Actualiser les alertes de stock », which asks the stock service past
 * every cache — until the next catalogue arrives.
 */
import { useCallback, useMemo, useState } from 'react';
import type { CheckoutApi, CheckoutCatalog } from '../api/checkoutApi';
import { useMounted } from './useMounted';
import { useNetworkReturn } from './useNetworkReturn';

export const STOCK_ALERTS_FAILURE_MESSAGE = "Impossible de charger les états d'alerte des produits.";

const NONE: ReadonlySet<number> = new Set();

export interface StockAlerts {
  alerts: ReadonlySet<number>;
  alertsMessage: string | null;
  alertsBusy: boolean;
  refreshAlerts: () => Promise<void>;
}

export function useStockAlerts(api: CheckoutApi, eventId: number, catalog: CheckoutCatalog | null): StockAlerts {
  // The alerts known when this catalogue arrived: this device's copy, else the catalogue's flags.
  const known = useMemo(
    () =>
      catalog
        ? new Set(api.cachedStockAlerts(eventId) ?? catalog.products.filter((product) => product.stockAlert).map((product) => product.id))
        : NONE,
    [api, eventId, catalog],
  );
  const [fresh, setFresh] = useState<{ catalog: CheckoutCatalog | null; alerts: ReadonlySet<number> } | null>(null);
  const [alertsMessage, setAlertsMessage] = useState<string | null>(null);
  const [alertsBusy, setAlertsBusy] = useState(false);
  const mounted = useMounted();

  const refreshAlerts = useCallback(async () => {
    setAlertsBusy(true);
    try {
      const alerts = new Set(await api.stockAlerts(eventId, { fresh: true }));
      if (!mounted.current) return;
      setFresh({ catalog, alerts });
      setAlertsMessage(null);
    } catch (error) {
      console.error('Alertes de stock indisponibles', error);
      if (mounted.current) setAlertsMessage(STOCK_ALERTS_FAILURE_MESSAGE);
    } finally {
      if (mounted.current) setAlertsBusy(false);
    }
  }, [api, eventId, catalog, mounted]);

  // Asked offline, the alerts failed and said so: asked again (and the message gone) when the network returns.
  useNetworkReturn(
    () => {
      if (alertsMessage !== null) void refreshAlerts();
    },
    { failing: alertsMessage !== null },
  );

  return { alerts: fresh && fresh.catalog === catalog ? fresh.alerts : known, alertsMessage, alertsBusy, refreshAlerts };
}
