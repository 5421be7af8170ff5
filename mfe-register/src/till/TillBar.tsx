import { useState } from 'react';
import { Button, formatEuros, formatTime } from '@kermesse/ui-kit';
import { lazyPart } from '../lazyPart';
import { OpenTillDialog } from './OpenTillDialog';
import { indexedDbStore, queuedSalesCount, type QueueStore } from '../sale/offlineQueue';
import type { Closing, TillApi } from './tillApi';
import { useTillSession } from './useTillSession';
import './till.css';

// Closing parts: not needed to sell, fetched once the register is open (lazyPart.tsx).
const CloseTillDialog = lazyPart(() => import('./CloseTillDialog').then((module) => module.CloseTillDialog));
const PastSessionsDialog = lazyPart(() => import('./PastSessionsDialog').then((module) => module.PastSessionsDialog));
const ClosingDone = lazyPart(() => import('./ClosingDone').then((module) => module.ClosingDone));

export const OPEN_FIRST_MESSAGE = 'Caisse non ouverte : comptez le fond de caisse et ouvrez la session avant de vendre.';

let deviceQueue: QueueStore | null | undefined;
/** Counts in the device's IndexedDB queue (one connection kept, since the closing screen reads it every 2 s). */
const defaultCountQueued = (checkoutId: number) => {
  deviceQueue ??= typeof indexedDB === 'undefined' ? null : indexedDbStore();
  return queuedSalesCount(checkoutId, deviceQueue);
};

/**
 * The till session of the register, above the products: asks the cashier to open a session first
 * (a sale without one still works: the server opens one with a float of 0 and says so here), shows
 * the open session and leads to its closing. `refreshKey` changes after each sale.
 */
export function TillBar({
  checkoutId,
  api: given,
  refreshKey,
  countQueued = defaultCountQueued,
}: {
  checkoutId: number;
  api?: TillApi;
  refreshKey?: unknown;
  /** This register's sales still in the device's offline queue (IndexedDB by default): the closing waits for them. */
  countQueued?: (checkoutId: number) => Promise<number>;
}) {
  const { api, state, reload, setState } = useTillSession(checkoutId, given, refreshKey);
  const [dialog, setDialog] = useState<'open' | 'close' | 'past' | null>(null);
  const [closing, setClosing] = useState<Closing | null>(null);

  const session = state?.session ?? null;
  return (
    <div className="till-bar" data-testid="till-bar">
      {state && !state.open && (
        <div className="till-bar__row till-bar__row--closed" role="status">
          <span>{OPEN_FIRST_MESSAGE}</span>
          <span className="till-bar__actions k-actions">
            <Button onClick={() => setDialog('open')}>Ouvrir la caisse</Button>
            <Button variant="ghost" onClick={() => setDialog('past')}>
              Clôtures précédentes
            </Button>
          </span>
        </div>
      )}
      {session && (
        <div className="till-bar__row">
          <span className="till-bar__text k-muted">
            Session n° {session.id} ouverte à {formatTime(new Date(session.openedAt))}
            {session.automatic ? ' automatiquement (fond 0 €)' : ` · fond ${formatEuros(session.float.cash)}`} · {session.salesCount} vente
            {session.salesCount > 1 ? 's' : ''}
          </span>
          <span className="till-bar__actions k-actions">
            <Button variant="secondary" onClick={() => setDialog('close')}>
              Clôturer la caisse
            </Button>
            <Button variant="ghost" onClick={() => setDialog('past')}>
              Clôtures précédentes
            </Button>
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
            reload();
          }}
        />
      )}
      {dialog === 'past' && <PastSessionsDialog api={api} checkoutId={checkoutId} onClose={() => setDialog(null)} />}
      {closing && <ClosingDone api={api} closing={closing} checkoutId={checkoutId} onDone={() => setClosing(null)} />}
    </div>
  );
}
