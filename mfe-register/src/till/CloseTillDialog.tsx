import { useEffect, useState } from 'react';
import { offlinePendingMessage } from '@kermesse/contracts-register/tillMessages';
import { Button, ErrorLine, Field, Modal, MoneyInput, Spinner, TextInput, formatEuros } from '@kermesse/ui-kit';
import { centsToInput, parseEuros, toCents } from '@kermesse/contracts-common';
import { CashCalculator } from './CashCalculator';
import { MODE_LABELS, closingReason, countTotal, differences, type CashCount } from './cashCount';
import type { Closing, SessionDetail, TillApi } from './tillApi';

export const REASON_REQUIRED = "Indiquez la raison de l'écart de caisse.";
export const COUNT_INVALID = 'Saisissez les montants comptés en euros, par exemple 48 ou 30,50.';
/** How often the offline queue is read again while the closing screen is open. */
export const QUEUE_RECHECK_MS = 2_000;

const signed = (value: number) => (value > 0 ? `+${formatEuros({ cents: value })}` : formatEuros({ cents: value }));
type Mode = keyof typeof MODE_LABELS;

/**
 * Closing a till session by counting: cash with the calculator, the session's cheques ticked one by
 * one, the card total set against the reader's successful transactions (mismatches listed). Each
 * mode's difference (counted − expected) is shown as it is counted; a non-zero one needs its reason.
 */
