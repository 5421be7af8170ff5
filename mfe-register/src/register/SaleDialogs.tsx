/**
 * The dialogs over the sales screen, one at a time: cash and cheque payment, « Choix du lecteur »,
 * the raffle ticket picker, the loto cartons, the gift-basket bets, « Ventes en attente » and
 * the SMS or e-mail receipt. Each closes itself and hands its result to the screen's hooks.
 */
import { PAYMENT_MODE } from '../cart/payment';
import { BetPicker } from './BetPicker';
import { CardReaderChooser } from './CardReaderChooser';
import { CartonPicker } from './CartonPicker';
import { CashDialog } from './CashDialog';
import { ChequeDialog } from './ChequeDialog';
import { lazyPart } from '../lazyPart';
import { RaffleTicketPicker } from './RaffleTicketPicker';
import { EmailReceiptModal, SmsReceiptModal } from './ReceiptModals';
import type { ScreenContext } from './screenContext';
import type { SaleSubmission } from './useSaleSubmission';

// The sales on hold: not needed to sell, fetched once the register is open (lazyPart.tsx).
const PendingSalesList = lazyPart(() => import('./PendingSales').then((module) => module.PendingSalesList));

export const CASH_CANCELLED_MESSAGE = 'Vente annulée.';

export type Dialog = 'cash' | 'cheque' | 'readers' | 'tickets' | 'bets' | 'pending' | 'sms' | 'email' | null;

export interface SaleDialogsProps {
  screen: ScreenContext;
  dialog: Dialog;
  setDialog: (dialog: Dialog) => void;
  submission: Pick<SaleSubmission, 'createSale' | 'takenTickets'>;
  /** The loto carton picker, opened apart from the other dialogs. */
  cartons: { open: boolean; close: () => void };
  onReaderChosen: Parameters<typeof CardReaderChooser>[0]['onChoose'];
  onPendingChanged: () => void;
}

export function SaleDialogs({ screen, dialog, setDialog, submission, cartons, onReaderChosen, onPendingChanged }: SaleDialogsProps) {
  const { eventId, current, cartonSale, offline, setNotice } = screen;
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
          offline={offline.offeredTickets ? { numbers: offline.offeredTickets } : null}
          reserved={offline.blocks.reserved(raffle.id)}
          onCancel={close}
          onConfirm={(chosen) => {
            dispatch({ type: 'setTickets', tickets: chosen });
            close();
            setNotice(null);
          }}
        />
      )}
      {cartons.open && cartonSale.night && (
        <CartonPicker
          night={cartonSale.night}
          allowed={cartonSale.allowed}
          initial={cartonSale.cartons}
          onCancel={cartons.close}
          onConfirm={(chosen) => {
            cartonSale.set(chosen);
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
