/**
 * Ticket claims (docs/platform.md « Ticket claims »): a register holds raffle numbers and bet
 * weights for a sale it is about to write. All or nothing, enforced by the primary keys
 * `tickets (raffle_id, number)` and `bets (gift_basket_id, weight)`: concurrent claims on the same
 * number queue on the key, and only one of them finds it free.
 */
import { createHash } from 'node:crypto';
import { badRequest, conflict, notFound, type Db, type Trx } from '@kermesse/kit';
import { formatWeight } from '../weight.ts';
import { ticketsReservedElsewhere } from '../blocks/blocks.ts';

export interface ClaimedTicket { raffleId: number; number: number }
export interface ClaimedBet { giftBasketId: number; typeId: number; weight: number }

export interface ClaimInput {
  claimId: string;
  tickets: ClaimedTicket[];
  bets: ClaimedBet[];
  /** The claiming register: numbers of its own offline block are its to sell (blocks/). */
  checkoutId?: number;
}

export interface ClaimAnswer { claimId: string; expiresAt: string }

/** A claim refused because some numbers or weights are taken; nothing was held. */
export class ClaimConflictError extends Error {
  readonly taken: { tickets: ClaimedTicket[]; bets: ClaimedBet[] };

  constructor(taken: { tickets: ClaimedTicket[]; bets: ClaimedBet[] }) {
    super(takenMessage(taken));
    this.name = 'ClaimConflictError';
    this.taken = taken;
  }
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

/**
 * Advisory lock classes: a claim takes the shared lock of each raffle (gift basket) it touches,
 * closing the sales (weighing a basket) takes the exclusive one. Lighter than sharing a row lock
 * on the raffle among every register (no tuple written per claim).
 */
export const RAFFLE_LOCK_CLASS = 4201;
export const GIFT_BASKET_LOCK_CLASS = 4202;
const PG_UNIQUE = '23505';

/** Holds every requested number and weight for `ttlMs`, or none (ClaimConflictError). Idempotent per claimId. */
export async function claimTicketsAndBets(db: Db, input: ClaimInput, ttlMs: number): Promise<ClaimAnswer> {
  const tickets = [...input.tickets].sort((a, b) => a.raffleId - b.raffleId || a.number - b.number);
  const bets = [...input.bets].sort((a, b) => a.giftBasketId - b.giftBasketId || a.weight - b.weight);
  if (tickets.length === 0 && bets.length === 0) throw badRequest('La réservation ne contient aucun ticket ni pari.');
  for (let i = 1; i < tickets.length; i += 1) {
    const [a, b] = [tickets[i - 1]!, tickets[i]!];
    if (a.raffleId === b.raffleId && a.number === b.number) throw badRequest(`Le numéro ${b.number} est demandé deux fois.`);
  }
  for (let i = 1; i < bets.length; i += 1) {
    const [a, b] = [bets[i - 1]!, bets[i]!];
    if (a.giftBasketId === b.giftBasketId && a.weight === b.weight) {
      throw badRequest(a.typeId === b.typeId ? 'Ce pari a déjà été sélectionné.' : `Le poids ${formatWeight(b.weight)} est demandé deux fois.`);
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

async function claimIn(trx: Trx, claimId: string, tickets: ClaimedTicket[], bets: ClaimedBet[], fingerprint: string, ttlMs: number, checkoutId?: number): Promise<ClaimAnswer> {
  const existing = await trx('claims').where({ claim_id: claimId }).forUpdate()
    .first('fingerprint', 'status', 'expires_at', trx.raw('expires_at > now() as live'));
  if (existing) {
    if (existing.fingerprint !== fingerprint) {
      throw conflict('Cette réservation existe déjà avec une autre sélection de tickets ou de paris.');
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
  if (reserved.length) throw new ClaimConflictError({ tickets: reserved, bets: [] });

  const [claim] = (await trx.raw(
    `insert into claims (claim_id, fingerprint, status, expires_at) values (?, ?, 'held', now() + ? * interval '1 millisecond')
     on conflict (claim_id) do update set fingerprint = excluded.fingerprint, status = 'held', expires_at = excluded.expires_at, sale_id = null, settled_at = null
     returning expires_at`,
    [claimId, fingerprint, ttlMs],
  )).rows as Array<{ expires_at: Date }>;
  const expiresAt = claim!.expires_at;

  const takenTickets: ClaimedTicket[] = [];
  if (tickets.length) {
    const { rows } = await trx.raw(
      `insert into tickets (raffle_id, number, status, claim_id, expires_at)
       select x.r, x.n, 'held', ?::uuid, ?::timestamptz from unnest(?::int[], ?::int[]) with ordinality as x(r, n, o) order by x.o
       on conflict (raffle_id, number) do update set status = 'held', claim_id = excluded.claim_id, expires_at = excluded.expires_at,
         sale_id = null, sale_reference = null, person_id = null, firstname = null, lastname = null, email = null, phone = null, sold_at = null
       where tickets.status = 'held' and (tickets.expires_at <= now() or tickets.claim_id = excluded.claim_id)
       returning raffle_id, number`,
      [claimId, expiresAt, tickets.map((t) => t.raffleId), tickets.map((t) => t.number)],
    ) as { rows: Array<{ raffle_id: number; number: number }> };
    const held = new Set(rows.map((r) => `${r.raffle_id}:${r.number}`));
    for (const t of tickets) if (!held.has(`${t.raffleId}:${t.number}`)) takenTickets.push(t);
  }

  const takenBets: ClaimedBet[] = [];
  if (bets.length) {
    const { rows } = await trx.raw(
      `insert into bets (gift_basket_id, weight, type_id, status, claim_id, expires_at)
       select x.g, x.w, x.t, 'held', ?::uuid, ?::timestamptz from unnest(?::int[], ?::int[], ?::int[]) with ordinality as x(g, w, t, o) order by x.o
       on conflict (gift_basket_id, weight) do update set type_id = excluded.type_id, status = 'held', claim_id = excluded.claim_id, expires_at = excluded.expires_at,
         sale_id = null, sale_reference = null, person_id = null, firstname = null, lastname = null, email = null, phone = null, sold_at = null
       where bets.status = 'held' and (bets.expires_at <= now() or bets.claim_id = excluded.claim_id)
       returning gift_basket_id, weight`,
      [claimId, expiresAt, bets.map((b) => b.giftBasketId), bets.map((b) => b.weight), bets.map((b) => b.typeId)],
    ) as { rows: Array<{ gift_basket_id: number; weight: number }> };
    const held = new Set(rows.map((r) => `${r.gift_basket_id}:${r.weight}`));
    for (const b of bets) if (!held.has(`${b.giftBasketId}:${b.weight}`)) takenBets.push(b);
  }

  if (takenTickets.length || takenBets.length) throw new ClaimConflictError({ tickets: takenTickets, bets: takenBets });
  return { claimId, expiresAt: expiresAt.toISOString() };
}

/** Every raffle exists, sells, and knows the numbers asked for. Holds the raffles open until the claim commits. */
async function checkRaffles(trx: Trx, tickets: ClaimedTicket[]): Promise<void> {
  if (!tickets.length) return;
  const ids = [...new Set(tickets.map((t) => t.raffleId))];
  await trx.raw('select pg_advisory_xact_lock_shared(?, id) from unnest(?::int[]) as id', [RAFFLE_LOCK_CLASS, ids]);
  const rows: Array<{ id: number; name: string; total_tickets: number; sales_closed_at: Date | null }> = await trx('raffles')
    .whereIn('id', ids).select('id', 'name', 'total_tickets', 'sales_closed_at');
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const id of ids) {
    const raffle = byId.get(id);
    if (!raffle) throw notFound(`Tombola n° ${id} introuvable.`);
    if (raffle.sales_closed_at) throw conflict(`La vente des tickets de la tombola « ${raffle.name} » est close.`);
  }
  for (const t of tickets) {
    const raffle = byId.get(t.raffleId)!;
    if (t.number > raffle.total_tickets) {
      throw badRequest(`Le numéro ${t.number} n'existe pas dans la tombola « ${raffle.name} » (numéros 1 à ${raffle.total_tickets}).`);
    }
  }
}

/** Every basket exists, every type is one of its baskets and is not weighed yet. */
async function checkBaskets(trx: Trx, bets: ClaimedBet[]): Promise<void> {
  if (!bets.length) return;
  const basketIds = [...new Set(bets.map((b) => b.giftBasketId))];
  await trx.raw('select pg_advisory_xact_lock_shared(?, id) from unnest(?::int[]) as id', [GIFT_BASKET_LOCK_CLASS, basketIds]);
  const baskets: Array<{ id: number }> = await trx('gift_baskets').whereIn('id', basketIds).select('id');
  for (const id of basketIds) if (!baskets.some((b) => b.id === id)) throw notFound(`Panier garni n° ${id} introuvable.`);
  const typeIds = [...new Set(bets.map((b) => b.typeId))];
  const types: Array<{ id: number; gift_basket_id: number; name: string; real_weight: number | null }> = await trx('gift_basket_types')
    .whereIn('id', typeIds).select('id', 'gift_basket_id', 'name', 'real_weight');
  for (const bet of bets) {
    const type = types.find((t) => t.id === bet.typeId);
    if (!type || type.gift_basket_id !== bet.giftBasketId) throw badRequest(`Le type de pari n° ${bet.typeId} n'appartient pas au panier garni n° ${bet.giftBasketId}.`);
    if (type.real_weight !== null) throw conflict(`Les paris sur « ${type.name} » sont clos : le panier a déjà été pesé.`);
  }
}

/** Frees what a claim holds (its sale failed). Idempotent; a claim already confirmed by a sale stays. */
export async function releaseClaim(db: Db, claimId: string): Promise<void> {
  await db.transaction(async (trx) => {
    const claim = await trx('claims').where({ claim_id: claimId }).forUpdate().first('status');
    if (!claim) return;
    if (claim.status === 'confirmed') throw conflict('Cette réservation est déjà confirmée par une vente : elle ne peut plus être libérée.');
    await trx('tickets').where({ claim_id: claimId, status: 'held' }).delete();
    await trx('bets').where({ claim_id: claimId, status: 'held' }).delete();
    await trx('claims').where({ claim_id: claimId }).update({ status: 'released', settled_at: trx.fn.now() });
  });
}

/**
 * The register's sale holding this claim is committed: its numbers and bets never expire any more
 * (a NATS outage longer than the claim's lifetime must not show sold numbers as free), whether or not
 * `sale.completed` has arrived yet. Idempotent.
 */
export async function confirmClaim(db: Db, claimId: string, saleId: number): Promise<void> {
  await db.transaction(async (trx) => {
    const claim = await trx('claims').where({ claim_id: claimId }).forUpdate().first('status');
    if (!claim) throw notFound('Réservation de tickets introuvable.');
    if (claim.status === 'released' || claim.status === 'expired') {
      throw conflict('Cette réservation de tickets a expiré ou a été libérée : elle ne peut plus être confirmée.');
    }
    const forever = trx.raw("'infinity'::timestamptz");
    await trx('claims').where({ claim_id: claimId }).update({ status: 'confirmed', sale_id: saleId, expires_at: forever, settled_at: trx.fn.now() });
    await trx('tickets').where({ claim_id: claimId, status: 'held' }).update({ expires_at: forever });
    await trx('bets').where({ claim_id: claimId, status: 'held' }).update({ expires_at: forever });
  });
}

/** Frees the numbers and weights of claims past their expiry (run periodically; correctness does not depend on it). */
export async function expireClaims(db: Db): Promise<number> {
  return db.transaction(async (trx) => {
    const tickets = await trx('tickets').where('status', 'held').where('expires_at', '<=', trx.fn.now()).delete();
    const bets = await trx('bets').where('status', 'held').where('expires_at', '<=', trx.fn.now()).delete();
    await trx('claims').where('status', 'held').where('expires_at', '<=', trx.fn.now()).update({ status: 'expired', settled_at: trx.fn.now() });
    return tickets + bets;
  });
}
