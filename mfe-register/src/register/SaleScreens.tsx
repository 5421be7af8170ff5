import { useEffect, useRef, useState } from 'react';
import { Button, ErrorLine, formatEuros, newIdempotencyKey, Spinner } from '@kermesse/ui-kit';
import { useCheckoutApi } from '../api/CheckoutApiContext';
import type { SaleResult } from '../api/checkoutApi';
import { cartTotalCents, lineTotalCents } from '../cart/cart';
import type { CartLine } from '../cart/types';
import type { CardProgress } from '../sale/cardPayment';
import { CARD_MAX_ATTEMPTS } from '../sale/cardPayment';
import { CheckIcon } from './icons';
import { printHtml } from './print';
import { printReceipt } from '../printing/salePrinting';
import { readerLabel } from './CardReaderChooser';
import { EmailReceiptModal, ReceiptChoiceModal, SmsReceiptModal } from './ReceiptModals';
import { RefundsPanel } from '../refunds/RefundsPanel';

export const PROCESSING_MESSAGE = 'Traitement de la vente en cours...';

/** Over the whole screen while the sale is being created (docs/spec.md §2). */
export function ProcessingOverlay() {
  return (
    <div className="k-modal__backdrop reg-overlay" role="alertdialog" aria-modal="true" aria-busy="true" aria-label={PROCESSING_MESSAGE}>
      <div className="reg-overlay__box">
        <Spinner label="Veuillez patienter" />
        <p className="reg-overlay__text">{PROCESSING_MESSAGE}</p>
      </div>
    </div>
  );
}

/** The card terminal screen: what the reader is doing while the transaction is checked (docs/spec.md §4). */
export function CardTerminalScreen({
  amountCents,
  reader,
  progress,
}: {
  amountCents: number;
  reader: { identifier: string };
  progress: CardProgress;
}) {
  const text =
    progress.phase === 'starting'
      ? 'Envoi du paiement au terminal…'
      : progress.phase === 'waiting'
        ? 'Présentez ou insérez la carte sur le terminal.'
        : `Vérification du paiement (tentative ${progress.attempt} sur ${CARD_MAX_ATTEMPTS})…`;
  return (
    <div
      className="k-modal__backdrop reg-overlay"
      role="alertdialog"
      aria-modal="true"
      aria-labelledby="reg-card-title"
      aria-describedby="reg-card-status"
    >
      <div className="reg-overlay__box reg-card-terminal">
        <h2 id="reg-card-title">Paiement par carte</h2>
        <p className="reg-card-terminal__amount">{formatEuros({ cents: amountCents })}</p>
        <p className="reg-muted">Lecteur {readerLabel(reader.identifier)}</p>
        <Spinner label="Paiement en cours" />
        <p id="reg-card-status" className="reg-card-terminal__status" aria-live="polite">
          {text}
        </p>
      </div>
    </div>
  );
}

export interface FinishedSale {
  result: SaleResult;
  lines: CartLine[];
  /** Change handed back for a cash sale. */
  changeCents: number | null;
  onHold: boolean;
  /** The register and the payment mode: what the receipt printer prints (docs/printing.md §4). */
  checkoutId?: number;
  paymentMode?: number;
  /** Raffle numbers the sale took: the buyer is told them before leaving the till (the receipt lists them too). */
  tickets?: readonly number[];
  /** The identified buyer's phone and e-mail, offered when a receipt is sent afterwards. */
  buyer?: { phone: string | null; email: string | null } | null;
}

const NOTICES: Record<string, string> = { sms: 'Commande envoyée par SMS', email: 'Commande envoyée par Mail' };

/**
 * « Vente terminée ! » (docs/spec.md §2): the raffle numbers sold, the SMS or e-mail notice, print
 * buttons, « Nouvelle vente » (focused, so Enter starts the next sale), and the order detail with its
 * receipt link.
 */
