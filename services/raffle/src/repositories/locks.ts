import type { Db, Trx } from '@kermesse/kit/db';

/**
 * Advisory lock classes: a claim takes the shared lock of each raffle (gift basket) it touches,
 * closing the sales (weighing a basket, reserving a ticket block) takes the exclusive one. Lighter
 * than sharing a row lock on the raffle among every register (no tuple written per claim).
 */
export const RAFFLE_LOCK_CLASS = 4201;
export const GIFT_BASKET_LOCK_CLASS = 4202;

/** Waits for the claims in progress on this raffle to commit; later ones see what this transaction writes. */
export async function lockRaffleExclusive(trx: Db | Trx, raffleId: number): Promise<void> {
  await trx.raw('select pg_advisory_xact_lock(?, ?)', [RAFFLE_LOCK_CLASS, raffleId]);
}

export async function lockGiftBasketExclusive(trx: Db | Trx, basketId: number): Promise<void> {
  await trx.raw('select pg_advisory_xact_lock(?, ?)', [GIFT_BASKET_LOCK_CLASS, basketId]);
}

/** A claim's share of the raffles it touches: they stay open until the claim commits. */
export async function lockRafflesShared(trx: Trx, raffleIds: number[]): Promise<void> {
  await trx.raw('select pg_advisory_xact_lock_shared(?, id) from unnest(?::int[]) as id', [RAFFLE_LOCK_CLASS, raffleIds]);
}

export async function lockGiftBasketsShared(trx: Trx, basketIds: number[]): Promise<void> {
  await trx.raw('select pg_advisory_xact_lock_shared(?, id) from unnest(?::int[]) as id', [GIFT_BASKET_LOCK_CLASS, basketIds]);
}
