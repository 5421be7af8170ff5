/**
 * Loto amounts come from the API as decimal text (« 3.50 »); they are shown and typed through the
 * UI kit's one French writing of money (« 3,50 € », « 3,50 » in a field).
 */
import { formatEuros, formatEurosInput, parseEuros } from '@kermesse/ui-kit';

/** « 3.50 » → « 3,50 € »; text that is not an amount is shown as is. */
export function eurosText(decimal: string): string {
  const cents = parseEuros(decimal);
  return cents === null ? decimal : formatEuros({ cents });
}

/** « 3.50 » → « 3,50 », what a money field shows. */
export function moneyFieldText(decimal: string): string {
  const cents = parseEuros(decimal);
  return cents === null ? decimal : formatEurosInput(cents);
}
