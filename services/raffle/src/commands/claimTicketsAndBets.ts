/**
 * Ticket claims (docs/platform.md « Ticket claims »): a register holds raffle numbers and bet
 * weights for a sale it is about to write. All or nothing, enforced by the primary keys
 * `tickets (raffle_id, number)` and `bets (gift_basket_id, weight)`: concurrent claims on the same
 * number queue on the key, and only one of them finds it free.
 */
import { createHash } from 'node:crypto';
import { type Db, type Trx } from '@kermesse/kit/db';
import { formatWeight } from '@kermesse/contracts-common';
import type { ClaimAnswer, ClaimedBet, ClaimedTicket } from '@kermesse/contracts-raffle';
import { raffleError, takenError } from '../errors.ts';
import { ticketsReservedElsewhere } from '../repositories/ticketBlocks.ts';
import {
  basketTypesAmong,
  giftBasketIdsAmong,
  holdBets,
  holdClaim,
  holdTickets,
  lockClaim,
  rafflesForClaim,
} from '../repositories/claims.ts';
import { lockGiftBasketsShared, lockRafflesShared } from '../repositories/locks.ts';

export interface ClaimInput {
  claimId: string;
  tickets: ClaimedTicket[];
  bets: ClaimedBet[];
  /** The claiming register: numbers of its own offline block are its to sell (blocks/). */
  checkoutId?: number;
}

/** 409 `TICKET_TAKEN` / `BET_TAKEN`: some numbers or weights are taken; nothing was held. */
export function claimConflict(taken: { tickets: ClaimedTicket[]; bets: ClaimedBet[] }) {
  return takenError(takenMessage(taken), {
    numbers: taken.tickets.map((t) => t.number),
    weights: taken.bets.map((b) => b.weight),
    tickets: taken.tickets,
    bets: taken.bets,
  });
}

/** « Ces numéros de tombola viennent d'être vendus : 12, 45. Choisissez-en d'autres. » and the like. */
export function takenMessage(taken: { tickets: ClaimedTicket[]; bets: ClaimedBet[] }): string {
  const parts: string[] = [];
  const numbers = taken.tickets.map((t) => t.number);
  if (numbers.length === 1) parts.push(`Ce numéro de tombola vient d'être vendu : ${numbers[0]}. Choisissez-en un autre.`);
  else if (numbers.length > 1) parts.push(`Ces numéros de tombola viennent d'être vendus : ${numbers.join(', ')}. Choisissez-en d'autres.`);
  const weights = taken.bets.map((b) => formatWeight(b.weight));
  if (weights.length === 1) parts.push(`Ce poids a déjà été choisi : ${weights[0]}. Choisissez-en un autre.`);
  else if (weights.length > 1) parts.push(`Ces poids ont déjà été choisis : ${weights.join(', ')}. Choisissez-en d'autres.`);
  return parts.join(' ');
}

const PG_DEADLOCK = '40P01';

const PG_UNIQUE = '23505';

/** Holds every requested number and weight for `ttlMs`, or none (claimConflict). Idempotent per claimId. */
export async function claimTicketsAndBets(db: Db, input: ClaimInput, ttlMs: number): Promise<ClaimAnswer> {
  const tickets = [...input.tickets].sort((a, b) => a.raffleId - b.raffleId || a.number - b.number);
  const bets = [...input.bets].sort((a, b) => a.giftBasketId - b.giftBasketId || a.weight - b.weight);
  if (tickets.length === 0 && bets.length === 0) throw raffleError('CLAIM_EMPTY');
  for (let i = 1; i < tickets.length; i += 1) {
    const [a, b] = [tickets[i - 1]!, tickets[i]!];
    if (a.raffleId === b.raffleId && a.number === b.number)
      throw raffleError('CLAIM_DUPLICATE', `Le numéro ${b.number} est demandé deux fois.`);
  }
  for (let i = 1; i < bets.length; i += 1) {
    const [a, b] = [bets[i - 1]!, bets[i]!];
    if (a.giftBasketId === b.giftBasketId && a.weight === b.weight) {
      throw raffleError(
        'CLAIM_DUPLICATE',
        a.typeId === b.typeId ? 'Ce pari a déjà été sélectionné.' : `Le poids ${formatWeight(b.weight)} est demandé deux fois.`,
      );
    }
  }
  const fingerprint = createHash('sha256').update(JSON.stringify({ tickets, bets })).digest('hex');
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await db.transaction((trx) => claimIn(trx, input.claimId, tickets, bets, fingerprint, ttlMs, input.checkoutId));
    } catch (err) {
      const code = (err as { code?: string }).code;
      // A deadlock cannot happen between two claims (keys are taken in order) but may with the
      // sweeper; the same claimId sent twice at once meets the claims primary key: try again.
      if ((code === PG_DEADLOCK || code === PG_UNIQUE) && attempt < 3) continue;
      throw err;
    }
  }
}

