/**
 * Card payments through the reader (docs/spec.md §4 card flow), and the reader chosen on this device. The
 * intent and transaction are kept in local storage as soon as known, so a reload during a payment
 * resumes the same transaction (never charges twice) with the same cart and cartons; a successful
 * charge ends like any payment, through the sale submission. It exists because the card is the one
 * payment that lasts (up to 35 s of polling) and survives a reload.
 */
import { useEffect, useRef, useState } from 'react';
import { cacheKeys, dropCache, readCache, writeCache } from '../api/localCache';
import { withSavedCartons, type SavedCartons } from '../cart/cartons';
import { PAYMENT_MODE } from '../cart/payment';
import { buildSale } from '../sale/buildSale';
import { runCardPayment, type CardProgress } from '../sale/cardPayment';
import { readChosenReader, type ChosenReader } from './CardReaderChooser';
import type { SaleState } from './saleState';
import type { ScreenContext } from './screenContext';
import { saleAttempt, type SaleSubmission } from './useSaleSubmission';
import { useMounted } from './useMounted';

/** A card payment in progress, kept in local storage so a reload resumes it (never charges twice). */
interface StoredCardPayment {
  paymentId: string;
  transactionId?: string;
  reader: ChosenReader;
  amountCents: number;
  sale: SaleState;
  /** The loto night and cartons typed: the sale sent after the charge needs them. */
  cartons?: SavedCartons;
}

/** What the card terminal screen shows while the reader works. */
export interface CardInProgress {
  progress: CardProgress;
  reader: ChosenReader;
  amountCents: number;
}

/** `send`: the sale submission's, which ends a charged card payment like any other. */
export function useCardPayment(screen: ScreenContext, send: SaleSubmission['send']) {
  const { api, checkoutId, catalog, current, cartonSale, setNotice } = screen;
  const { sale, dispatch, draftOf, totalCents } = current;
  const [card, setCard] = useState<CardInProgress | null>(null);
  const [reader, setReader] = useState<ChosenReader | undefined>(readChosenReader);
  const mounted = useMounted();

  /** Charges the cart on `chosen`, or resumes the payment a reload interrupted. */
  async function start(chosen: ChosenReader, resume?: StoredCardPayment) {
    if (!catalog) return;
    const key = cacheKeys.cardPayment(checkoutId);
    const amountCents = resume?.amountCents ?? totalCents;
    const snapshot = resume?.sale ?? sale;
    const stored = resume ?? readCache<StoredCardPayment>(key);
    const cartons = resume ? resume.cartons : cartonSale.saved;
    if (resume?.cartons) cartonSale.set(resume.cartons.cartons);
    // The same cart and amount resume the earlier intent: the provider answers the same transaction.
    const earlier =
      stored && stored.amountCents === amountCents && JSON.stringify(stored.sale.lines) === JSON.stringify(snapshot.lines)
        ? stored
        : undefined;
    setNotice(null);
    setCard({ progress: { phase: 'starting' }, reader: chosen, amountCents });
    const remember = (change: Partial<StoredCardPayment>) => {
      const saved = readCache<StoredCardPayment>(key);
      writeCache(key, { ...(saved ?? { reader: chosen, amountCents, sale: snapshot, paymentId: '', cartons }), ...change });
    };
    const outcome = await runCardPayment({
      api,
      readerId: chosen.id,
      amountCents,
      description: `Kermesse — ${catalog.name || `caisse ${checkoutId}`}`,
      paymentId: earlier?.paymentId,
      onPaymentId: (paymentId) =>
        writeCache(key, { paymentId, reader: chosen, amountCents, sale: snapshot, cartons } satisfies StoredCardPayment),
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
    const body = withSavedCartons(
      buildSale(draftOf(snapshot), { mode: PAYMENT_MODE.card, transactionCode: outcome.transactionCode }),
      cartons,
    );
    await send(saleAttempt(body, snapshot));
  }

  // A card payment interrupted by a reload resumes the same transaction.
  const resumed = useRef(false);
  const resume = useRef(start);
  resume.current = start;
  useEffect(() => {
    if (!catalog || resumed.current) return;
    resumed.current = true;
    const stored = readCache<StoredCardPayment>(cacheKeys.cardPayment(checkoutId));
    if (!stored?.paymentId) return;
    dispatch({ type: 'restore', sale: stored.sale });
    void resume.current(stored.reader, stored);
  }, [catalog, checkoutId, dispatch]);

  return { card, reader, setReader, start };
}

export type CardPayment = ReturnType<typeof useCardPayment>;
