/**
 * The buttons beside the product search: refresh the stock alerts, « Recharger le catalogue », and
 * « Paniers en attente » (only when some sales are on hold, docs/spec.md §4).
 */
import type { ReactNode } from 'react';
import { Button } from '@kermesse/ui-kit';
import { CatalogRefresh, type CatalogRefreshState } from './CatalogRefresh';
import { BasketIcon, RefreshIcon } from './icons';
import type { StockAlerts } from './useStockAlerts';

export interface CatalogToolsProps {
  stockAlerts: Pick<StockAlerts, 'alertsBusy' | 'refreshAlerts'>;
  catalogRefresh: CatalogRefreshState;
  pendingCount: number;
  onPending: () => void;
  /** The printing button (printing/PrintButton.tsx). */
  children?: ReactNode;
}

export function CatalogTools({ stockAlerts, catalogRefresh, pendingCount, onPending, children }: CatalogToolsProps) {
  return (
    <>
      <Button
        variant="ghost"
        className="reg-icon-button"
        onClick={() => void stockAlerts.refreshAlerts()}
        disabled={stockAlerts.alertsBusy}
        aria-label="Actualiser les alertes de stock"
        title="Actualiser les alertes de stock"
      >
        <RefreshIcon />
      </Button>
      <CatalogRefresh {...catalogRefresh} />
      {children}
      {pendingCount > 0 && (
        <Button
          variant="secondary"
          className="reg-pending-button"
          // A phone shows only the basket and the count: the name says it whole.
          aria-label={`Paniers en attente ${pendingCount}`}
          title="Paniers en attente"
          onClick={onPending}
        >
          <BasketIcon />
          <span className="reg-pending-button__label">Paniers en attente</span> <span className="reg-pill">{pendingCount}</span>
        </Button>
      )}
    </>
  );
}
