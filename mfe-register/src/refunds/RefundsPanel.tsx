/**
 * The refunds of a sale on its order detail: earlier refunds, and for an administrator or
 * a « responsable de caisse » a « Rembourser » dialog (anyone else sees the lines and who may refund) — lines and quantities (never more than what
 * remains), a reason, the mode the money goes back by. Raffle numbers and bets of refunded lines are
 * voided and never return to sale; the cashier may name them, else the last numbers of the sale go.
 */
import { useCallback, useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { Button, dateTimeFormat, ErrorLine, formatEuros, Modal, newIdempotencyKey } from '@kermesse/ui-kit';
import type { RefundInput, SaleRefunds } from '@kermesse/contracts-register';
import { cashierRefundsApi, type RefundsApi } from './refundsApi';
import './refunds.css';
import { toCents } from '@kermesse/contracts-common';

export const REFUND_MODE_LABELS: Record<1 | 2 | 3, string> = { 2: 'Espèces', 1: 'Chèque', 3: 'Carte bancaire' };
const MODES: Array<1 | 2 | 3> = [2, 1, 3];
const DATE_TIME = dateTimeFormat({ dateStyle: 'short', timeStyle: 'short' });

export function RefundsPanel({ reference, api: given }: { reference: string; api?: RefundsApi }) {
  const api = useMemo(() => given ?? cashierRefundsApi(), [given]);
  const [view, setView] = useState<SaleRefunds | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      setView(await api.saleRefunds(reference));
      setLoadError(null);
    } catch (caught) {
      setLoadError(caught instanceof Error ? caught.message : String(caught));
    }
  }, [api, reference]);
  useEffect(() => {
    void load();
  }, [load]);

  if (!view) {
    return loadError ? <p className="reg-muted reg-small">Remboursements indisponibles : {loadError}</p> : null;
  }
  const remaining = view.lines.some((l) => l.remaining > 0);
  return (
    <section className="reg-refunds" aria-labelledby={`refunds-${reference}`}>
      <h3 id={`refunds-${reference}`}>Remboursements</h3>
      {view.refunds.length === 0 ? (
        <p className="reg-muted reg-small">Aucun remboursement pour cette commande.</p>
      ) : (
        <ul className="reg-refunds__list">
          {view.refunds.map((r) => (
            <li key={r.id}>
              <strong>{formatEuros(r.amount)}</strong> rendus ({REFUND_MODE_LABELS[r.paymentMode]}) le{' '}
              {DATE_TIME.format(new Date(r.createdAt))} — {r.lines.map((l) => `${l.quantity} × ${l.name}`).join(', ')}
              <span className="reg-muted"> · Motif : {r.reason}</span>
              {r.tickets.length > 0 && <span className="reg-muted"> · Tickets annulés : {r.tickets.map((n) => `n° ${n}`).join(', ')}</span>}
              {r.cartons && r.cartons.length > 0 && (
                <span className="reg-muted"> · Cartons de loto annulés : {r.cartons.map((n) => `n° ${n}`).join(', ')}</span>
              )}
            </li>
          ))}
        </ul>
      )}
      {notice && (
        <p className="reg-finished__notice" role="status">
          {notice}
        </p>
      )}
      {view.canRefund && view.sale.refundable && remaining && (
        <Button
          variant="secondary"
          onClick={() => {
            setNotice(null);
            setOpen(true);
          }}
        >
          Rembourser
        </Button>
      )}
      {!view.canRefund && <OrderLines view={view} />}
      {view.canRefund && !view.sale.refundable && (
        <p className="reg-muted reg-small">Cette commande n'est pas réglée : elle ne peut pas être remboursée.</p>
      )}
      {open && (
        <RefundDialog
          view={view}
          api={api}
          onCancel={() => setOpen(false)}
          onDone={async (amount) => {
            setOpen(false);
            await load();
            setNotice(`Remboursement de ${formatEuros(amount)} enregistré.`);
          }}
        />
      )}
    </section>
  );
}

/** The refund right, said in a sentence a cashier can act on. */
export const REFUND_RIGHT_MESSAGE = 'Seul un responsable de caisse peut rembourser.';

/**
 * What a cashier without the refund right sees instead of « Rembourser »: the order's lines (so the
 * buyer's question can be answered) and who may refund, rather than a button that is simply missing.
 */
