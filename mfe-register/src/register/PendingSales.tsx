import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import {
  ApiError,
  Banner,
  Button,
  ErrorLine,
  formatEuros,
  Modal,
  MoneyInput,
  newIdempotencyKey,
  Pagination,
  Spinner,
} from '@kermesse/ui-kit';
import { useCheckoutApi } from '../api/CheckoutApiContext';
import type { PendingPayment, PendingSale } from '../api/checkoutApi';
import { centsToInput, decimalAmount, parseEuros, toCents } from '@kermesse/contracts-common';
import { UNREADABLE_AMOUNT_MESSAGE } from './CashDialog';
import { MANUAL_PAYMENT_MODE } from '../cart/payment';

export const PAYMENT_SAVED_MESSAGE = 'Paiement enregistré avec succès !';

/** Sales on hold shown per page: a whole evening of holds stays readable on a phone. */
export const PENDING_PAGE_SIZE = 10;

const METHOD_LABELS: Record<string, string> = { ESP: 'Espèces', CHQ: 'Chèque', CB: 'CB' };

/**
 * « Ventes en attente » (docs/spec.md §2): the sales on hold with Référence, Acheteur, Prix,
 * Événement and « Procéder au règlement », which opens the payment form; « Fermer » closes.
 */
export function PendingSalesList({ eventId, onClose, onChanged }: { eventId: number; onClose: () => void; onChanged: () => void }) {
  const api = useCheckoutApi();
  const [sales, setSales] = useState<PendingSale[] | null>(null);
  const [page, setPage] = useState(1);
  const [error, setError] = useState<string | null>(null);
  const [paying, setPaying] = useState<PendingSale | null>(null);

  const load = useCallback(() => {
    setError(null);
    api
      .listPendingSales(eventId)
      .then(setSales, (caught: unknown) => setError(`Erreur : ${caught instanceof Error ? caught.message : String(caught)}`));
  }, [api, eventId]);

  useEffect(load, [load]);

  const pageCount = Math.max(1, Math.ceil((sales?.length ?? 0) / PENDING_PAGE_SIZE));
  // A sale settled on the last page may leave it empty: stay on the last page that exists.
  const current = Math.min(page, pageCount);

  if (paying) {
    return (
      <PendingSalePayment
        sale={paying}
        onBack={() => {
          setPaying(null);
          load();
        }}
        onPaid={onChanged}
      />
    );
  }

  return (
    <Modal
      title="Ventes en attente"
      onClose={onClose}
      size="wide"
      actions={
        <Button variant="ghost" onClick={onClose}>
          Fermer
        </Button>
      }
    >
      {error && <ErrorLine>{error}</ErrorLine>}
      {!error && !sales && <Spinner />}
      {sales && sales.length === 0 && <p className="reg-muted">Aucune vente en attente.</p>}
      {sales && sales.length > 0 && (
        <div className="k-table-wrap">
          <table className="k-table">
            <thead>
              <tr>
                <th scope="col">Référence</th>
                <th scope="col">Acheteur</th>
                <th scope="col" className="k-num">
                  Prix
                </th>
                <th scope="col">Événement</th>
                <th scope="col">Action</th>
              </tr>
            </thead>
            <tbody>
              {sales.slice((current - 1) * PENDING_PAGE_SIZE, current * PENDING_PAGE_SIZE).map((sale) => (
                <tr key={sale.id}>
                  <td className="reg-mono">{sale.reference}</td>
                  <td>{sale.buyer}</td>
                  <td className="k-num">
                    {formatEuros({ cents: sale.priceCents })}
                    {sale.paidCents > 0 && <span className="reg-table__sub">reste {formatEuros({ cents: sale.remainingCents })}</span>}
                  </td>
                  <td>{sale.eventName}</td>
                  <td>
                    <Button variant="secondary" aria-label={`Procéder au règlement de ${sale.reference}`} onClick={() => setPaying(sale)}>
                      Procéder au règlement
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {sales && pageCount > 1 && (
        <Pagination pageCount={pageCount} page={current} onPageChange={setPage} label="Pagination des ventes en attente" />
      )}
    </Modal>
  );
}

type ManualMethod = keyof typeof MANUAL_PAYMENT_MODE;

/** A cash payment's reference is the amount given (« 4.00 » on the wire): shown « 4,00 € ». */
function referenceText(payment: PendingPayment): string {
  if (payment.method === 'ESP' && /^\d+(\.\d{1,2})?$/.test(payment.reference)) return formatEuros({ cents: toCents(payment.reference) });
  return payment.reference;
}

/**
 * Payment of a sale on hold (docs/spec.md §2, §4): payments are added until nothing remains; CB is disabled
 * here because a card goes through the reader.
 */
export function PendingSalePayment({ sale, onBack, onPaid }: { sale: PendingSale; onBack: () => void; onPaid: () => void }) {
  const api = useCheckoutApi();
  const id = useId();
  const [payments, setPayments] = useState<PendingPayment[] | null>(null);
  const [remaining, setRemaining] = useState(sale.remainingCents);
  const [method, setMethod] = useState<ManualMethod>('ESP');
  const [amount, setAmount] = useState(centsToInput(sale.remainingCents));
  const [reference, setReference] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  // One key per payment attempt; kept when the network lost the answer, so a retry cannot pay twice.
  const attempt = useRef<{ key: string; body: string } | null>(null);

  const loadPayments = useCallback(
    (withRemaining: boolean) => {
      api.listPendingPayments(sale.id).then(
        (list) => {
          setPayments(list);
          if (!withRemaining) return;
          const paid = list.reduce((sum, payment) => sum + payment.amountCents, 0);
          setRemaining(Math.max(0, sale.priceCents - paid));
        },
        (caught: unknown) => setError(`Erreur : ${caught instanceof Error ? caught.message : String(caught)}`),
      );
    },
    [api, sale.id, sale.priceCents],
  );

  useEffect(() => loadPayments(true), [loadPayments]);

  const amountCents = parseEuros(amount);
  // Payments are taken once the ones already received are known.
  const valid = payments !== null && amountCents !== null && amountCents > 0 && remaining > 0;

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!valid || amountCents === null) return;
    const payment = {
      amountCents,
      paymentMode: MANUAL_PAYMENT_MODE[method],
      reference: method === 'ESP' && !reference.trim() ? decimalAmount(amountCents) : reference.trim(),
    };
    const body = JSON.stringify(payment);
    if (attempt.current?.body !== body) attempt.current = { key: newIdempotencyKey(), body };
    setBusy(true);
    setError(null);
    setSaved(false);
    try {
      const result = await api.addPendingPayment(sale.id, payment, attempt.current.key);
      attempt.current = null;
      setSaved(true);
      setRemaining(result.remainingCents);
      setAmount(centsToInput(result.remainingCents));
      setReference('');
      // The answer tells what remains; the list is reloaded only to show the payment.
      loadPayments(false);
      onPaid();
    } catch (caught) {
      if (caught instanceof ApiError && caught.status > 0) {
        attempt.current = null;
        setError(`Erreur HTTP : ${caught.status} — ${caught.message}`);
      } else {
        setError(caught instanceof Error ? caught.message : String(caught));
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      title={`Règlement de la vente ${sale.reference}`}
      onClose={onBack}
      size="wide"
      actions={
        <>
          <Button variant="ghost" onClick={onBack}>
            Retour à la liste
          </Button>
          {remaining > 0 && (
            <Button type="submit" form={`${id}-form`} disabled={busy || !valid}>
              Enregistrer le paiement
            </Button>
          )}
        </>
      }
    >
      <dl className="reg-summary">
        <div>
          <dt>Acheteur</dt>
          <dd>{sale.buyer || '—'}</dd>
        </div>
        <div>
          <dt>Prix</dt>
          <dd>{formatEuros({ cents: sale.priceCents })}</dd>
        </div>
        <div>
          <dt>Reste à payer</dt>
          <dd data-testid="pending-remaining">{formatEuros({ cents: remaining })}</dd>
        </div>
      </dl>
      {saved && <Banner tone="success">{PAYMENT_SAVED_MESSAGE}</Banner>}
      {error && <ErrorLine>{error}</ErrorLine>}
      {payments && payments.length > 0 && (
        <table className="k-table k-table--compact" aria-label="Paiements déjà reçus">
          <thead>
            <tr>
              <th scope="col">Mode</th>
              <th scope="col">Référence</th>
              <th scope="col" className="k-num">
                Montant
              </th>
            </tr>
          </thead>
          <tbody>
            {payments.map((payment, index) => (
              <tr key={index}>
                <td>{payment.method ? METHOD_LABELS[payment.method] : '—'}</td>
                <td>{referenceText(payment)}</td>
                <td className="k-num">{formatEuros({ cents: payment.amountCents })}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {remaining === 0 ? (
        <p className="reg-settled">Vente réglée.</p>
      ) : (
        <form id={`${id}-form`} className="reg-manual" onSubmit={handleSubmit} noValidate>
          <fieldset className="reg-manual__modes">
            <legend className="k-field__label">Mode de paiement</legend>
            {(['ESP', 'CHQ', 'CB'] as const).map((code) => (
              <label key={code} className={code === 'CB' ? 'reg-choice-pill reg-choice-pill--disabled' : 'reg-choice-pill'}>
                <input
                  type="radio"
                  name={`${id}-method`}
                  value={code}
                  checked={method === code}
                  // The card goes through the reader, never through this form (docs/spec.md §5).
                  disabled={code === 'CB'}
                  onChange={() => setMethod(code)}
                />
                {METHOD_LABELS[code]}
              </label>
            ))}
          </fieldset>
          <div className="reg-manual__fields">
            <div className="k-field">
              <label className="k-field__label" htmlFor={`${id}-amount`}>
                Montant
              </label>
              <MoneyInput
                id={`${id}-amount`}
                value={amount}
                aria-invalid={amountCents === null && amount.trim() !== ''}
                aria-describedby={amountCents === null && amount.trim() !== '' ? `${id}-amount-error` : undefined}
                onChange={(event) => setAmount(event.target.value)}
              />
              {amountCents === null && amount.trim() !== '' && (
                <p id={`${id}-amount-error`} className="k-error-line" role="alert">
                  {UNREADABLE_AMOUNT_MESSAGE}
                </p>
              )}
            </div>
            <div className="k-field">
              <label className="k-field__label" htmlFor={`${id}-reference`}>
                {method === 'CHQ' ? 'Numéro du chèque' : 'Référence'}
              </label>
              <input
                id={`${id}-reference`}
                className="k-input"
                autoComplete="off"
                value={reference}
                onChange={(event) => setReference(event.target.value)}
              />
            </div>
          </div>
        </form>
      )}
    </Modal>
  );
}
