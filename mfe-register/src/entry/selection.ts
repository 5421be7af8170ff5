/**
 * The event and register chosen on this device, kept in local storage so that a reload — online
 * or offline — opens the same register's sales screen again. « Changer de caisse » forgets it.
 */
import type { CheckoutSummary } from '../api/registerApi';

export const SELECTION_KEY = 'kermesseRegister.selection';

export interface RegisterSelection {
  eventId: number;
  checkout: CheckoutSummary;
}

export function readSelection(): RegisterSelection | null {
  try {
    const value = JSON.parse(localStorage.getItem(SELECTION_KEY) ?? 'null') as Partial<RegisterSelection> | null;
    if (!value || typeof value.eventId !== 'number' || typeof value.checkout?.id !== 'number' || typeof value.checkout.name !== 'string')
      return null;
    return { eventId: value.eventId, checkout: { id: value.checkout.id, name: value.checkout.name } };
  } catch {
    return null;
  }
}

export function storeSelection(selection: RegisterSelection): void {
  try {
    localStorage.setItem(SELECTION_KEY, JSON.stringify(selection));
  } catch {
    // A full storage only costs the reload its shortcut.
  }
}

export function forgetSelection(): void {
  try {
    localStorage.removeItem(SELECTION_KEY);
  } catch {
    // Nothing to forget.
  }
}
