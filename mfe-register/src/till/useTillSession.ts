/**
 * The till session of a register: asked when its bar appears, again after a closing, and
 * replaced in place when the cashier opens one. It exists because the session is on the phone's
 * largest text: a register opened again asks it ahead (`prefetchTillSession`, with the catalogue),
 * and the bar takes that answer instead of waiting one more round trip.
 */
import { useMemo } from 'react';
import { useResource } from '@kermesse/ui-kit';
import { useNetworkReturn } from '../register/useNetworkReturn';
import { defaultTillApi, type SessionState, type TillApi } from './tillApi';

/** Sessions asked ahead (see prefetchTillSession), taken by the next bar of that register. */
const prefetched = new Map<number, { at: number; answer: Promise<SessionState>; value?: SessionState }>();
const PREFETCH_FRESH_MS = 10_000;

/**
 * Asks the register's till session with the default API while its catalogue loads, so that the bar
 * (the page's largest text on a phone) shows with the products instead of one round trip later.
 */
export function prefetchTillSession(checkoutId: number): void {
  const asked = prefetched.get(checkoutId);
  if (asked && Date.now() - asked.at < PREFETCH_FRESH_MS) return;
  const answer = defaultTillApi().session(checkoutId);
  const entry: { at: number; answer: Promise<SessionState>; value?: SessionState } = { at: Date.now(), answer };
  // Kept when it comes, so a bar appearing afterwards shows it from its first render.
  answer.then((value) => (entry.value = value)).catch(() => undefined);
  prefetched.set(checkoutId, entry);
}

export interface TillSessionHandle {
  api: TillApi;
  /** The session state; null until known or when it could not be read. */
  state: SessionState | null;
  /** Asks the session again (after a closing). */
  reload: () => void;
  /** The state the server answered to an opening. */
  setState: (state: SessionState) => void;
}

/** `given`: an API for tests (the prefetched answer is only taken with the default one); `refreshKey` asks again when it changes. */
export function useTillSession(checkoutId: number, given?: TillApi, refreshKey?: unknown): TillSessionHandle {
  const api = useMemo(() => given ?? defaultTillApi(), [given]);
  const session = useResource(
    () => {
      const ahead = given ? undefined : prefetched.get(checkoutId);
      prefetched.delete(checkoutId);
      const ask = () => api.session(checkoutId);
      // A prefetch that failed (signed in since, say) is asked again.
      return ahead && Date.now() - ahead.at < PREFETCH_FRESH_MS ? ahead.answer.catch(ask) : ask();
    },
    [api, given, checkoutId, refreshKey],
    {
      keepPreviousData: true,
      initialData: () => {
        const ahead = given ? undefined : prefetched.get(checkoutId);
        if (!ahead || ahead.value === undefined || Date.now() - ahead.at >= PREFETCH_FRESH_MS) return undefined;
        // Taken once: a later reload (after a closing) asks the server.
        prefetched.delete(checkoutId);
        return ahead.value;
      },
    },
  );
  // Read offline, the session failed and the bar stayed empty: it is asked again when the network returns.
  const failed = session.error !== null && session.error !== undefined;
  useNetworkReturn(() => void session.reload(), { failing: failed });
  return { api, state: failed ? null : (session.data ?? null), reload: session.reload, setState: session.setData };
}
