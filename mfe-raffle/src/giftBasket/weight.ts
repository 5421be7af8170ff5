/** Weights are whole grams, written once in contracts/common: 1250 → « 1 kg 250 g ». */
export { formatWeight } from '@kermesse/contracts-common';
