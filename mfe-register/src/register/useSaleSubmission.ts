/**
 * Sending the sale once a payment is set (docs/spec.md §4: status 0, then the finished screen), whatever the
 * network does: each attempt keeps one idempotency key, a lost answer offers « Réessayer » (same body,
 * same key) or « Envoyer plus tard », and a sale made offline waits in the device's queue. Ticket
 * numbers sold meanwhile by another register are marked sold and dropped from the sale. It exists
 * so the card flow, the cash and cheque dialogs and « Mettre en attente » all end the same way.
 */
import { useState } from 'react';
import { newIdempotencyKey } from '@kermesse/ui-kit';
import { cacheKeys, dropCache } from '../api/localCache';
import type { SaleBody } from '../sale/buildSale';
import { cartTotalCents } from '../cart/cart';
import { PAYMENT_MODE } from '../cart/payment';
import { buildSale, type SalePayment } from '../sale/buildSale';
import { printSale } from '../printing/salePrinting';
import { submitSale, takenTickets as numbersTaken } from '../sale/submitSale';
import { sellableOffline } from '../sale/ticketBlock';
import type { FinishedSale } from './SaleScreens';
import type { SaleAction, SaleState } from './saleState';
import type { ScreenContext } from './screenContext';
import { useMounted } from './useMounted';

export const QUEUE_FAILURE_MESSAGE = 'Impossible de garder la vente sur cet appareil (stockage du navigateur indisponible).';

/** A sale refused because the register's token expired (or was revoked): nothing was recorded. */
export const SIGNED_OUT_SALE_MESSAGE =
  "Votre connexion a expiré : la vente n'est pas enregistrée. « Envoyer plus tard » la garde sur cet appareil jusqu'à votre reconnexion.";

/** A sale ready to send: its body, its idempotency key and what the finished screen shows. */
export interface SaleAttempt {
  body: SaleBody;
  key: string;
  finished: Omit<FinishedSale, 'result'>;
}

/** A sale kept on this device while offline, as « Vente enregistrée hors ligne » shows it. */
export interface QueuedNotice {
  totalCents: number;
  changeCents: number | null;
}

export interface SaleSubmissionEvents {
  /** A sale put on hold: the « Paniers en attente » count changed. */
  onHeld: () => void;
  /** A sale kept on the device: the sale sheet closes. */
  onKept: () => void;
}

/** The attempt that sends `body` (built from `state`), with a new idempotency key. */
export function saleAttempt(body: SaleBody, state: SaleState, changeCents: number | null = null): SaleAttempt {
  return {
    body,
    key: newIdempotencyKey(),
    finished: {
      lines: state.lines,
      changeCents,
      onHold: body.paymentMode === PAYMENT_MODE.hold,
      checkoutId: body.checkoutId,
      paymentMode: body.paymentMode,
      tickets: body.raffles,
      buyer: state.person ? { phone: state.person.phone, email: state.person.email } : null,
    },
  };
}

