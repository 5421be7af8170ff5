/**
 * Amounts typed in the raffle screens, the French way (« 30,50 »), read with contracts/common's
 * `parseEuros` — which refuses what it cannot read rather than guessing — and sent in euros.
 */
import { parseEuros, plainAmount, toEuros } from '@kermesse/contracts-common';

/** 30.5 → « 30,50 » (what a money field shows for an amount in euros). */
export const moneyText = (euros: number): string => plainAmount(Math.round(euros * 100));

/** « 30,50 » → 30.5 euros; null when the text is not an amount (negative, three decimals, letters, empty). */
export function readMoney(text: string): number | null {
  const cents = parseEuros(text);
  return cents === null ? null : toEuros(cents);
}
