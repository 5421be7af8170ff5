/**
 * What a payment button (or F4, F8, F9) does: nothing while the screen is busy, else the first reason
 * the sale cannot be paid yet (offline limits, buyer, tickets, bets, cartons) as a notice, else the
 * cash or cheque dialog, the card reader (or its chooser), or the sale put on hold. It exists so the
 * buttons, the shortcuts and the reader chooser apply the same rules (docs/spec.md §4, §8).
 */
import { PAYMENT_MODE, paymentBlocker, type PaymentMode } from '../cart/payment';
import { offlineTicketBlocker } from '../sale/ticketBlock';
import type { ChosenReader } from './CardReaderChooser';
import { OFFLINE_MESSAGES } from './OfflineStatus';
import type { Dialog } from './SaleDialogs';
import type { CardPayment } from './useCardPayment';
import type { ScreenContext } from './screenContext';
import type { SaleSubmission } from './useSaleSubmission';

export interface PaymentStartInput {
  /** A dialog, a sale being sent or a card payment, or the finished screen: no new payment. */
  blocked: boolean;
  card: Pick<CardPayment, 'reader' | 'setReader' | 'start'>;
  createSale: SaleSubmission['createSale'];
  openDialog: (dialog: Dialog) => void;
}

export function usePaymentStart(screen: ScreenContext, { blocked, card, createSale, openDialog }: PaymentStartInput) {
  const { current, cartonSale, offline, setNotice } = screen;
  const { sale, config, ticketsAllowed, betsAllowed } = current;
  const { queue, offeredTickets } = offline;

  const pay = (mode: PaymentMode) => {
    if (blocked || sale.lines.length === 0) return;
    if (!queue.online) {
      const offlineBlocker =
        mode === PAYMENT_MODE.card
          ? OFFLINE_MESSAGES.card
          : mode === PAYMENT_MODE.hold
            ? OFFLINE_MESSAGES.hold
            : offlineTicketBlocker({ tickets: sale.tickets, ticketsAllowed, betsAllowed }, offeredTickets);
      if (offlineBlocker) {
        setNotice({ tone: 'error', text: offlineBlocker });
        return;
      }
    }
    const blocker =
      paymentBlocker({ mode, lines: sale.lines, config, person: sale.person, tickets: sale.tickets, bets: sale.bets }) ??
      cartonSale.blocker;
    if (blocker) {
      setNotice({ tone: 'error', text: blocker });
      return;
    }
    setNotice(null);
    if (mode === PAYMENT_MODE.cash) openDialog('cash');
    else if (mode === PAYMENT_MODE.cheque) openDialog('cheque');
    else if (mode === PAYMENT_MODE.card) {
      if (card.reader) void card.start(card.reader);
      else openDialog('readers');
    } else void createSale({ mode: PAYMENT_MODE.hold });
  };

  /** A reader chosen in « Choix du lecteur »: kept, and the card payment starts when the sale may be paid. */
  const chooseReader = (chosen: ChosenReader) => {
    card.setReader(chosen);
    openDialog(null);
    if (
      sale.lines.length > 0 &&
      !paymentBlocker({ mode: PAYMENT_MODE.card, lines: sale.lines, config, person: sale.person, tickets: sale.tickets, bets: sale.bets })
    ) {
      void card.start(chosen);
    }
  };

  return { pay, chooseReader };
}
