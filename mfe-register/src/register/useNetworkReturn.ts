/**
 * What the register reads once and loses while offline (the till session, the stock alerts) asked
 * again when the network returns. It exists because a tablet that sold offline kept its till bar
 * empty and « Impossible de charger les états d'alerte des produits. » on screen until a reload:
 * nothing asked them again. `online` is the browser's word; while the last try failed, it is also
 * asked every 15 s, since a phone may say `online` a moment before its requests go through.
 */
import { useEffect, useEffectEvent } from 'react';

/** How often a failed reading is tried again while the browser says it is online. */
export const NETWORK_RETRY_MS = 15_000;

export function useNetworkReturn(askAgain: () => void, { failing = false, retryMs = NETWORK_RETRY_MS } = {}): void {
  const ask = useEffectEvent(askAgain);
  useEffect(() => {
    const handleOnline = () => ask();
    window.addEventListener('online', handleOnline);
    return () => window.removeEventListener('online', handleOnline);
  }, []);
  useEffect(() => {
    if (!failing) return;
    const timer = setInterval(() => {
      if (navigator.onLine !== false) ask();
    }, retryMs);
    return () => clearInterval(timer);
  }, [failing, retryMs]);
}
