/**
 * Claiming a sale's numbers (`POST /api/cr/sale/create`, second step): its raffle tickets and bets
 * from the raffle service, its loto cartons from the bingo service, before anything is written here
 * — two registers never sell the same number. Once the sale is committed they are confirmed (kept
 * for good now rather than when `sale.completed` arrives, which a NATS outage longer than the claim's
 * 10 minutes would delay past its expiry); when it fails they are released, back on sale.
 * Confirmation and release failures are only logged: `sale.completed` confirms too, a claim expires.
 */
import { randomUUID } from 'node:crypto';
import type { Logger } from '@kermesse/kit/http';
import type { BingoClient, CartonBuyer, RaffleClient } from '../claimsClient.ts';
import { unavailable } from '../errors.ts';
import type { PricedSale } from './pricing.ts';

export interface ClaimDeps {
  logger: Logger;
  raffle?: RaffleClient;
  bingo?: BingoClient;
}

/** The numbers a sale holds, under the ids its `sale.completed` event names. */
export interface SaleClaims {
  /** The raffle claim (tickets and bets), null when the sale has none. */
  claimId: string | null;
  /** The bingo claim (cartons), null when the sale has none. */
  cartonClaimId: string | null;
  tickets: Array<{ raffleId: number; number: number }>;
  bets: Array<{ giftBasketId: number; typeId: number; weight: number }>;
  cartons: Array<{ bingoId: number; number: number }>;
  /** Holds every number at both services, or none (a refused carton claim releases the tickets). */
  claim(): Promise<void>;
  /** The sale is committed. */
  confirm(saleId: number, reference: string, buyer: CartonBuyer | null | undefined): Promise<void>;
  /** The sale failed. */
  release(): Promise<void>;
}

/** The claims of a priced sale; ids are drawn now so the sale's event can name them. */
export function saleClaims(deps: ClaimDeps, sale: PricedSale, bearer: string): SaleClaims {
  const { priced, input } = sale;
  const tickets = sale.tickets.map((number) => ({ raffleId: priced.raffleId!, number }));
  const bets = sale.bets.map((b) => ({ giftBasketId: priced.giftBasketId!, ...b }));
  const { bingoId } = sale.cartons;
  const cartons = bingoId !== null ? sale.cartons.numbers.map((number) => ({ bingoId, number })) : [];
  const claimId = tickets.length || bets.length ? randomUUID() : null;
  const cartonClaimId = cartons.length ? randomUUID() : null;
  let ticketsHeld = false;
  let cartonsHeld = false;

  const release = async () => {
    if (cartonClaimId && cartonsHeld) {
      await deps.bingo!.release(cartonClaimId, bearer).catch((err: unknown) => {
        deps.logger.warn('carton claim release failed', { claimId: cartonClaimId, err: String(err) });
      });
    }
    if (claimId && ticketsHeld) {
      await deps.raffle!.release(claimId, bearer).catch((err: unknown) => {
        // The claim expires on its own after 10 minutes; say why the numbers stay held meanwhile.
        deps.logger.warn('claim release failed', { claimId, err: String(err) });
      });
    }
  };

  return {
    claimId,
    cartonClaimId,
    tickets,
    bets,
    cartons,
    async claim() {
      if (claimId) {
        if (!deps.raffle) throw unavailable('RAFFLE_UNAVAILABLE');
        // Numbers of this register's offline block are its own to sell.
        await deps.raffle.claim({ claimId, checkoutId: input.checkoutId, tickets, bets }, bearer);
        ticketsHeld = true;
      }
      if (cartonClaimId) {
        try {
          if (!deps.bingo) throw unavailable('BINGO_UNAVAILABLE');
          await deps.bingo.claim({ claimId: cartonClaimId, cartons }, bearer);
          cartonsHeld = true;
        } catch (err) {
          await release();
          throw err;
        }
      }
    },
    async confirm(saleId, reference, buyer) {
      if (claimId && ticketsHeld) {
        await deps.raffle!.confirm(claimId, saleId, bearer).catch((err: unknown) => {
          deps.logger.warn('claim confirmation failed; sale.completed will confirm it', { claimId, err: String(err) });
        });
      }
      if (cartonClaimId && cartonsHeld) {
        const who = buyer
          ? { firstname: buyer.firstname, lastname: buyer.lastname, email: buyer.email ?? null, phone: buyer.phone ?? null }
          : null;
        await deps.bingo!.confirm(cartonClaimId, { saleId, reference, buyer: who }, bearer).catch((err: unknown) => {
          deps.logger.warn('carton claim confirmation failed; sale.completed will confirm it', {
            claimId: cartonClaimId,
            err: String(err),
          });
        });
      }
    },
    release,
  };
}
