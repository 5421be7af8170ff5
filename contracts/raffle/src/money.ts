/**
 * The raffle forms' amounts, read with contracts-common's `parseEuros` (docs/formats.md §1): euros as a
 * number (`12.5`) or as typed text (« 12,50 »). A sign is read so that the rules refuse a negative
 * price with their own message; at most 999 999 999,99 €.
 */
import type { EurosRules } from '@kermesse/contracts-common';

export const RAFFLE_AMOUNT_RULES = { negative: true, maxCents: 99_999_999_999 } as const satisfies EurosRules;