export function CloseTillDialog({
  api,
  checkoutId,
  sessionId,
  onClosed,
  onCancel,
  countQueued,
}: {
  api: TillApi;
  checkoutId: number;
  sessionId: number;
  onClosed: (closing: Closing) => void;
  onCancel: () => void;
  /** This register's sales still in the device's offline queue: no closing while there are some. */
  countQueued: (checkoutId: number) => Promise<number>;
}) {
  const [detail, setDetail] = useState<SessionDetail | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [count, setCount] = useState<CashCount>({});
  const [cashTyped, setCashTyped] = useState('');
  const [ticked, setTicked] = useState<Set<number>>(new Set());
  const [cardTyped, setCardTyped] = useState('');
  const [reasons, setReasons] = useState<Partial<Record<Mode, string>>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [queued, setQueued] = useState(0);

  // Read the offline queue now and again while the screen is open: the sales may be sent meanwhile.
  useEffect(() => {
    let live = true;
    const read = () =>
      countQueued(checkoutId).then(
        (count) => live && setQueued(count),
        () => undefined,
      );
    void read();
    const timer = setInterval(() => void read(), QUEUE_RECHECK_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [countQueued, checkoutId]);

  useEffect(() => {
    let live = true;
    api.detail(sessionId).then(
      (loaded) => {
        if (!live) return;
        setDetail(loaded);
        setCardTyped(centsToInput(toCents(loaded.card.readerTotal)));
      },
      (err: unknown) => live && setLoadError(err instanceof Error ? err.message : String(err)),
    );
    return () => {
      live = false;
    };
  }, [api, sessionId]);

  if (!detail) {
    return (
      <Modal
        title="Clôturer la caisse"
        onClose={onCancel}
        actions={
          <Button variant="secondary" onClick={onCancel}>
            Fermer
          </Button>
        }
      >
        {loadError ? <ErrorLine>{loadError}</ErrorLine> : <Spinner label="Chargement de la session…" />}
      </Modal>
    );
  }

  const expected = {
    cashCents: toCents(detail.session.expected.cash),
    chequeCents: toCents(detail.session.expected.cheque),
    cardCents: toCents(detail.session.expected.card),
  };
  const cashCents = parseEuros(cashTyped);
  const cardCents = parseEuros(cardTyped);
  const chequeCents = detail.cheques.filter((c) => ticked.has(c.paymentId)).reduce((sum, c) => sum + toCents(c.amount), 0);
  const counted = cashCents === null || cardCents === null ? null : { cashCents, chequeCents, cardCents };
  const diffs = counted ? differences(counted, expected) : null;
  const gaps = diffs ? (Object.keys(MODE_LABELS) as Mode[]).filter((mode) => diffs[mode] !== 0) : [];

  const submit = async () => {
    if (!counted || !diffs) {
      setError(COUNT_INVALID);
      return;
    }
    if (gaps.some((mode) => !(reasons[mode] ?? '').trim())) {
      setError(REASON_REQUIRED);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const pending = await countQueued(checkoutId);
      setQueued(pending);
      if (pending > 0) {
        setBusy(false);
        return;
      }
      onClosed(await api.close(checkoutId, counted, closingReason(reasons, diffs), pending));
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
      setBusy(false);
    }
  };

  const toggle = (paymentId: number) =>
    setTicked((current) => {
      const next = new Set(current);
      if (next.has(paymentId)) next.delete(paymentId);
      else next.add(paymentId);
      return next;
    });

  const line = (mode: Mode, countedCents: number | null) => (
    <p className="till-expect">
      Attendu : <strong>{formatEuros({ cents: expected[mode] })}</strong>
      {countedCents !== null && (
        <>
          {' '}
          · Compté : <strong>{formatEuros({ cents: countedCents })}</strong> · Écart :{' '}
          <strong className={countedCents - expected[mode] ? 'till-gap' : 'till-ok'}>{signed(countedCents - expected[mode])}</strong>
        </>
      )}
    </p>
  );

  return (
    <Modal
      title={`Clôturer la caisse — session n° ${detail.session.id}`}
      onClose={onCancel}
      size="wide"
      actions={
        <>
          {/* Next to the disabled button, always on screen (the form scrolls above it on a phone). */}
          {queued > 0 && (
            <p id="till-queued" className="till-queued" role="alert" data-testid="till-queued">
              {offlinePendingMessage(queued)}
            </p>
          )}
          <Button variant="secondary" onClick={onCancel}>
            Annuler
          </Button>
          <Button onClick={() => void submit()} disabled={busy || queued > 0} aria-describedby={queued > 0 ? 'till-queued' : undefined}>
            Clôturer la session
          </Button>
        </>
      }
    >
      <div className="till-close">
        <section className="till-close__part" aria-labelledby="till-cash-title">
          <h3 id="till-cash-title">Espèces</h3>
          <p className="till-help">
            Fond de caisse : {formatEuros(detail.session.float.cash)} — {detail.session.salesCount} vente
            {detail.session.salesCount > 1 ? 's' : ''} dans la session.
          </p>
          <CashCalculator
            label="Espèces comptées : billets et pièces"
            count={count}
            onChange={(next) => {
              setCount(next);
              const total = countTotal(next);
              if (total !== undefined) setCashTyped(centsToInput(total));
            }}
          />
          <Field label="Total des espèces comptées" htmlFor="till-cash">
            <MoneyInput id="till-cash" value={cashTyped} onChange={(event) => setCashTyped(event.target.value)} placeholder="0,00" />
          </Field>
          {line('cashCents', cashCents)}
        </section>

        <section className="till-close__part" aria-labelledby="till-cheque-title">
          <h3 id="till-cheque-title">Chèques</h3>
          {detail.cheques.length === 0 ? (
            <p className="till-help">Aucun chèque dans cette session.</p>
          ) : (
            <>
              <p className="till-help">Cochez chaque chèque présent dans la caisse.</p>
              <ul className="till-cheques">
                {detail.cheques.map((cheque) => (
                  <li key={cheque.paymentId}>
                    <label className="till-cheque">
                      <input type="checkbox" checked={ticked.has(cheque.paymentId)} onChange={() => toggle(cheque.paymentId)} />
                      <span className="till-cheque__number">Chèque n° {cheque.number || '—'}</span>
                      <span className="till-cheque__sale">vente {cheque.saleReference}</span>
                      <span className="till-cheque__amount">{formatEuros(cheque.amount)}</span>
                    </label>
                  </li>
                ))}
              </ul>
              <Button variant="ghost" onClick={() => setTicked(new Set(detail.cheques.map((c) => c.paymentId)))}>
                Tout cocher
              </Button>
            </>
          )}
          {line('chequeCents', chequeCents)}
        </section>

        <section className="till-close__part" aria-labelledby="till-card-title">
          <h3 id="till-card-title">Carte bancaire</h3>
          <p className="till-help">
            Paiements CB enregistrés : {formatEuros(detail.card.paymentsTotal)} · lecteur : {detail.card.readerCount} transaction
            {detail.card.readerCount > 1 ? 's' : ''} réussie{detail.card.readerCount > 1 ? 's' : ''}, {formatEuros(detail.card.readerTotal)}
          </p>
          {detail.card.mismatches.length > 0 && (
            <ul className="till-mismatches" aria-label="Écarts avec le lecteur CB">
              {detail.card.mismatches.map((m) => (
                <li key={`${m.kind}-${m.code}`}>{m.message}</li>
              ))}
            </ul>
          )}
          <Field label="Total CB relevé sur le lecteur" htmlFor="till-card">
            <MoneyInput id="till-card" value={cardTyped} onChange={(event) => setCardTyped(event.target.value)} />
          </Field>
          {line('cardCents', cardCents)}
        </section>

        {gaps.length > 0 && (
          <section className="till-close__part till-close__reasons" aria-labelledby="till-reason-title">
            <h3 id="till-reason-title">Écarts à confirmer</h3>
            {gaps.map((mode) => (
              <Field
                key={mode}
                label={`Raison de l'écart — ${MODE_LABELS[mode]} (${signed(diffs![mode])})`}
                htmlFor={`till-reason-${mode}`}
              >
                <TextInput
                  id={`till-reason-${mode}`}
                  value={reasons[mode] ?? ''}
                  maxLength={300}
                  onChange={(event) => setReasons({ ...reasons, [mode]: event.target.value })}
                  placeholder="Ex. : erreur de rendu de monnaie"
                />
              </Field>
            ))}
          </section>
        )}
      </div>
      {error && <ErrorLine>{error}</ErrorLine>}
    </Modal>
  );
}
