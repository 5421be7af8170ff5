/** The small controls of the current sale, split out of SalesScreen: receipt choice, ticket buttons, payment buttons. */
import { Button, classNames } from '@kermesse/ui-kit';
import { PAYMENT_MODE, type PaymentMode } from '../cart/payment';
import type { SaleState } from './saleState';
import { readerLabel, type ChosenReader } from './CardReaderChooser';
import { Kbd } from './icons';

/** Keyboard shortcuts of the sales screen (shown on the buttons). */
export const SHORTCUTS = { search: 'F2', cash: 'F4', cheque: 'F8', card: 'F9' } as const;

/** « Reçu » : Aucun, SMS or E-mail (the address is asked in a dialog). */
export function ReceiptChoice({
  receipt,
  onNone,
  onAsk,
}: {
  receipt: SaleState['receipt'];
  onNone: () => void;
  onAsk: (method: 'sms' | 'email') => void;
}) {
  return (
    <div className="reg-receipt" role="group" aria-label="Reçu">
      <span className="reg-receipt__label">Reçu</span>
      <button type="button" className={classNames('reg-seg', !receipt && 'reg-seg--on')} aria-pressed={!receipt} onClick={onNone}>
        Aucun
      </button>
      <button
        type="button"
        className={classNames('reg-seg', receipt?.method === 'sms' && 'reg-seg--on')}
        aria-pressed={receipt?.method === 'sms'}
        onClick={() => onAsk('sms')}
      >
        SMS
      </button>
      <button
        type="button"
        className={classNames('reg-seg', receipt?.method === 'email' && 'reg-seg--on')}
        aria-pressed={receipt?.method === 'email'}
        onClick={() => onAsk('email')}
      >
        E-mail
      </button>
      {receipt && <span className="reg-receipt__to">{receipt.to}</span>}
    </div>
  );
}

export interface TicketButtonsProps {
  tickets: { chosen: number; allowed: number; available: boolean };
  bets: { chosen: number; allowed: number; available: boolean };
  onTickets: () => void;
  onBets: () => void;
}

/** « Tombola n / m » and « Paris n / m », only while such tickets are in the cart (docs/spec.md §4). */
export function TicketButtons({ tickets, bets, onTickets, onBets }: TicketButtonsProps) {
  if (tickets.allowed === 0 && bets.allowed === 0) return null;
  return (
    <div className="reg-ticket-buttons">
      {tickets.allowed > 0 && (
        <Button
          variant={tickets.chosen === tickets.allowed ? 'ghost' : 'secondary'}
          disabled={!tickets.available}
          aria-label={`Tickets de tombola : ${tickets.chosen} / ${tickets.allowed}`}
          onClick={onTickets}
        >
          Tombola{' '}
          <span className="reg-pill">
            {tickets.chosen} / {tickets.allowed}
          </span>
        </Button>
      )}
      {bets.allowed > 0 && (
        <Button
          variant={bets.chosen > 0 ? 'ghost' : 'secondary'}
          disabled={!bets.available}
          aria-label={`Paris du panier garni : ${bets.chosen} / ${bets.allowed}`}
          onClick={onBets}
        >
          Paris{' '}
          <span className="reg-pill">
            {bets.chosen} / {bets.allowed}
          </span>
        </Button>
      )}
    </div>
  );
}

/** « Espèces », « CB », « Chèque », « Mettre en attente », and the card reader in use. */
export function PaymentButtons({
  disabled,
  reader,
  onPay,
  onChangeReader,
}: {
  disabled: boolean;
  reader: ChosenReader | undefined;
  onPay: (mode: PaymentMode) => void;
  onChangeReader: () => void;
}) {
  return (
    <>
      <div className="reg-pay" role="group" aria-label="Paiement">
        <Button
          className="reg-pay__button reg-pay__button--cash"
          disabled={disabled}
          onClick={() => onPay(PAYMENT_MODE.cash)}
          aria-keyshortcuts={SHORTCUTS.cash}
        >
          Espèces <Kbd>{SHORTCUTS.cash}</Kbd>
        </Button>
        <Button className="reg-pay__button" disabled={disabled} onClick={() => onPay(PAYMENT_MODE.card)} aria-keyshortcuts={SHORTCUTS.card}>
          CB <Kbd>{SHORTCUTS.card}</Kbd>
        </Button>
        <Button
          className="reg-pay__button"
          variant="secondary"
          disabled={disabled}
          onClick={() => onPay(PAYMENT_MODE.cheque)}
          aria-keyshortcuts={SHORTCUTS.cheque}
        >
          Chèque <Kbd>{SHORTCUTS.cheque}</Kbd>
        </Button>
        <Button className="reg-pay__button" variant="ghost" disabled={disabled} onClick={() => onPay(PAYMENT_MODE.hold)}>
          Mettre en attente
        </Button>
      </div>
      {reader && (
        <p className="reg-reader-line">
          Lecteur CB <strong>{readerLabel(reader.identifier)}</strong>{' '}
          <button type="button" className="reg-link" onClick={onChangeReader}>
            Changer de lecteur
          </button>
        </p>
      )}
    </>
  );
}
