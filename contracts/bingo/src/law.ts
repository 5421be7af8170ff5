/**
 * French law on traditional lotos (Code de la sécurité intérieure, L322-4): a loto organised by an
 * association is allowed when the stake is low (carton under 20 €), the prizes are in kind (no cash;
 * non-refundable vouchers are allowed) and it stays occasional.
 */
import { formatEuros } from '@kermesse/contracts-common';

/** A carton price of 20 € or more is refused. */
export const MAX_CARTON_PRICE_CENTS = 1999;
/** Past this many lotos in a calendar year, the association is warned. */
export const LOTOS_PER_YEAR_WARNING = 3;

const CASH_WORDS = /\b(esp[eè]ces?|num[ée]raire|cash|argent liquide|billets? de banque|ch[eè]que bancaire)\b/i;

/** True when a prize is money: declared as cash, or named like it. Vouchers (« bon d'achat ») are fine. */
export function isCashPrize(prize: { label: string; nature?: string }): boolean {
  if (prize.nature === 'especes') return true;
  return CASH_WORDS.test(prize.label);
}

export const cartonPriceAllowed = (cents: number): boolean => cents >= 0 && cents <= MAX_CARTON_PRICE_CENTS;

/** The warning shown when a year counts more than three lotos, or undefined. */
export function lotosPerYearWarning(year: number, count: number): string | undefined {
  if (count <= LOTOS_PER_YEAR_WARNING) return undefined;
  return `Attention : ${count} lotos sont prévus en ${year}. Au-delà de ${LOTOS_PER_YEAR_WARNING} lotos par an, l'association sort du cadre des lotos traditionnels (article L322-4 du Code de la sécurité intérieure).`;
}

/**
 * Cartons by the pack (« 3 cartons 8 € »): the stake limit applies to the price of ONE carton of the
 * pack — a pack of nb cartons is refused when its price per carton reaches 20 €.
 */
export const packPriceAllowed = (cents: number, nb: number): boolean =>
  nb >= 1 && cents >= 0 && cents <= (MAX_CARTON_PRICE_CENTS + 1) * nb - 1;

/** « Lot de 3 cartons à 66,00 € : 22,00 € par carton… » */
export function packPriceTooHighMessage(nb: number, cents: number): string {
  return `Lot de ${nb} cartons à ${formatEuros(cents)} : ${formatEuros(Math.ceil(cents / nb))} par carton. Le prix d’un carton doit être inférieur à 20 € (loto traditionnel, article L322-4 du Code de la sécurité intérieure).`;
}
