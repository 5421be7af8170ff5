/**
 * The sales screen of a register (docs/spec.md §2 « Checkout register », §4, §5, §8): products, cart, buyer,
 * tickets and bets, payments, receipts. Keyboard: F2 search, F4 cash, F8 cheque, F9 card. It only
 * composes: each hook (`useCatalog`, `useSale`, `useSaleSubmission`, `useCardPayment`, …) says why it
 * exists, and each panel draws one part.
 */
import { useMemo, useRef, useState } from 'react';
import { ErrorLine, Spinner } from '@kermesse/ui-kit';
import { useCheckoutApi } from '../api/CheckoutApiContext';
import { articleCount } from '../cart/cart';
import { PrintButton } from '../printing/PrintButton';
import { ScanButton } from '../scanner/ScanButton';
import { useProductScan } from '../scanner/useProductScan';
import { useOfflineSelling } from '../sale/useOfflineSelling';
import { TillBar } from '../till/TillBar';
import { prefetchTillSession } from '../till/useTillSession';
import { useCartonSale } from './CartonPicker';
import { CatalogTools } from './CatalogTools';
import { OfflineSaleScreen, QueueStatus } from './OfflineStatus';
import { prefetchKeptRegister } from './prefetchKeptRegister';
import { ProductCatalog } from './ProductCatalog';
import { PaymentButtons } from './SaleControls';
import { SaleDialogs, type Dialog } from './SaleDialogs';
import { SaleNotice, type Notice } from './SaleNotice';
import { SaleDetails, SaleTickets } from './SalePanels';
import { CardTerminalScreen, ProcessingOverlay, SaleFinishedScreen } from './SaleScreens';
import { SaleSheet } from './SaleSheet';
import type { ScreenContext } from './screenContext';
import { useCardPayment } from './useCardPayment';
import { useCatalog } from './useCatalog';
import { usePaymentStart } from './usePaymentStart';
import { usePendingCount } from './usePendingCount';
import { useSale } from './useSale';
import { useSaleKeyboard } from './useSaleKeyboard';
import { useSaleSubmission } from './useSaleSubmission';
import { useStockAlerts } from './useStockAlerts';

export const LOAD_FAILURE_MESSAGE = 'Erreur lors de la récupération des données.';
export { STOCK_ALERTS_FAILURE_MESSAGE } from './useStockAlerts';
export { CASH_CANCELLED_MESSAGE } from './SaleDialogs';
export { QUEUE_FAILURE_MESSAGE } from './useSaleSubmission';
export { SHORTCUTS } from './SaleControls';

export interface SalesScreenProps {
  checkoutId: number;
  eventId: number;
  clickAndCollect: boolean;
  onLoadError?: () => void;
}

prefetchKeptRegister();