function OrderLines({ view }: { view: SaleRefunds }) {
  return (
    <>
      <table className="k-table k-table--compact reg-refunds__lines">
        <caption className="k-visually-hidden">Articles de la commande</caption>
        <thead>
          <tr>
            <th scope="col">Article</th>
            <th scope="col" className="k-num">
              Vendu
            </th>
            <th scope="col" className="k-num">
              Remboursé
            </th>
          </tr>
        </thead>
        <tbody>
          {view.lines.map((line) => (
            <tr key={line.productId}>
              <td>
                {line.name} <span className="reg-muted reg-small">({formatEuros(line.unitPrice)})</span>
              </td>
              <td className="k-num">{line.sold}</td>
              <td className="k-num">{line.refunded}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="reg-refunds__right">
        {REFUND_RIGHT_MESSAGE} Un administrateur désigne les responsables de caisse dans la gestion de l'événement.
      </p>
    </>
  );
}

function RefundDialog({
  view,
  api,
  onCancel,
  onDone,
}: {
  view: SaleRefunds;
  api: RefundsApi;
  onCancel: () => void;
  onDone: (amount: number) => void | Promise<void>;
}) {
  const id = useId();
  const lines = view.lines.filter((l) => l.remaining > 0);
  const [quantities, setQuantities] = useState<Record<number, string>>({});
  const [reason, setReason] = useState('');
  const [mode, setMode] = useState<1 | 2 | 3>(2);
  const [tickets, setTickets] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  /** One key per refund asked: a retry after a lost answer is answered once. */
  const attempt = useRef<{ body: string; key: string } | null>(null);

  const chosen = lines.map((l) => ({ line: l, quantity: Number(quantities[l.productId] || 0) })).filter((c) => c.quantity > 0);
  const totalCents = chosen.reduce((sum, c) => sum + toCents(c.line.unitPrice) * c.quantity, 0);
  const withTickets = chosen.some((c) => c.line.kind === 'raffle') && view.sale.tickets.length > 0;

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (chosen.length === 0) return setError('Choisissez au moins un article à rembourser.');
    const tooMuch = chosen.find((c) => !Number.isInteger(c.quantity) || c.quantity > c.line.remaining);
    if (tooMuch)
      return setError(
        `Vous ne pouvez pas rembourser plus que ce qui a été vendu : il reste ${tooMuch.line.remaining} « ${tooMuch.line.name} » remboursable${tooMuch.line.remaining > 1 ? 's' : ''}.`,
      );
    if (!reason.trim()) return setError('Indiquez le motif du remboursement.');
    const numbers = tickets
      .split(/[\s,;]+/)
      .filter(Boolean)
      .map(Number);
    if (numbers.some((n) => !Number.isInteger(n) || n < 1))
      return setError('Les numéros à annuler sont des nombres séparés par des virgules.');
    const input: RefundInput = {
      lines: chosen.map((c) => ({ productId: c.line.productId, quantity: c.quantity })),
      reason: reason.trim(),
      payment_mode: mode,
      ...(withTickets && numbers.length ? { tickets: numbers } : {}),
    };
    const body = JSON.stringify(input);
    const key = attempt.current?.body === body ? attempt.current.key : newIdempotencyKey();
    attempt.current = { body, key };
    setBusy(true);
    setError(null);
    try {
      const refund = await api.refund(view.sale.reference, input, key);
      await onDone(refund.amount);
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : String(caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      title={`Rembourser la commande ${view.sale.reference}`}
      onClose={onCancel}
      size="wide"
      actions={
        <>
          <Button variant="ghost" onClick={onCancel}>
            Annuler
          </Button>
          <Button type="submit" form={`${id}-form`} disabled={busy}>
            {totalCents > 0 ? `Rembourser ${formatEuros({ cents: totalCents })}` : 'Rembourser'}
          </Button>
        </>
      }
    >
      <form id={`${id}-form`} onSubmit={handleSubmit} noValidate>
        <table className="k-table k-table--compact">
          <thead>
            <tr>
              <th scope="col">Article</th>
              <th scope="col" className="k-num">
                Vendu
              </th>
              <th scope="col" className="k-num">
                Déjà remboursé
              </th>
              <th scope="col" className="k-num">
                À rembourser
              </th>
            </tr>
          </thead>
          <tbody>
            {lines.map((l) => (
              <tr key={l.productId}>
                <td>
                  {l.name} <span className="reg-muted reg-small">({formatEuros(l.unitPrice)})</span>
                </td>
                <td className="k-num">{l.sold}</td>
                <td className="k-num">{l.refunded}</td>
                <td className="k-num">
                  <input
                    className="k-input reg-refunds__qty"
                    type="number"
                    inputMode="numeric"
                    min={0}
                    max={l.remaining}
                    aria-label={`Quantité à rembourser — ${l.name}`}
                    value={quantities[l.productId] ?? ''}
                    placeholder="0"
                    onChange={(e) => {
                      setQuantities((q) => ({ ...q, [l.productId]: e.target.value }));
                      setError(null);
                    }}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <fieldset className="reg-refunds__modes">
          <legend className="k-field__label">Mode de remboursement</legend>
          {MODES.map((m) => (
            <label key={m} className="reg-refunds__mode">
              <input type="radio" name={`${id}-mode`} value={m} checked={mode === m} onChange={() => setMode(m)} /> {REFUND_MODE_LABELS[m]}
            </label>
          ))}
        </fieldset>
        <label className="k-field__label" htmlFor={`${id}-reason`}>
          Motif
        </label>
        <textarea
          id={`${id}-reason`}
          className="k-input"
          rows={2}
          maxLength={500}
          value={reason}
          onChange={(e) => {
            setReason(e.target.value);
            setError(null);
          }}
        />
        {withTickets && (
          <>
            <label className="k-field__label" htmlFor={`${id}-tickets`}>
              Numéros de tombola à annuler (facultatif)
            </label>
            <input
              id={`${id}-tickets`}
              className="k-input"
              value={tickets}
              onChange={(e) => setTickets(e.target.value)}
              placeholder={view.sale.tickets.join(', ')}
            />
            <p className="reg-muted reg-small">
              Sans numéro indiqué, les derniers numéros de la vente sont annulés. Un numéro annulé ne revient pas à la vente.
            </p>
          </>
        )}
        {error && <ErrorLine>{error}</ErrorLine>}
      </form>
    </Modal>
  );
}
