import { useCallback, useEffect, useMemo, useState } from 'react';
import { Button, formatEuros } from '@kermesse/ui-kit';
import { ClosingDone } from './ClosingDone';
import { CloseTillDialog } from './CloseTillDialog';
import { OpenTillDialog } from './OpenTillDialog';
import { PastSessionsDialog } from './PastSessionsDialog';
import { indexedDbStore, queuedSalesCount, type QueueStore } from '../sale/offlineQueue';
import { defaultTillApi, type Closing, type SessionState, type TillApi } from './tillApi';
import './till.css';

export const OPEN_FIRST_MESSAGE = 'Caisse non ouverte : comptez le fond de caisse et ouvrez la session avant de vendre.';

let deviceQueue: QueueStore | null | undefined;
/** Counts in the device's IndexedDB queue (one connection kept, since the closing screen reads it every 2 s). */
const defaultCountQueued = (checkoutId: number) => {
  deviceQueue ??= typeof indexedDB === 'undefined' ? null : indexedDbStore();
  return queuedSalesCount(checkoutId, deviceQueue);
};
const time = new Intl.DateTimeFormat('fr-FR', { hour: '2-digit', minute: '2-digit' });

/** Sessions asked ahead (see prefetchTillSession), taken by the next TillBar of that register. */
const prefetched = new Map<number, { at: number; answer: Promise<SessionState> }>();
const PREFETCH_FRESH_MS = 10_000;

/**
 * Asks the register's till session with the default API while its catalogue loads, so that the bar
 * (the page's largest text on a phone) shows with the products instead of one round trip later.
 */
export function prefetchTillSession(checkoutId: number): void {
  const asked = prefetched.get(checkoutId);
  if (asked && Date.now() - asked.at < PREFETCH_FRESH_MS) return;
  const answer = defaultTillApi().session(checkoutId);
  answer.catch(() => undefined);
  prefetched.set(checkoutId, { at: Date.now(), answer });
}

/**
 * The till session of the register, above the products: asks the cashier to open a session first
 * (a sale without one still works: the server opens one with a float of 0 and says so here), shows
 * the open session and leads to its closing. `refreshKey` changes after each sale.
 */
export function TillBar({ checkoutId, api: given, refreshKey, countQueued = defaultCountQueued }: {
  checkoutId: number; api?: TillApi; refreshKey?: unknown;
  /** This register's sales still in the device's offline queue (IndexedDB by default): the closing waits for them. */
  countQueued?: (checkoutId: number) => Promise<number>;
}) {
  const api = useMemo(() => given ?? defaultTillApi(), [given]);
  const [state, setState] = useState<SessionState | null>(null);
  const [dialog, setDialog] = useState<'open' | 'close' | 'past' | null>(null);
  const [closing, setClosing] = useState<Closing | null>(null);

  const load = useCallback(() => {
    const ahead = given ? undefined : prefetched.get(checkoutId);
    prefetched.delete(checkoutId);
    const ask = () => api.session(checkoutId);
    // A prefetch that failed (signed in since, say) is asked again.
    const answer = ahead && Date.now() - ahead.at < PREFETCH_FRESH_MS ? ahead.answer.catch(ask) : ask();
    answer.then(setState, () => setState(null));
  }, [api, given, checkoutId]);
  useEffect(load, [load, refreshKey]);

  const session = state?.session ?? null;
  return (
    <div className="till-bar" data-testid="till-bar">
      {state && !state.open && (
        <div className="till-bar__row till-bar__row--closed" role="status">
          <span>{OPEN_FIRST_MESSAGE}</span>
          <span className="till-bar__actions">
            <Button onClick={() => setDialog('open')}>Ouvrir la caisse</Button>
            <Button variant="ghost" onClick={() => setDialog('past')}>Clôtures précédentes</Button>
          </span>
        </div>
      )}
      {session && (
        <div className="till-bar__row">
          <span className="till-bar__text">
            Session n° {session.id} ouverte à {time.format(new Date(session.openedAt))}
            {session.automatic ? ' automatiquement (fond 0 €)' : ` · fond ${formatEuros(session.float.cash)}`}
            {' '}· {session.salesCount} vente{session.salesCount > 1 ? 's' : ''}
          </span>
          <span className="till-bar__actions">
            <Button variant="secondary" onClick={() => setDialog('close')}>Clôturer la caisse</Button>
            <Button variant="ghost" onClick={() => setDialog('past')}>Clôtures précédentes</Button>
          </span>
        </div>
      )}
      {dialog === 'open' && (
        <OpenTillDialog
          onCancel={() => setDialog(null)}
          onOpen={async (floatCents) => {
            const opened = await api.open(checkoutId, floatCents);
            setState(opened);
            setDialog(null);
            return opened;
          }}
        />
      )}
      {dialog === 'close' && session && (
        <CloseTillDialog
          api={api}
          checkoutId={checkoutId}
          sessionId={session.id}
          countQueued={countQueued}
          onCancel={() => setDialog(null)}
          onClosed={(done) => {
            setDialog(null);
            setClosing(done);
            load();
          }}
        />
      )}
      {dialog === 'past' && <PastSessionsDialog api={api} checkoutId={checkoutId} onClose={() => setDialog(null)} />}
      {closing && <ClosingDone api={api} closing={closing} onDone={() => setClosing(null)} />}
    </div>
  );
}