export function SaleFinishedScreen({ sale, onNewSale }: { sale: FinishedSale; onNewSale: () => void }) {
  const newSaleRef = useRef<HTMLButtonElement>(null);
  const [printError, setPrintError] = useState<string | null>(null);
  const [printNotice, setPrintNotice] = useState<string | null>(null);
  const [showDetail, setShowDetail] = useState(false);
  const { result } = sale;
  const notice = NOTICES[result.deliveryMethod];
  const total = result.totalCents ?? cartTotalCents(sale.lines);

  useEffect(() => newSaleRef.current?.focus(), []);

  // On the register's receipt printer when it has one (docs/printing.md §4), else the browser's dialog.
  const handlePrintReceipt = () => {
    const printer =
      sale.checkoutId === undefined
        ? null
        : printReceipt(sale.checkoutId, {
            reference: result.reference,
            lines: sale.lines,
            totalCents: total,
            paymentMode: sale.paymentMode ?? 0,
            tickets: sale.tickets,
          });
    if (printer) setPrintNotice(`Reçu envoyé à l’imprimante « ${printer} ».`);
    else setPrintError(printHtml(result.receiptHtml));
  };

  if (showDetail && result.reference) {
    return (
      <OrderDetail
        reference={result.reference}
        lines={sale.lines}
        totalCents={total}
        buyer={sale.buyer}
        onNewOrder={onNewSale}
        onBack={() => setShowDetail(false)}
      />
    );
  }

  return (
    <section className="reg-finished k-card" aria-labelledby="reg-finished-title">
      <span className="reg-finished__icon">
        <CheckIcon />
      </span>
      <h2 id="reg-finished-title">Vente terminée !</h2>
      {result.reference && (
        <p className="reg-finished__reference">
          Référence <strong className="reg-mono">{result.reference}</strong> · {formatEuros({ cents: total })}
          {sale.onHold && ' · en attente de paiement'}
        </p>
      )}
      {sale.changeCents !== null && sale.changeCents > 0 && (
        <p className="reg-finished__change">
          Monnaie à rendre <strong>{formatEuros({ cents: sale.changeCents })}</strong>
        </p>
      )}
      {sale.tickets && sale.tickets.length > 0 && (
        <p className="reg-finished__tickets">
          {sale.tickets.length > 1 ? 'Tickets de tombola' : 'Ticket de tombola'} :{' '}
          <strong>
            {[...sale.tickets]
              .sort((a, b) => a - b)
              .map((number) => `n° ${number}`)
              .join(', ')}
          </strong>
        </p>
      )}
      {notice && <p className="reg-finished__notice">{notice}</p>}
      {printError && <ErrorLine>{printError}</ErrorLine>}
      {printNotice && (
        <p className="reg-finished__notice" role="status">
          {printNotice}
        </p>
      )}
      <div className="reg-finished__actions">
        <Button variant="secondary" disabled={!result.receiptHtml} onClick={handlePrintReceipt}>
          Imprimer le reçu
        </Button>
        {result.orderType === 'kermesse' && (
          <Button variant="secondary" disabled={!result.orderHtml} onClick={() => setPrintError(printHtml(result.orderHtml))}>
            Imprimer la commande
          </Button>
        )}
        {result.reference && (
          <Button variant="ghost" onClick={() => setShowDetail(true)}>
            Détail de la commande
          </Button>
        )}
      </div>
      <Button ref={newSaleRef} className="reg-finished__new" onClick={onNewSale}>
        Nouvelle vente
      </Button>
    </section>
  );
}

/**
 * Order detail (docs/spec.md §2): lines, total, « Envoyer reçu », « Imprimer », « Nouvelle commande » and the
 * link to the receipt page {host}/s/{reference}. « Envoyer reçu » asks SMS or e-mail, then the
 * number (docs/spec.md §5: 10 digits) or the address, and has the receipt sent (contact service).
 */