async function claimIn(
  trx: Trx,
  claimId: string,
  tickets: ClaimedTicket[],
  bets: ClaimedBet[],
  fingerprint: string,
  ttlMs: number,
  checkoutId?: number,
): Promise<ClaimAnswer> {
  const existing = await lockClaim(trx, claimId);
  if (existing) {
    if (existing.fingerprint !== fingerprint) {
      throw raffleError('CLAIM_MISMATCH');
    }
    if (existing.status === 'confirmed' || (existing.status === 'held' && existing.live)) {
      return { claimId, expiresAt: (existing.expires_at as Date).toISOString() };
    }
    // Released or expired: claimed again below, if its numbers are still free.
  }

  await checkRaffles(trx, tickets);
  await checkBaskets(trx, bets);
  // Numbers kept for another register's offline sales are not this one's to sell.
  const reserved = await ticketsReservedElsewhere(trx, tickets, checkoutId);
  if (reserved.length) throw claimConflict({ tickets: reserved, bets: [] });

  const expiresAt = await holdClaim(trx, claimId, fingerprint, ttlMs);
  const takenTickets = await holdTickets(trx, claimId, expiresAt, tickets);
  const takenBets = await holdBets(trx, claimId, expiresAt, bets);

  if (takenTickets.length || takenBets.length) throw claimConflict({ tickets: takenTickets, bets: takenBets });
  return { claimId, expiresAt: expiresAt.toISOString() };
}

/** Every raffle exists, sells, and knows the numbers asked for. Holds the raffles open until the claim commits. */
async function checkRaffles(trx: Trx, tickets: ClaimedTicket[]): Promise<void> {
  if (!tickets.length) return;
  const ids = [...new Set(tickets.map((t) => t.raffleId))];
  await lockRafflesShared(trx, ids);
  const rows = await rafflesForClaim(trx, ids);
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const id of ids) {
    const raffle = byId.get(id);
    if (!raffle) throw raffleError('RAFFLE_NOT_FOUND', id);
    if (raffle.sales_closed_at) throw raffleError('SALES_CLOSED', raffle.name);
  }
  for (const t of tickets) {
    const raffle = byId.get(t.raffleId)!;
    if (t.number > raffle.total_tickets) {
      throw raffleError('TICKET_UNKNOWN', t.number, raffle.name, raffle.total_tickets);
    }
  }
}

/** Every basket exists, every type is one of its baskets and is not weighed yet. */
async function checkBaskets(trx: Trx, bets: ClaimedBet[]): Promise<void> {
  if (!bets.length) return;
  const basketIds = [...new Set(bets.map((b) => b.giftBasketId))];
  await lockGiftBasketsShared(trx, basketIds);
  const baskets = await giftBasketIdsAmong(trx, basketIds);
  for (const id of basketIds) if (!baskets.includes(id)) throw raffleError('GIFT_BASKET_NOT_FOUND', id);
  const typeIds = [...new Set(bets.map((b) => b.typeId))];
  const types = await basketTypesAmong(trx, typeIds);
  for (const bet of bets) {
    const type = types.find((t) => t.id === bet.typeId);
    if (!type || type.gift_basket_id !== bet.giftBasketId) throw raffleError('BET_TYPE_MISMATCH', bet.typeId, bet.giftBasketId);
    if (type.real_weight !== null) throw raffleError('BETS_CLOSED', type.name);
  }
}
