import { useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { Button, ErrorLine, Spinner } from '@kermesse/ui-kit';
import { useCheckoutApi } from '../api/CheckoutApiContext';
import { checkoutApiFor, type CatalogProduct } from '../api/checkoutApi';
import { readBearerToken } from '../api/bearerToken';
import { newIdempotencyKey } from '../api/idempotencyKey';
import { cacheKeys, dropCache, readCache, writeCache } from '../api/localCache';
import type { SaleDto } from '../api/types';
import { articleCount, cartTotalCents } from '../cart/cart';
import { PAYMENT_MODE, paymentBlocker, type PaymentMode } from '../cart/payment';
import { betCount, raffleTicketCount } from '../cart/tickets';
import { withSavedCartons, type SavedCartons } from '../cart/cartons';
import { buildSale, ticketTargets, type SalePayment } from '../sale/buildSale';
import { runCardPayment, type CardProgress } from '../sale/cardPayment';
import { submitSale, takenTickets as numbersTaken } from '../sale/submitSale';
import { useOfflineQueue } from '../sale/useOfflineQueue';
import { prefetchTillSession, TillBar } from '../till/TillBar';
import { readSelection } from '../entry/selection';
import { offlineTicketBlocker, sellableOffline } from '../sale/ticketBlock';
import { useTicketBlocks } from '../sale/useTicketBlocks';
import { BetPicker } from './BetPicker';
import { BuyerPanel } from './BuyerPanel';
import { CardReaderChooser, readChosenReader, type ChosenReader } from './CardReaderChooser';
import { CartPanel } from './CartPanel';
import { CashDialog } from './CashDialog';
import { ChequeDialog } from './ChequeDialog';
import { DonationPanel } from './DonationPanel';
import { OFFLINE_MESSAGES, OfflineSaleScreen, OfflineStatus } from './OfflineStatus';
import { RefreshIcon } from './icons';
import { PendingSalesList } from './PendingSales';
import { ProductCatalog } from './ProductCatalog';
import { RaffleTicketPicker } from './RaffleTicketPicker';
import { CartonButton, CartonPicker, useCartonSale } from './CartonPicker';
import { PaymentButtons, ReceiptChoice, SHORTCUTS, TicketButtons } from './SaleControls';
import { SaleSheet } from './SaleSheet';
import { CatalogRefresh } from './CatalogRefresh';
import { useRegisterData } from './useRegisterData';
import { useKeydown } from './useShortcuts';
import { EmailReceiptModal, SmsReceiptModal } from './ReceiptModals';
import { emptySale, saleReducer, type SaleState } from './saleState';
import { CardTerminalScreen, ProcessingOverlay, SaleFinishedScreen, type FinishedSale } from './SaleScreens';

export const LOAD_FAILURE_MESSAGE = 'Erreur lors de la récupération des données.';
export { STOCK_ALERTS_FAILURE_MESSAGE } from './useRegisterData';
export const CASH_CANCELLED_MESSAGE = 'Vente annulée.';
export const QUEUE_FAILURE_MESSAGE = "Impossible de garder la vente sur cet appareil (stockage du navigateur indisponible).";

export { SHORTCUTS } from './SaleControls';

export interface SalesScreenProps {
  checkoutId: number;
  eventId: number;
  clickAndCollect: boolean;
  onLoadError?: () => void;
}

type Dialog = 'cash' | 'cheque' | 'readers' | 'tickets' | 'bets' | 'pending' | 'sms' | 'email' | null;

interface Notice {
  tone: 'error' | 'info';
  text: string;
}

/** A card payment in progress, kept in local storage so a reload resumes it (never charges twice). */
interface StoredCardPayment {
  paymentId: string;
  transactionId?: string;
  reader: ChosenReader;
  amountCents: number;
  sale: SaleState;
  /** The loto night and cartons typed (issue 12): the sale sent after the charge needs them. */
  cartons?: SavedCartons;
}

/** A sale whose answer was lost: « Réessayer » sends the same body with the same key. */
interface LostAttempt {
  body: SaleDto;
  key: string;
  finished: Omit<FinishedSale, 'result'>;
}

/**
 * The sales screen of a register (SPEC §2 « Checkout register », §4, §5, §8): products, cart, buyer,
 * tickets and bets, payments, receipts. Keyboard: F2 search, F4 cash, F8 cheque, F9 card.
 */
// A register opened again on this device (its selection kept): its till session and catalogue are
// asked as soon as this code arrives, while the entry page still checks the event (phone LCP, issue
// 15). The catalogue lands in the local cache, where the screen reads it.
if (typeof window !== 'undefined') {
  const kept = readSelection();
  let token: string | null = null;
  try {
    token = readBearerToken();
  } catch {
    // No storage: nothing to ask ahead.
  }
  if (kept && token) {
    prefetchTillSession(kept.checkout.id);
    checkoutApiFor(token).getCheckout(kept.checkout.id).catch(() => undefined);
  }
}

export function SalesScreen({ checkoutId, eventId, clickAndCollect, onLoadError }: SalesScreenProps) {
  const api = useCheckoutApi();
  // The till session is asked with the catalogue, not after it (phone LCP, issue 15).
  useMemo(() => prefetchTillSession(checkoutId), [checkoutId]);
  const { catalog, loadFailed, alerts, alertsMessage, alertsBusy, refreshAlerts, pendingCount, refreshPendingCount, catalogUpdatedAt, catalogRefresh, mealDeal } = useRegisterData(
    api,
    checkoutId,
    eventId,
    onLoadError,
  );
  const config = catalog?.ticketConfig ?? { raffles: [], giftBaskets: [] };
  // The event's meal-deal rule (its settings) prices the cart as the server will (issues 9/10).
  const reducer = useMemo(() => saleReducer(config, mealDeal ?? undefined), [config, mealDeal]);
  const [sale, dispatch] = useReducer(reducer, emptySale);
  useEffect(() => dispatch({ type: 'applyMealDeal' }), [mealDeal]);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [card, setCard] = useState<{ progress: CardProgress; reader: ChosenReader; amountCents: number } | null>(null);
  const [reader, setReader] = useState<ChosenReader | undefined>(readChosenReader);
  const [finished, setFinished] = useState<FinishedSale | null>(null);
  const [lostAttempt, setLostAttempt] = useState<LostAttempt | null>(null);
  const [takenTickets, setTakenTickets] = useState<number[]>([]);
  const searchRef = useRef<HTMLInputElement>(null);
  const [sheetOpen, setSheetOpen] = useState(false);
  const queue = useOfflineQueue(api, checkoutId);
  const blocks = useTicketBlocks(api, checkoutId, useMemo(() => (catalog?.raffles ?? []).map((item) => item.id), [catalog]), queue);
  const [queued, setQueued] = useState<{ totalCents: number; changeCents: number | null } | null>(null);
  const mounted = useRef(true);
  const busy = sale.status === 0 || card !== null;

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const products = useMemo(
    () => (catalog ? (clickAndCollect ? catalog.products.filter((product) => product.clickAndCollectEligible) : catalog.products) : []),
    [catalog, clickAndCollect],
  );
  const inCart = useMemo(() => new Map(sale.lines.map((line) => [line.product.id, line.quantity])), [sale.lines]);
  const totalCents = cartTotalCents(sale.lines);
  const ticketsAllowed = raffleTicketCount(sale.lines, config);
  const betsAllowed = betCount(sale.lines, config);
  const targets = ticketTargets(sale.lines, catalog?.products ?? []);
  const raffle = catalog?.raffles.find((item) => item.id === targets.raffleId);
  const giftBasket = catalog?.giftBaskets.find((item) => item.id === targets.giftBasketId);
  const offeredTickets = raffle ? blocks.offered(raffle.id) : undefined;
  // Loto cartons (issue 12): typed by the cashier, sent with the sale.
  const cartonSale = useCartonSale(sale.lines, catalog?.bingos);
  const [cartonsOpen, setCartonsOpen] = useState(false);

  const draftOf = (state: SaleState) => {
    const { raffleId, giftBasketId } = ticketTargets(state.lines, catalog?.products ?? []);
    return { checkoutId, eventId, lines: state.lines, person: state.person, raffleId, tickets: state.tickets, giftBasketId, bets: state.bets, receipt: state.receipt };
  };

  async function createSale(payment: SalePayment, extra: { changeCents?: number } = {}) {
    const attempt: LostAttempt = {
      body: cartonSale.withCartons(buildSale(draftOf(sale), payment)),
      key: newIdempotencyKey(),
      finished: {
        lines: sale.lines,
        changeCents: extra.changeCents ?? null,
        onHold: payment.mode === PAYMENT_MODE.hold,
        buyer: sale.person ? { phone: sale.person.phone, email: sale.person.email } : null,
      },
    };
    // No network: the sale waits on this device with its key (sent by the queue when it returns).
    if (typeof navigator !== 'undefined' && navigator.onLine === false && sellableOffline(attempt.body, offeredTickets)) await keepOffline(attempt);
    else await send(attempt);
  }

  /** Puts the sale in the offline queue (IndexedDB) and shows that it is kept. */
  async function keepOffline(attempt: LostAttempt) {
    try {
      await queue.enqueue({
        key: attempt.key,
        checkoutId,
        eventId,
        body: attempt.body,
        totalCents: cartTotalCents(attempt.finished.lines),
        queuedAt: Date.now(),
        refusal: null,
      });
    } catch (error) {
      console.error("File d'attente hors ligne indisponible", error);
      setNotice({ tone: 'error', text: QUEUE_FAILURE_MESSAGE });
      return;
    }
    if (!mounted.current) return;
    setNotice(null);
    setLostAttempt(null);
    setSheetOpen(false);
    setQueued({ totalCents: cartTotalCents(attempt.finished.lines), changeCents: attempt.finished.changeCents });
  }

  async function send(attempt: LostAttempt, resend = false) {
    setNotice(null);
    setLostAttempt(null);
    dispatch({ type: 'setStatus', status: 0 });
    const outcome = await submitSale(api, attempt.body, attempt.key, { resend });
    if (!mounted.current) return;
    if (outcome.ok) {
      dropCache(cacheKeys.cardPayment(checkoutId));
      setTakenTickets([]);
      setFinished({ ...attempt.finished, result: outcome.result });
      dispatch({ type: 'setStatus', status: 1 });
      if (attempt.body.paymentMode === PAYMENT_MODE.hold) refreshPendingCount();
      return;
    }
    dispatch({ type: 'setStatus', status: -1 });
    setNotice({ tone: 'error', text: outcome.message });
    if (outcome.network) setLostAttempt(attempt);
    const taken = numbersTaken(outcome, attempt.body.raffles);
    if (taken.length > 0) {
      // Sold meanwhile by another register: those numbers are marked sold and must be picked again.
      setTakenTickets((current) => [...new Set([...current, ...taken])]);
      dispatch({ type: 'setTickets', tickets: attempt.body.raffles.filter((number) => !taken.includes(number)) });
    }
  }

  async function startCardPayment(chosen: ChosenReader, resume?: StoredCardPayment) {
    if (!catalog) return;
    const key = cacheKeys.cardPayment(checkoutId);
    const amountCents = resume?.amountCents ?? totalCents;
    const snapshot = resume?.sale ?? sale;
    const stored = resume ?? readCache<StoredCardPayment>(key);
    const cartons = resume ? resume.cartons : cartonSale.saved;
    if (resume?.cartons) cartonSale.set(resume.cartons.cartons);
    // The same cart and amount resume the earlier intent: the provider answers the same transaction.
    const earlier = stored && stored.amountCents === amountCents && JSON.stringify(stored.sale.lines) === JSON.stringify(snapshot.lines) ? stored : undefined;
    setNotice(null);
    setCard({ progress: { phase: 'starting' }, reader: chosen, amountCents });
    const remember = (change: Partial<StoredCardPayment>) => {
      const current = readCache<StoredCardPayment>(key);
      writeCache(key, { ...(current ?? { reader: chosen, amountCents, sale: snapshot, paymentId: '', cartons }), ...change });
    };
    const outcome = await runCardPayment({
      api,
      readerId: chosen.id,
      amountCents,
      description: `Kermesse — ${catalog.name || `caisse ${checkoutId}`}`,
      paymentId: earlier?.paymentId,
      onPaymentId: (paymentId) => writeCache(key, { paymentId, reader: chosen, amountCents, sale: snapshot, cartons } satisfies StoredCardPayment),
      onTransaction: (transactionId) => remember({ transactionId }),
      onProgress: (progress) => mounted.current && setCard({ progress, reader: chosen, amountCents }),
    });
    if (!mounted.current) return;
    setCard(null);
    if (!outcome.ok) {
      // A FAILED transaction may be started again; one still pending or unchecked is resumed next time.
      if (outcome.transactionFailed) dropCache(key);
      setNotice({ tone: 'error', text: outcome.message });
      return;
    }
    const body = withSavedCartons(buildSale(draftOf(snapshot), { mode: PAYMENT_MODE.card, transactionCode: outcome.transactionCode }), cartons);
    await send({
      body,
      key: newIdempotencyKey(),
      finished: {
        lines: snapshot.lines,
        changeCents: null,
        onHold: false,
        buyer: snapshot.person ? { phone: snapshot.person.phone, email: snapshot.person.email } : null,
      },
    });
  }

  // A card payment interrupted by a reload resumes the same transaction.
  const resumed = useRef(false);
  const resume = useRef(startCardPayment);
  resume.current = startCardPayment;
  useEffect(() => {
    if (!catalog || resumed.current) return;
    resumed.current = true;
    const stored = readCache<StoredCardPayment>(cacheKeys.cardPayment(checkoutId));
    if (!stored?.paymentId) return;
    dispatch({ type: 'restore', sale: stored.sale });
    void resume.current(stored.reader, stored);
  }, [catalog, checkoutId]);

  const handlePay = (mode: PaymentMode) => {
    if (busy || dialog || finished || queued || sale.lines.length === 0) return;
    if (!queue.online) {
      const offlineBlocker =
        mode === PAYMENT_MODE.card
          ? OFFLINE_MESSAGES.card
          : mode === PAYMENT_MODE.hold
            ? OFFLINE_MESSAGES.hold
            : offlineTicketBlocker({ tickets: sale.tickets, ticketsAllowed, betsAllowed }, offeredTickets);
      if (offlineBlocker) {
        setNotice({ tone: 'error', text: offlineBlocker });
        return;
      }
    }
    const blocker = paymentBlocker({ mode, lines: sale.lines, config, person: sale.person, tickets: sale.tickets, bets: sale.bets }) ?? cartonSale.blocker;
    if (blocker) {
      setNotice({ tone: 'error', text: blocker });
      return;
    }
    setNotice(null);
    if (mode === PAYMENT_MODE.cash) setDialog('cash');
    else if (mode === PAYMENT_MODE.cheque) setDialog('cheque');
    else if (mode === PAYMENT_MODE.card) {
      if (reader) void startCardPayment(reader);
      else setDialog('readers');
    } else void createSale({ mode: PAYMENT_MODE.hold });
  };

  const handleNewSale = () => {
    setFinished(null);
    setQueued(null);
    setNotice(null);
    setLostAttempt(null);
    dispatch({ type: 'newSale' });
  };

  // Back on the sale screen, the search field takes the keyboard again.
  useEffect(() => {
    if (catalog && !finished && !dialog && !busy) searchRef.current?.focus();
  }, [catalog, finished, dialog, busy]);

  // Keyboard shortcuts, only on the sale screen itself (not under a dialog).
  useKeydown((event: KeyboardEvent) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if (document.querySelector('[aria-modal="true"]') || finished || queued || !catalog) return;
    const actions: Record<string, () => void> = {
      [SHORTCUTS.search]: () => searchRef.current?.focus(),
      [SHORTCUTS.cash]: () => handlePay(PAYMENT_MODE.cash),
      [SHORTCUTS.cheque]: () => handlePay(PAYMENT_MODE.cheque),
      [SHORTCUTS.card]: () => handlePay(PAYMENT_MODE.card),
    };
    const action = actions[event.key];
    if (!action) {
      // Typing with nothing focused (after a click elsewhere) goes to the product search.
      if (event.key.length === 1 && (event.target === document.body || event.target === null) && searchRef.current) searchRef.current.focus();
      return;
    }
    event.preventDefault();
    action();
  });

  if (loadFailed) return <ErrorLine>{LOAD_FAILURE_MESSAGE}</ErrorLine>;
  if (!catalog) return <Spinner label="Chargement de la caisse…" />;

  const offlineStatus = (
    <OfflineStatus
      online={queue.online}
      waiting={queue.waiting}
      refused={queue.refused}
      onSend={() => void queue.sync()}
      onForget={(key) => void queue.forget(key)}
      updatedAt={catalogUpdatedAt}
    />
  );

  if (finished || queued) {
    return (
      <div className="reg-screen reg-screen--finished">
        {offlineStatus}
        {finished ? (
          <SaleFinishedScreen sale={finished} onNewSale={handleNewSale} />
        ) : (
          queued && <OfflineSaleScreen totalCents={queued.totalCents} changeCents={queued.changeCents} onNewSale={handleNewSale} />
        )}
      </div>
    );
  }

  const empty = sale.lines.length === 0;

  return (
    <div className="reg-screen">
      <div className="reg-main">
        {/* Issue 14: the till session — open it first, close it by counting. */}
        <TillBar checkoutId={checkoutId} />
        {alertsMessage && <ErrorLine>{alertsMessage}</ErrorLine>}
        <ProductCatalog
          categories={catalog.categories.filter((category) => products.some((product) => product.category.id === category.id))}
          products={products}
          alerts={alerts}
          inCart={inCart}
          searchRef={searchRef}
          onAdd={(product: CatalogProduct, quantity: number) => dispatch({ type: 'addProduct', product, quantity })}
          tools={
            <>
              <Button
                variant="ghost"
                className="reg-icon-button"
                onClick={() => void refreshAlerts()}
                disabled={alertsBusy}
                aria-label="Actualiser les alertes de stock"
                title="Actualiser les alertes de stock"
              >
                <RefreshIcon />
              </Button>
              <CatalogRefresh {...catalogRefresh} />
              {pendingCount > 0 && (
                <Button variant="secondary" onClick={() => setDialog('pending')}>
                  Paniers en attente <span className="reg-pill">{pendingCount}</span>
                </Button>
              )}
            </>
          }
        />
      </div>

      <SaleSheet
        open={sheetOpen}
        onToggle={() => setSheetOpen((open) => !open)}
        articles={articleCount(sale.lines)}
        totalCents={totalCents}
        body={
          <>
            <BuyerPanel
              person={sale.person}
              onPerson={(person) => {
                dispatch({ type: 'setPerson', person });
                // Once the buyer is known, the keyboard goes back to the products.
                if (person) setTimeout(() => searchRef.current?.focus(), 0);
              }}
            />
            <CartPanel
              lines={sale.lines}
              onQuantity={(productId, quantity) => dispatch({ type: 'setQuantity', productId, quantity })}
              onRemove={(productId) => dispatch({ type: 'removeLine', productId })}
            />
            <DonationPanel onDonate={(amountCents) => dispatch({ type: 'addDonation', amountCents })} />

            <ReceiptChoice receipt={sale.receipt} onNone={() => dispatch({ type: 'setReceipt', receipt: null })} onAsk={(method) => setDialog(method)} />
          </>
        }
      >
        {offlineStatus}
        <TicketButtons
          tickets={{ chosen: sale.tickets.length, allowed: ticketsAllowed, available: Boolean(raffle) }}
          bets={{ chosen: sale.bets.length, allowed: betsAllowed, available: Boolean(giftBasket) }}
          onTickets={() => setDialog('tickets')}
          onBets={() => setDialog('bets')}
        />
        <CartonButton sale={cartonSale} onOpen={() => setCartonsOpen(true)} />
        {notice && (
          <div className={notice.tone === 'error' ? 'k-error-line reg-notice' : 'reg-notice reg-notice--info'} role="alert">
            {notice.text}
            {lostAttempt && (
              <Button variant="secondary" className="reg-notice__retry" onClick={() => void send(lostAttempt, true)}>
                Réessayer
              </Button>
            )}
            {lostAttempt && sellableOffline(lostAttempt.body, offeredTickets) && (
              <Button variant="secondary" className="reg-notice__retry" onClick={() => void keepOffline(lostAttempt)}>
                Envoyer plus tard
              </Button>
            )}
          </div>
        )}

        <PaymentButtons disabled={empty || busy} reader={reader} onPay={handlePay} onChangeReader={() => setDialog('readers')} />
      </SaleSheet>

      {dialog === 'cash' && (
        <CashDialog
          totalCents={totalCents}
          onCancel={() => {
            setDialog(null);
            setNotice({ tone: 'info', text: CASH_CANCELLED_MESSAGE });
          }}
          onConfirm={(givenCents, changeCents) => {
            setDialog(null);
            void createSale({ mode: PAYMENT_MODE.cash, givenCents }, { changeCents });
          }}
        />
      )}
      {dialog === 'cheque' && (
        <ChequeDialog
          totalCents={totalCents}
          onCancel={() => setDialog(null)}
          onConfirm={(chequeNumber) => {
            setDialog(null);
            void createSale({ mode: PAYMENT_MODE.cheque, chequeNumber });
          }}
        />
      )}
      {dialog === 'readers' && (
        <CardReaderChooser
          onClose={() => setDialog(null)}
          onChoose={(chosen) => {
            setReader(chosen);
            setDialog(null);
            if (sale.lines.length > 0 && !paymentBlocker({ mode: PAYMENT_MODE.card, lines: sale.lines, config, person: sale.person, tickets: sale.tickets, bets: sale.bets })) {
              void startCardPayment(chosen);
            }
          }}
        />
      )}
      {dialog === 'tickets' && raffle && (
        <RaffleTicketPicker
          raffle={raffle}
          allowed={ticketsAllowed}
          initial={sale.tickets}
          alsoSold={takenTickets}
          offline={offeredTickets ? { numbers: offeredTickets } : null}
          reserved={blocks.reserved(raffle.id)}
          onCancel={() => setDialog(null)}
          onConfirm={(tickets) => {
            dispatch({ type: 'setTickets', tickets });
            setDialog(null);
            setNotice(null);
          }}
        />
      )}
      {cartonsOpen && cartonSale.night && (
        <CartonPicker
          night={cartonSale.night}
          allowed={cartonSale.allowed}
          initial={cartonSale.cartons}
          onCancel={() => setCartonsOpen(false)}
          onConfirm={(cartons) => {
            cartonSale.set(cartons);
            setCartonsOpen(false);
            setNotice(null);
          }}
        />
      )}
      {dialog === 'bets' && giftBasket && (
        <BetPicker
          giftBasket={giftBasket}
          maxBets={betsAllowed}
          initial={sale.bets}
          onCancel={() => setDialog(null)}
          onSubmit={(bets) => {
            dispatch({ type: 'setBets', bets });
            setDialog(null);
            setNotice(null);
          }}
        />
      )}
      {dialog === 'pending' && <PendingSalesList eventId={eventId} onClose={() => setDialog(null)} onChanged={refreshPendingCount} />}
      {dialog === 'sms' && (
        <SmsReceiptModal
          initialPhone={sale.receipt?.method === 'sms' ? sale.receipt.to : sale.person?.phone}
          onCancel={() => setDialog(null)}
          onConfirm={(to) => {
            dispatch({ type: 'setReceipt', receipt: { method: 'sms', to } });
            setDialog(null);
          }}
        />
      )}
      {dialog === 'email' && (
        <EmailReceiptModal
          initialEmail={sale.receipt?.method === 'email' ? sale.receipt.to : sale.person?.email}
          onCancel={() => setDialog(null)}
          onConfirm={(to) => {
            dispatch({ type: 'setReceipt', receipt: { method: 'email', to } });
            setDialog(null);
          }}
        />
      )}
      {sale.status === 0 && <ProcessingOverlay />}
      {card && <CardTerminalScreen amountCents={card.amountCents} readerIdentifier={card.reader.identifier} progress={card.progress} />}
    </div>
  );
}
