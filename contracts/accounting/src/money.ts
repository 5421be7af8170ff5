/**
 * Money of the accounts: integer cents inside, euros with two decimals (a number) at the API edge.
 * Written once in `@kermesse/contracts-common` (the same French characters everywhere); accounting
 * uses the accountant's forms: « 1 234,56 » in tables, « 1234,56 » in the FEC and CSV files.
 */
export { formatAmount, formatEuros, parseAmount, plainAmount, toEuros } from '@kermesse/contracts-common';
