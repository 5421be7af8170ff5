/** Claims of raffle numbers and bet weights (docs/platform.md « Ticket claims ») and what they hold. */
import type { Db, Trx } from '@kermesse/kit/db';
import type { ClaimedBet, ClaimedTicket } from '@kermesse/contracts-raffle';

export interface ClaimRow {
  fingerprint: string;
  status: 'held' | 'confirmed' | 'released' | 'expired';
  expires_at: Date;
  /** Still within its lifetime. */
  live: boolean;
}

export const lockClaim = (trx: Trx, claimId: string): Promise<ClaimRow | undefined> =>
  trx('claims')
    .where({ claim_id: claimId })
    .forUpdate()
    .first('fingerprint', 'status', 'expires_at', trx.raw('expires_at > now() as live'));

/** Creates the claim, or holds a released or expired one again; returns its expiry. */
export async function holdClaim(trx: Trx, claimId: string, fingerprint: string, ttlMs: number): Promise<Date> {
  const [claim] = (
    await trx.raw(
      `insert into claims (claim_id, fingerprint, status, expires_at) values (?, ?, 'held', now() + ? * interval '1 millisecond')
     on conflict (claim_id) do update set fingerprint = excluded.fingerprint, status = 'held', expires_at = excluded.expires_at, sale_id = null, settled_at = null
     returning expires_at`,
      [claimId, fingerprint, ttlMs],
    )
  ).rows as Array<{ expires_at: Date }>;
  return claim!.expires_at;
}

/** Holds the numbers still free (or expired, or already this claim's); returns those it could not. */
export async function holdTickets(trx: Trx, claimId: string, expiresAt: Date, tickets: ClaimedTicket[]): Promise<ClaimedTicket[]> {
  if (!tickets.length) return [];
  const { rows } = (await trx.raw(
    `insert into tickets (raffle_id, number, status, claim_id, expires_at)
     select x.r, x.n, 'held', ?::uuid, ?::timestamptz from unnest(?::int[], ?::int[]) with ordinality as x(r, n, o) order by x.o
     on conflict (raffle_id, number) do update set status = 'held', claim_id = excluded.claim_id, expires_at = excluded.expires_at,
       sale_id = null, sale_reference = null, person_id = null, firstname = null, lastname = null, email = null, phone = null, sold_at = null
     where tickets.status = 'held' and (tickets.expires_at <= now() or tickets.claim_id = excluded.claim_id)
     returning raffle_id, number`,
    [claimId, expiresAt, tickets.map((t) => t.raffleId), tickets.map((t) => t.number)],
  )) as { rows: Array<{ raffle_id: number; number: number }> };
  const held = new Set(rows.map((r) => `${r.raffle_id}:${r.number}`));
  return tickets.filter((t) => !held.has(`${t.raffleId}:${t.number}`));
}

/** Holds the bet weights still free; returns those it could not. */
export async function holdBets(trx: Trx, claimId: string, expiresAt: Date, bets: ClaimedBet[]): Promise<ClaimedBet[]> {
  if (!bets.length) return [];
  const { rows } = (await trx.raw(
    `insert into bets (gift_basket_id, weight, type_id, status, claim_id, expires_at)
     select x.g, x.w, x.t, 'held', ?::uuid, ?::timestamptz from unnest(?::int[], ?::int[], ?::int[]) with ordinality as x(g, w, t, o) order by x.o
     on conflict (gift_basket_id, weight) do update set type_id = excluded.type_id, status = 'held', claim_id = excluded.claim_id, expires_at = excluded.expires_at,
       sale_id = null, sale_reference = null, person_id = null, firstname = null, lastname = null, email = null, phone = null, sold_at = null
     where bets.status = 'held' and (bets.expires_at <= now() or bets.claim_id = excluded.claim_id)
     returning gift_basket_id, weight`,
    [claimId, expiresAt, bets.map((b) => b.giftBasketId), bets.map((b) => b.weight), bets.map((b) => b.typeId)],
  )) as { rows: Array<{ gift_basket_id: number; weight: number }> };
  const held = new Set(rows.map((r) => `${r.gift_basket_id}:${r.weight}`));
  return bets.filter((b) => !held.has(`${b.giftBasketId}:${b.weight}`));
}

export const rafflesForClaim = (
  trx: Trx,
  ids: number[],
): Promise<Array<{ id: number; name: string; total_tickets: number; sales_closed_at: Date | null }>> =>
  trx('raffles').whereIn('id', ids).select('id', 'name', 'total_tickets', 'sales_closed_at');

export const giftBasketIdsAmong = async (trx: Trx, ids: number[]): Promise<number[]> =>
  ((await trx('gift_baskets').whereIn('id', ids).select('id')) as Array<{ id: number }>).map((b) => b.id);

export const basketTypesAmong = (
  trx: Trx,
  typeIds: number[],
): Promise<Array<{ id: number; gift_basket_id: number; name: string; real_weight: number | null }>> =>
  trx('gift_basket_types').whereIn('id', typeIds).select('id', 'gift_basket_id', 'name', 'real_weight');

export async function lockClaimStatus(trx: Trx, claimId: string): Promise<ClaimRow['status'] | undefined> {
  return ((await trx('claims').where({ claim_id: claimId }).forUpdate().first('status')) as { status: ClaimRow['status'] } | undefined)
    ?.status;
}

/** Frees what a claim still holds and marks it released. */
export async function releaseHeld(trx: Trx, claimId: string): Promise<void> {
  await trx('tickets').where({ claim_id: claimId, status: 'held' }).delete();
  await trx('bets').where({ claim_id: claimId, status: 'held' }).delete();
  await trx('claims').where({ claim_id: claimId }).update({ status: 'released', settled_at: trx.fn.now() });
}

/** The claim's numbers and bets never expire any more. */
export async function confirmHeld(trx: Trx, claimId: string, saleId: number): Promise<void> {
  const forever = trx.raw("'infinity'::timestamptz");
  await trx('claims')
    .where({ claim_id: claimId })
    .update({ status: 'confirmed', sale_id: saleId, expires_at: forever, settled_at: trx.fn.now() });
  await trx('tickets').where({ claim_id: claimId, status: 'held' }).update({ expires_at: forever });
  await trx('bets').where({ claim_id: claimId, status: 'held' }).update({ expires_at: forever });
}

/** Frees the numbers and weights of claims past their expiry; returns how many. */
export async function expireHeld(trx: Db | Trx): Promise<number> {
  const tickets = await trx('tickets').where('status', 'held').where('expires_at', '<=', trx.fn.now()).delete();
  const bets = await trx('bets').where('status', 'held').where('expires_at', '<=', trx.fn.now()).delete();
  await trx('claims')
    .where('status', 'held')
    .where('expires_at', '<=', trx.fn.now())
    .update({ status: 'expired', settled_at: trx.fn.now() });
  return tickets + bets;
}
