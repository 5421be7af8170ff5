/**
 * The organiser's French-law panel (Code de la sécurité intérieure, L322-1 to L322-3;
 * services/raffle/README.md « French law panel »): a tombola run by an association may offer prizes in kind only, its prizes' cost is
 * usually held to 15 % of the ticket revenue, and the mayor authorises it — with the association's
 * last accounts in the file once the tickets issued are worth more than 7 500 €. Warnings never block anything.
 */
import { formatEuros as formatCents } from '@kermesse/contracts-common';

export const COST_RATIO_LIMIT_PERCENT = 15;
/** Above this face value of the tickets issued, the request to the mayor also carries the last accounts. */
export const ACCOUNTS_THRESHOLD_CENTS = 7_500 * 100;

/** Whole words only: « argentée » (silver-coloured) is not « argent ». */
const CASH_WORDS =
  /(?<![\p{L}\d])(esp[eè]ces?|argent|cash|num[ée]raire|liquide|billets? de banque|virement|mandat(?:-cash)?|lingots?|bitcoins?|cryptomonnaies?|carte bancaire pr[ée]pay[ée]e|ch[eè]que)(?![\p{L}\d])/iu;
/** Gift vouchers and meal tickets are prizes in kind usable at one place: not cash. */
const IN_KIND_VOUCHERS = /(ch[eè]que|carte|bon)[-\s]?(cadeau|d'achat|lire|vacances|d[ée]jeuner|restaurant)|bon d'achat/giu;
/** A name that is only an amount: « 50 € », « 100 euros », « Enveloppe de 20 € ». */
const BARE_AMOUNT = /^\s*(?:(?:une?\s+)?enveloppe\s+(?:de\s+)?)?\d+(?:[.,]\d+)?\s*(?:€|euros?|eur)\s*$/i;

/** True when a prize's name looks like money rather than a prize in kind. */
export function looksLikeCash(name: string): boolean {
  if (BARE_AMOUNT.test(name)) return true;
  const withoutVouchers = name.replace(IN_KIND_VOUCHERS, ' ');
  return CASH_WORDS.test(withoutVouchers);
}

export interface LawPanel {
  totalValueCents: number;
  totalCostCents: number;
  ticketRevenueCents: number;
  /** Cost of the prizes over the ticket revenue, in percent with one decimal; null before any sale. */
  costRatioPercent: number | null;
  warnings: string[];
}

/**
 * What the tickets issued are worth at face value: every ticket of the raffle at the price of one
 * ticket alone (the tier of 1, else the dearest ticket of a tier — packs are discounts, not the face
 * value). Null while no tier says what a ticket costs.
 */
export function ticketsIssuedValueCents(totalTickets: number, tiers: ReadonlyArray<{ nb: number; priceCents: number }>): number | null {
  if (tiers.length === 0) return null;
  const single = tiers.find((tier) => tier.nb === 1);
  const unitCents = single ? single.priceCents : Math.max(...tiers.map((tier) => Math.round(tier.priceCents / tier.nb)));
  return totalTickets * unitCents;
}

/** Totals over every prize unit (value and cost × quantity) and the warnings to show. */
export function lawPanel(
  prizes: Array<{ name: string; priceCents: number; costCents: number; quantity: number }>,
  ticketRevenueCents: number,
): LawPanel {
  let totalValueCents = 0;
  let totalCostCents = 0;
  const warnings: string[] = [];
  for (const prize of prizes) {
    totalValueCents += prize.priceCents * prize.quantity;
    totalCostCents += prize.costCents * prize.quantity;
    if (looksLikeCash(prize.name)) {
      warnings.push(
        `Le lot « ${prize.name} » ressemble à une somme d'argent : une tombola associative ne peut offrir que des lots en nature (art. L322-3 du Code de la sécurité intérieure).`,
      );
    }
  }
  const costRatioPercent = ticketRevenueCents > 0 ? Math.round((totalCostCents * 1000) / ticketRevenueCents) / 10 : null;
  if (costRatioPercent !== null && costRatioPercent > COST_RATIO_LIMIT_PERCENT) {
    warnings.push(
      `Le coût des lots (${formatCents(totalCostCents)}) dépasse ${COST_RATIO_LIMIT_PERCENT} % des recettes des tickets (${formatCents(ticketRevenueCents)}) : ${String(costRatioPercent).replace('.', ',')} %.`,
    );
  }
  if (costRatioPercent === null && totalCostCents > 0) {
    warnings.push(
      `Aucun ticket vendu pour l'instant : le coût des lots (${formatCents(totalCostCents)}) n'est encore couvert par aucune recette.`,
    );
  }
  return { totalValueCents, totalCostCents, ticketRevenueCents, costRatioPercent, warnings };
}
