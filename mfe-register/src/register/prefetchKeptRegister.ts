/**
 * A register opened again on this device (its selection kept): its till session and catalogue are
 * asked as soon as the sales screen code arrives, while the entry page still checks the event (phone
 * LCP). The catalogue and the event's settings land in the local cache, where the screen
 * reads them — from its first render when they have come (useResource's `initialData`).
 */
import { registerToken } from '../api/bearerToken';
import { checkoutApiFor } from '../api/checkoutApi';
import { readSelection } from '../entry/selection';
import { prefetchTillSession } from '../till/useTillSession';

export function prefetchKeptRegister(): void {
  if (typeof window === 'undefined') return;
  const kept = readSelection();
  let token: string | null = null;
  try {
    token = registerToken();
  } catch {
    // No storage: nothing to ask ahead.
  }
  if (kept && token) {
    prefetchTillSession(kept.checkout.id);
    const api = checkoutApiFor(token);
    api.getCheckout(kept.checkout.id).catch(() => undefined);
    api.loadSettings(kept.eventId).catch(() => undefined);
  }
}
