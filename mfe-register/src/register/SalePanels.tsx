/**
 * The parts of « Vente en cours » built from the current sale, so the sales screen passes one object
 * instead of wiring each field: the sale's details (buyer, cart lines, donation, receipt wish) and the
 * ticket buttons (raffle numbers, bets, loto cartons) shown while such tickets are in the cart.
 */
import type { RefObject } from 'react';
import { BuyerPanel } from './BuyerPanel';
import { CartPanel } from './CartPanel';
import { CartonButton, type CartonSale } from './CartonPicker';
import { DonationPanel } from './DonationPanel';
import { ReceiptChoice, TicketButtons } from './SaleControls';
import type { CurrentSale } from './useSale';

export function SaleDetails({
  current,
  searchRef,
  onAskReceipt,
}: {
  current: Pick<CurrentSale, 'sale' | 'dispatch'>;
  searchRef: RefObject<HTMLInputElement | null>;
  onAskReceipt: (method: 'sms' | 'email') => void;
}) {
  const { sale, dispatch } = current;
  return (
    <>
      <BuyerPanel
        person={sale.person}
        onPerson={(person) => {
          dispatch({ type: 'setPerson', person });
          // Once the buyer is known, the keyboard goes back to the products.
          if (person) setTimeout(() => searchRef.current?.focus(), 0);
        }}
      />
      <CartPanel
        lines={sale.lines}
        onQuantity={(productId, quantity) => dispatch({ type: 'setQuantity', productId, quantity })}
        onRemove={(productId) => dispatch({ type: 'removeLine', productId })}
      />
      <DonationPanel onDonate={(amountCents) => dispatch({ type: 'addDonation', amountCents })} />
      <ReceiptChoice receipt={sale.receipt} onNone={() => dispatch({ type: 'setReceipt', receipt: null })} onAsk={onAskReceipt} />
    </>
  );
}

export function SaleTickets({
  current,
  cartonSale,
  onOpen,
}: {
  current: Pick<CurrentSale, 'sale' | 'ticketsAllowed' | 'betsAllowed' | 'raffle' | 'giftBasket'>;
  cartonSale: CartonSale;
  onOpen: (picker: 'tickets' | 'bets' | 'cartons') => void;
}) {
  const { sale, ticketsAllowed, betsAllowed, raffle, giftBasket } = current;
  return (
    <>
      <TicketButtons
        tickets={{ chosen: sale.tickets.length, allowed: ticketsAllowed, available: Boolean(raffle) }}
        bets={{ chosen: sale.bets.length, allowed: betsAllowed, available: Boolean(giftBasket) }}
        onTickets={() => onOpen('tickets')}
        onBets={() => onOpen('bets')}
      />
      <CartonButton sale={cartonSale} onOpen={() => onOpen('cartons')} />
    </>
  );
}
