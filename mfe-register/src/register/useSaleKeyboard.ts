/**
 * The keyboard of the sale screen: the product search takes the keyboard whenever the cashier is back
 * on the sale (after a dialog, a payment, the finished screen), and F2 search, F4 cash, F8 cheque,
 * F9 card work there — never under a dialog. Typing with nothing focused goes to the search. It
 * exists so a cashier can ring up a sale without the mouse.
 */
import { useEffect, type RefObject } from 'react';
import { PAYMENT_MODE, type PaymentMode } from '../cart/payment';
import { SHORTCUTS } from './SaleControls';
import { useKeydown } from './useShortcuts';

export interface SaleKeyboardInput {
  searchRef: RefObject<HTMLInputElement | null>;
  /** The catalogue shown (a new one gives the search the keyboard again). */
  catalog: unknown;
  /** The finished screen, or the open dialog, or a sale being sent or charged: not the sale screen. */
  finished: unknown;
  dialog: unknown;
  busy: boolean;
  /** A sale kept on the device (« Vente gardée ») is shown: no shortcut. */
  queued: unknown;
  pay: (mode: PaymentMode) => void;
}

/**
 * A phone (a small touch screen, no keyboard to type with): there the search is not focused on its
 * own — the cashier taps it when she wants it, and at opening the focus forced a layout of the whole
 * screen before its first paint. Tablets and computers keep it: a keyboard may be there.
 */
const phone = () => typeof window.matchMedia === 'function' && window.matchMedia('(pointer: coarse) and (max-width: 40rem)').matches;

export function useSaleKeyboard({ searchRef, catalog, finished, dialog, busy, queued, pay }: SaleKeyboardInput): void {
  // Back on the sale screen, the search field takes the keyboard again (where a keyboard is the way in).
  useEffect(() => {
    if (catalog && !finished && !dialog && !busy && !phone()) searchRef.current?.focus();
  }, [catalog, finished, dialog, busy, searchRef]);

  // Keyboard shortcuts, only on the sale screen itself (not under a dialog).
  useKeydown((event: KeyboardEvent) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if (document.querySelector('[aria-modal="true"]') || finished || queued || !catalog) return;
    const actions: Record<string, () => void> = {
      [SHORTCUTS.search]: () => searchRef.current?.focus(),
      [SHORTCUTS.cash]: () => pay(PAYMENT_MODE.cash),
      [SHORTCUTS.cheque]: () => pay(PAYMENT_MODE.cheque),
      [SHORTCUTS.card]: () => pay(PAYMENT_MODE.card),
    };
    const action = actions[event.key];
    if (!action) {
      // Typing with nothing focused (after a click elsewhere) goes to the product search.
      if (event.key.length === 1 && (event.target === document.body || event.target === null) && searchRef.current)
        searchRef.current.focus();
      return;
    }
    event.preventDefault();
    action();
  });
}
