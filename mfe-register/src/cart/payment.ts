/** Payment codes (docs/spec.md §4, §9) and the checks made before any payment (docs/spec.md §5). */
import type { Bet, CartLine, Person, TicketCategoryConfig } from './types';
import { betCount, raffleTicketCount } from './tickets';

/** Register payment modes. */
export const PAYMENT_MODE = { cheque: 1, cash: 2, card: 3, hold: 99 } as const;
export type PaymentMode = (typeof PAYMENT_MODE)[keyof typeof PAYMENT_MODE];

/** Payment statuses. */
export const PAYMENT_STATUS = { paid: 1, pending: 2, failed: 5 } as const;
export type PaymentStatus = (typeof PAYMENT_STATUS)[keyof typeof PAYMENT_STATUS];

/** Codes of a manual payment on a pending sale. */
export const MANUAL_PAYMENT_MODE = { CHQ: 1, ESP: 2, CB: 3 } as const;

export const IDENTIFY_MESSAGE = 'Identifier/Créer une personne pour ce panier';
export const NO_TICKETS_MESSAGE = 'Aucune selection de tickets';
export const NO_BETS_MESSAGE = 'Aucun vote effectué';

export interface PaymentCheck {
  mode: PaymentMode;
  lines: readonly CartLine[];
  config: TicketCategoryConfig;
  person: Person | null;
  /** Raffle numbers chosen in the picker. */
  tickets: readonly number[];
  bets: readonly Bet[];
}

/**
 * The docs/spec.md §5 message that blocks this payment, or null when it may go ahead: a person for tickets,
 * bets or a hold; then the ticket selection; then at least one bet.
 */
export function paymentBlocker({ mode, lines, config, person, tickets, bets }: PaymentCheck): string | null {
  const raffleTickets = raffleTicketCount(lines, config);
  const betTickets = betCount(lines, config);
  const identified = person !== null && person.id !== 0;
  if ((raffleTickets > 0 || betTickets > 0 || mode === PAYMENT_MODE.hold) && !identified) return IDENTIFY_MESSAGE;
  if (raffleTickets > 0 && tickets.length !== raffleTickets) return NO_TICKETS_MESSAGE;
  if (betTickets > 0 && bets.length === 0) return NO_BETS_MESSAGE;
  return null;
}