export function SalesScreen({ checkoutId, eventId, clickAndCollect, onLoadError }: SalesScreenProps) {
  const api = useCheckoutApi();
  // The till session is asked with the catalogue, not after it (phone LCP).
  useMemo(() => prefetchTillSession(checkoutId), [checkoutId]);
  const { catalog, loadFailed, catalogUpdatedAt, catalogRefresh, mealDeal } = useCatalog(api, checkoutId, eventId, onLoadError);
  const stockAlerts = useStockAlerts(api, eventId, catalog);
  const { pendingCount, refreshPendingCount } = usePendingCount(api, eventId);
  const current = useSale({ checkoutId, eventId, catalog, mealDeal, clickAndCollect });
  const { sale, dispatch } = current;
  const [dialog, setDialog] = useState<Dialog>(null);
  const [cartonsOpen, setCartonsOpen] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [sheetOpen, setSheetOpen] = useState(false);
  const searchRef = useRef<HTMLInputElement>(null);
  const offline = useOfflineSelling(api, checkoutId, catalog, current.raffle?.id);
  // Loto cartons: typed by the cashier, sent with the sale.
  const cartonSale = useCartonSale(sale.lines, catalog?.bingos);
  const screen: ScreenContext = { api, checkoutId, eventId, catalog, current, cartonSale, offline, setNotice };
  const submission = useSaleSubmission(screen, { onHeld: refreshPendingCount, onKept: () => setSheetOpen(false) });
  const { finished, queued, lostAttempt } = submission;
  const card = useCardPayment(screen, submission.send);
  const busy = submission.sending || card.card !== null;
  const blocked = busy || dialog !== null || finished !== null || queued !== null;
  const { pay, chooseReader } = usePaymentStart(screen, { blocked, card, createSale: submission.createSale, openDialog: setDialog });
  useSaleKeyboard({ searchRef, catalog, finished, dialog, busy, queued, pay });
  const scan = useProductScan({
    products: current.products,
    enabled: catalog !== null && !blocked,
    onFound: (product) => dispatch({ type: 'addProduct', product }),
    setNotice,
  });

  if (loadFailed) return <ErrorLine>{LOAD_FAILURE_MESSAGE}</ErrorLine>;
  if (!catalog) return <Spinner label="Chargement de la caisse…" />;

  const offlineStatus = <QueueStatus queue={offline.queue} updatedAt={catalogUpdatedAt} />;
  const empty = sale.lines.length === 0;
  const openPicker = (picker: 'tickets' | 'bets' | 'cartons') => (picker === 'cartons' ? setCartonsOpen(true) : setDialog(picker));
  // A new sale starts on the products: the phone's cart sheet, opened for the last one, closes.
  const startNewSale = () => {
    setSheetOpen(false);
    submission.newSale();
  };
  if (finished || queued) {
    return (
      <div className="reg-screen reg-screen--finished">
        {offlineStatus}
        {finished && <SaleFinishedScreen sale={finished} onNewSale={startNewSale} />}
        {!finished && queued && <OfflineSaleScreen {...queued} onNewSale={startNewSale} />}
      </div>
    );
  }

  return (
    <div className="reg-screen">
      <div className="reg-main">
        {/* The till session — open it first, close it by counting. */}
        <TillBar checkoutId={checkoutId} />
        {stockAlerts.alertsMessage && <ErrorLine>{stockAlerts.alertsMessage}</ErrorLine>}
        <ProductCatalog
          categories={current.categories}
          products={current.products}
          alerts={stockAlerts.alerts}
          inCart={current.inCart}
          searchRef={searchRef}
          onAdd={(product, quantity) => dispatch({ type: 'addProduct', product, quantity })}
          tools={
            <CatalogTools
              stockAlerts={stockAlerts}
              catalogRefresh={catalogRefresh}
              pendingCount={pendingCount}
              onPending={() => setDialog('pending')}
            >
              <ScanButton onCode={scan} />
              <PrintButton checkoutId={checkoutId} categories={current.categories} />
            </CatalogTools>
          }
        />
      </div>

      <SaleSheet
        open={sheetOpen}
        onToggle={() => setSheetOpen((open) => !open)}
        articles={articleCount(sale.lines)}
        totalCents={current.totalCents}
        body={<SaleDetails current={current} searchRef={searchRef} onAskReceipt={setDialog} />}
      >
        {offlineStatus}
        <SaleTickets current={current} cartonSale={cartonSale} onOpen={openPicker} />
        <SaleNotice
          notice={notice}
          onRetry={lostAttempt ? () => void submission.send(lostAttempt, true) : undefined}
          onKeep={lostAttempt && submission.canKeepLost ? () => void submission.keepOffline(lostAttempt) : undefined}
        />
        <PaymentButtons disabled={empty || busy} reader={card.reader} onPay={pay} onChangeReader={() => setDialog('readers')} />
      </SaleSheet>

      <SaleDialogs
        screen={screen}
        dialog={dialog}
        setDialog={setDialog}
        submission={submission}
        cartons={{ open: cartonsOpen, close: () => setCartonsOpen(false) }}
        onReaderChosen={chooseReader}
        onPendingChanged={refreshPendingCount}
      />
      {sale.status === 0 && <ProcessingOverlay />}
      {card.card && <CardTerminalScreen {...card.card} />}
    </div>
  );
}
