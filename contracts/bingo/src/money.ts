/**
 * The loto's amounts: integer cents inside, euros with two decimals in text at the edge (« 12.50 »,
 * contracts-common's `decimalAmount`). Its forms' amounts are read with contracts-common's `parseEuros`
 * (docs/formats.md §1) under this ceiling: 9 999 999,99 € (seven digits of euros), never negative.
 */
import type { EurosRules } from '@kermesse/contracts-common';

export const LOTO_AMOUNT_RULES = { maxCents: 999_999_999 } as const satisfies EurosRules;