export function OrderDetail({
  reference,
  lines,
  totalCents,
  buyer,
  onNewOrder,
  onBack,
}: {
  reference: string;
  lines: CartLine[];
  totalCents: number;
  buyer?: { phone: string | null; email: string | null } | null;
  onNewOrder: () => void;
  onBack: () => void;
}) {
  const api = useCheckoutApi();
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [dialog, setDialog] = useState<'choose' | 'sms' | 'email' | null>(null);
  const [sending, setSending] = useState(false);
  const [sendError, setSendError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  /** One key per request: a retry of the same request (lost answer) is answered once; a new request sends again. */
  const attempt = useRef<{ method: string; to: string; key: string } | null>(null);
  const link = `${window.location.origin}/s/${encodeURIComponent(reference)}`;

  const handlePrint = async () => {
    setBusy(true);
    setMessage(null);
    // Opened before the await: a window opened later is no longer « the user's click » and gets blocked.
    const printWindow = window.open('', '_blank', 'width=420,height=640');
    try {
      const html = await api.printableOrder(reference);
      const problem = printHtml(html, () => printWindow);
      if (problem || !html.trim()) printWindow?.close();
      setMessage(problem);
    } catch (caught) {
      printWindow?.close();
      setMessage(caught instanceof Error ? caught.message : String(caught));
    } finally {
      setBusy(false);
    }
  };

  const openDialog = (next: typeof dialog) => {
    attempt.current = null;
    setSendError(null);
    setDialog(next);
  };

  const handleSend = async (method: 'sms' | 'email', to: string) => {
    if (sending) return;
    const previous = attempt.current;
    const key = previous && previous.method === method && previous.to === to ? previous.key : newIdempotencyKey();
    attempt.current = { method, to, key };
    setSending(true);
    setSendError(null);
    try {
      const sent = await api.sendReceipt(reference, { method, to }, key);
      setNotice(NOTICES[sent] ?? null);
      setDialog(null);
    } catch (caught) {
      setSendError(caught instanceof Error ? caught.message : String(caught));
    } finally {
      setSending(false);
    }
  };

  return (
    <section className="reg-order k-card" aria-labelledby="reg-order-title">
      <h2 id="reg-order-title">
        Commande <span className="reg-mono">{reference}</span>
      </h2>
      <table className="k-table k-table--compact">
        <thead>
          <tr>
            <th scope="col">Article</th>
            <th scope="col" className="k-num">
              Qté
            </th>
            <th scope="col" className="k-num">
              Montant
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line.product.id}>
              <td>{line.product.name}</td>
              <td className="k-num">{line.quantity}</td>
              <td className="k-num">{formatEuros({ cents: lineTotalCents(line) })}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={2}>
              Total
            </th>
            <td className="k-num">
              <strong>{formatEuros({ cents: totalCents })}</strong>
            </td>
          </tr>
        </tfoot>
      </table>
      <p className="reg-order__link">
        Reçu en ligne :{' '}
        <a href={link} target="_blank" rel="noreferrer">
          {link}
        </a>
      </p>
      {notice && (
        <p className="reg-finished__notice" role="status">
          {notice}
        </p>
      )}
      {message && <ErrorLine>{message}</ErrorLine>}
      <RefundsPanel reference={reference} />
      <div className="reg-finished__actions">
        <Button variant="secondary" onClick={() => openDialog('choose')}>
          Envoyer reçu
        </Button>
        <Button variant="secondary" disabled={busy} onClick={handlePrint}>
          Imprimer
        </Button>
        <Button variant="ghost" onClick={onBack}>
          Retour
        </Button>
        <Button onClick={onNewOrder}>Nouvelle commande</Button>
      </div>
      {dialog === 'choose' && <ReceiptChoiceModal onChoose={(method) => openDialog(method)} onCancel={() => setDialog(null)} />}
      {dialog === 'sms' && (
        <SmsReceiptModal
          initialPhone={buyer?.phone}
          busy={sending}
          serverError={sendError}
          onCancel={() => setDialog(null)}
          onConfirm={(to) => void handleSend('sms', to)}
        />
      )}
      {dialog === 'email' && (
        <EmailReceiptModal
          initialEmail={buyer?.email}
          busy={sending}
          serverError={sendError}
          onCancel={() => setDialog(null)}
          onConfirm={(to) => void handleSend('email', to)}
        />
      )}
    </section>
  );
}