export function useSaleSubmission(screen: ScreenContext, { onHeld, onKept }: SaleSubmissionEvents) {
  const { api, checkoutId, eventId, current, cartonSale, offline, setNotice } = screen;
  const { queue, offeredTickets } = offline;
  const { sale, dispatch, draftOf } = current;
  const [finished, setFinished] = useState<FinishedSale | null>(null);
  const [queued, setQueued] = useState<QueuedNotice | null>(null);
  const [lostAttempt, setLostAttempt] = useState<SaleAttempt | null>(null);
  const [takenTickets, setTakenTickets] = useState<number[]>([]);
  const mounted = useMounted();

  /** Sends the current sale paid with `payment` (or keeps it on the device when offline). */
  async function createSale(payment: SalePayment, extra: { changeCents?: number } = {}) {
    const attempt = saleAttempt(cartonSale.withCartons(buildSale(draftOf(sale), payment)), sale, extra.changeCents ?? null);
    // No network: the sale waits on this device with its key (sent by the queue when it returns).
    if (typeof navigator !== 'undefined' && navigator.onLine === false && sellableOffline(attempt.body, offeredTickets))
      await keepOffline(attempt);
    else await send(attempt);
  }

  /** Puts the sale in the offline queue (IndexedDB) and shows that it is kept. */
  async function keepOffline(attempt: SaleAttempt) {
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
    // Kept on the device, so it is sold: the kitchen prints now (the relay is on the stall's network).
    printSale(checkoutId, {
      reference: null,
      lines: attempt.finished.lines,
      paymentMode: attempt.body.paymentMode,
      tickets: attempt.body.raffles,
    });
    // Online (a sale refused for an expired token, or whose answer was lost): try at once, so the
    // screen says without waiting whether a new sign-in is needed; the key keeps it single.
    if (typeof navigator === 'undefined' || navigator.onLine !== false) void queue.sync();
    if (!mounted.current) return;
    setNotice(null);
    setLostAttempt(null);
    onKept();
    setQueued({ totalCents: cartTotalCents(attempt.finished.lines), changeCents: attempt.finished.changeCents });
  }

  /** Sends `attempt`; `resend` when its key was sent before (« Réessayer »). */
  async function send(attempt: SaleAttempt, resend = false) {
    setNotice(null);
    setLostAttempt(null);
    dispatch({ type: 'setStatus', status: 0 });
    const outcome = await submitSale(api, attempt.body, attempt.key, { resend });
    if (!mounted.current) return;
    if (outcome.ok) {
      // A sale put on hold is paid later: nothing prints and the drawer stays shut until then.
      if (attempt.body.paymentMode !== PAYMENT_MODE.hold)
        printSale(checkoutId, {
          reference: outcome.result.reference,
          lines: attempt.finished.lines,
          paymentMode: attempt.body.paymentMode,
          tickets: attempt.body.raffles,
        });
      dropCache(cacheKeys.cardPayment(checkoutId));
      setTakenTickets([]);
      setFinished({ ...attempt.finished, result: outcome.result });
      dispatch({ type: 'setStatus', status: 1 });
      if (attempt.body.paymentMode === PAYMENT_MODE.hold) onHeld();
      return;
    }
    dispatch({ type: 'setStatus', status: -1 });
    // Refused at the door (401): the server recorded nothing, so the sale may wait on the device
    // with its key, like one made offline, and go once the person has signed in again.
    const signedOut = outcome.status === 401;
    setNotice({ tone: 'error', text: signedOut ? SIGNED_OUT_SALE_MESSAGE : outcome.message });
    if (outcome.network || signedOut) setLostAttempt(attempt);
    const taken = numbersTaken(outcome, attempt.body.raffles);
    if (taken.length > 0) {
      // Sold meanwhile by another register: those numbers are marked sold and must be picked again.
      setTakenTickets((numbers) => [...new Set([...numbers, ...taken])]);
      dispatch({ type: 'setTickets', tickets: attempt.body.raffles.filter((number) => !taken.includes(number)) });
    }
  }

  /** « Nouvelle vente »: clears the cart, tickets, bets and buyer (docs/spec.md §4). */
  function newSale() {
    setFinished(null);
    setQueued(null);
    setNotice(null);
    setLostAttempt(null);
    dispatch({ type: 'newSale' } satisfies SaleAction);
  }

  return {
    finished,
    queued,
    lostAttempt,
    takenTickets,
    /** Whether the sale being sent (status 0) blocks the screen. */
    sending: sale.status === 0,
    createSale,
    keepOffline,
    send,
    newSale,
    /** « Envoyer plus tard » is offered for a lost sale that may be sold offline. */
    canKeepLost: lostAttempt !== null && sellableOffline(lostAttempt.body, offeredTickets),
  };
}

export type SaleSubmission = ReturnType<typeof useSaleSubmission>;
