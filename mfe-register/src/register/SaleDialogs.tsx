/**
 * The dialogs over the sales screen, one at a time: cash and cheque payment, « Choix du lecteur »,
 * the raffle ticket picker, the loto cartons, the gift-basket bets, « Liste des ventes (Pending) » and
 * the SMS or e-mail receipt. Each closes itself and hands its result to the screen's hooks.
 */
import { PAYMENT_MODE } from '../cart/payment';
import { BetPicker } from './BetPicker';
import { CardReaderChooser } from './CardReaderChooser';
import { CartonPicker, type CartonSale } from './CartonPicker';
import { CashDialog } from './CashDialog';
import { ChequeDialog } from './ChequeDialog';
import { PendingSalesList } from './PendingSales';
import { RaffleTicketPicker } from './RaffleTicketPicker';
import { EmailReceiptModal, SmsReceiptModal } from './ReceiptModals';
import type { SetNotice } from './SaleNotice';
import type { CurrentSale } from './useSale';
import type { SaleSubmission } from './useSaleSubmission';

export const CASH_CANCELLED_MESSAGE = 'Vente annulée.';

export type Dialog = 'cash' | 'cheque' | 'readers' | 'tickets' | 'bets' | 'pending' | 'sms' | 'email' | null;

export interface SaleDialogsProps {
  dialog: Dialog;
  setDialog: (dialog: Dialog) => void;
  eventId: number;
  current: CurrentSale;
  submission: Pick<SaleSubmission, 'createSale' | 'takenTickets'>;
  /** Raffle numbers: those this register may sell offline (if it has a block), those kept for offline sales. */
  tickets: { offered: number[] | undefined; reserved: (raffleId: number) => number[] };
  cartons: { sale: CartonSale; open: boolean; close: () => void };
  onReaderChosen: Parameters<typeof CardReaderChooser>[0]['onChoose'];
  onPendingChanged: () => void;
  setNotice: SetNotice;
}

export function SaleDialogs({ dialog, setDialog, eventId, current, submission, tickets, cartons, onReaderChosen, onPendingChanged, setNotice }: SaleDialogsProps) {
  const { sale, dispatch, totalCents, raffle, giftBasket, ticketsAllowed, betsAllowed } = current;
  const close = () => setDialog(null);
  return (
    <>
      {dialog === 'cash' && (
        <CashDialog
          totalCents={totalCents}
          onCancel={() => {
            close();
            setNotice({ tone: 'info', text: CASH_CANCELLED_MESSAGE });
          }}
          onConfirm={(givenCents, changeCents) => {
            close();
            void submission.createSale({ mode: PAYMENT_MODE.cash, givenCents }, { changeCents });
          }}
        />
      )}
      {dialog === 'cheque' && (
        <ChequeDialog
          totalCents={totalCents}
          onCancel={close}
          onConfirm={(chequeNumber) => {
            close();
            void submission.createSale({ mode: PAYMENT_MODE.cheque, chequeNumber });
          }}
        />
      )}
      {dialog === 'readers' && <CardReaderChooser onClose={close} onChoose={onReaderChosen} />}
      {dialog === 'tickets' && raffle && (
        <RaffleTicketPicker
          raffle={raffle}
          allowed={ticketsAllowed}
          initial={sale.tickets}
          alsoSold={submission.takenTickets}
          offline={tickets.offered ? { numbers: tickets.offered } : null}
          reserved={tickets.reserved(raffle.id)}
          onCancel={close}
          onConfirm={(chosen) => {
            dispatch({ type: 'setTickets', tickets: chosen });
            close();
            setNotice(null);
          }}
        />
      )}
      {cartons.open && cartons.sale.night && (
        <CartonPicker
          night={cartons.sale.night}
          allowed={cartons.sale.allowed}
          initial={cartons.sale.cartons}
          onCancel={cartons.close}
          onConfirm={(chosen) => {
            cartons.sale.set(chosen);
            cartons.close();
            setNotice(null);
          }}
        />
      )}
      {dialog === 'bets' && giftBasket && (
        <BetPicker
          giftBasket={giftBasket}
          maxBets={betsAllowed}
          initial={sale.bets}
          onCancel={close}
          onSubmit={(bets) => {
            dispatch({ type: 'setBets', bets });
            close();
            setNotice(null);
          }}
        />
      )}
      {dialog === 'pending' && <PendingSalesList eventId={eventId} onClose={close} onChanged={onPendingChanged} />}
      {dialog === 'sms' && (
        <SmsReceiptModal
          initialPhone={sale.receipt?.method === 'sms' ? sale.receipt.to : sale.person?.phone}
          onCancel={close}
          onConfirm={(to) => {
            dispatch({ type: 'setReceipt', receipt: { method: 'sms', to } });
            close();
          }}
        />
      )}
      {dialog === 'email' && (
        <EmailReceiptModal
          initialEmail={sale.receipt?.method === 'email' ? sale.receipt.to : sale.person?.email}
          onCancel={close}
          onConfirm={(to) => {
            dispatch({ type: 'setReceipt', receipt: { method: 'email', to } });
            close();
          }}
        />
      )}
    </>
  );
}
