/**
 * Cartons sold at the register like raffle tickets (docs/platform.md « Ticket claims »): before a
 * sale with cartons is written, the register claims their numbers here, synchronously; once the sale
 * is written it confirms the claim (with the buyer when known), or releases it when the sale failed.
 * All or nothing, enforced by the primary key `carton_sales (bingo_id, number)`: two registers
 * claiming the same carton at once queue on the key and only one of them finds it free. A held
 * carton whose claim expired (a register that died mid-sale) may be claimed again.
 * `sale.completed` confirms the claim too (the register's confirmation may have been lost).
 */
import { createHash } from 'node:crypto';
import { badRequest, conflict, type Db, type Trx } from '@kermesse/kit';
import type { CartonBuyer, CartonClaimAnswer, CartonClaimInput } from '@kermesse/contracts-bingo';
import { bingoBadRequest, bingoConflict, bingoNotFound } from '../errors.ts';

/** A claim lives 10 minutes unless confirmed (as the raffle's). */
export const CARTON_CLAIM_TTL_MS = 10 * 60_000;

const PG_UNIQUE = '23505';
const PG_DEADLOCK = '40P01';


const buyerName = (buyer: CartonBuyer | null | undefined): string | null => {
  const name = buyer ? `${buyer.firstname} ${buyer.lastname}`.trim() : '';
  return name || null;
};

/** Holds every carton of the claim for `ttlMs`, or none (409 CARTON_TAKEN / CARTONS_TAKEN with the numbers). Idempotent per claimId. */
export async function claimCartons(db: Db, input: CartonClaimInput, ttlMs = CARTON_CLAIM_TTL_MS): Promise<CartonClaimAnswer> {
  const cartons = [...input.cartons].sort((a, b) => a.bingoId - b.bingoId || a.number - b.number);
  for (let i = 1; i < cartons.length; i += 1) {
    const [a, b] = [cartons[i - 1]!, cartons[i]!];
    if (a.bingoId === b.bingoId && a.number === b.number) throw bingoBadRequest('CARTON_TWICE', { number: b.number });
  }
  const fingerprint = createHash('sha256').update(JSON.stringify(cartons)).digest('hex');
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await db.transaction((trx) => claimIn(trx, input.claimId, cartons, fingerprint, ttlMs));
    } catch (err) {
      const code = (err as { code?: string }).code;
      // The same claimId sent twice at once meets the claims primary key: try again (it is idempotent).
      if ((code === PG_DEADLOCK || code === PG_UNIQUE) && attempt < 3) continue;
      throw err;
    }
  }
}

async function claimIn(trx: Trx, claimId: string, cartons: CartonClaimInput['cartons'], fingerprint: string, ttlMs: number): Promise<CartonClaimAnswer> {
  const existing = await trx('carton_claims').where({ claim_id: claimId }).forUpdate()
    .first('fingerprint', 'status', 'expires_at', trx.raw('expires_at > now() as live'));
  if (existing) {
    if (existing.fingerprint !== fingerprint) throw bingoConflict('CLAIM_MISMATCH');
    if (existing.status === 'confirmed' || (existing.status === 'held' && existing.live)) {
      return { claimId, expiresAt: (existing.expires_at as Date).toISOString() };
    }
  }

  // Every night on sale, every carton printed for it.
  for (const bingoId of new Set(cartons.map((c) => c.bingoId))) {
    const night: { sales_open: boolean } | undefined = await trx('nights').where({ id: bingoId }).forShare().first('sales_open');
    if (!night) throw bingoNotFound();
    if (!night.sales_open) throw bingoBadRequest('CARTON_SALES_CLOSED', { bingoId });
    const numbers = cartons.filter((c) => c.bingoId === bingoId).map((c) => c.number);
    const { rows } = await trx.raw('select number from cartons where bingo_id = ? and number = any(?::int[])', [bingoId, numbers]) as { rows: Array<{ number: number }> };
    const known = new Set(rows.map((r) => r.number));
    const unknown = numbers.filter((n) => !known.has(n));
    if (unknown.length) {
      const total = await trx('cartons').where({ bingo_id: bingoId }).first(trx.raw('coalesce(max(number), 0)::int as total'));
      const count = (total as { total: number }).total;
      throw badRequest(unknownMessage(unknown, count)).withCode('CARTON_UNKNOWN', { bingoId, numbers: unknown, total: count });
    }
  }

  const [claim] = (await trx.raw(
    `insert into carton_claims (claim_id, fingerprint, status, expires_at) values (?, ?, 'held', now() + ? * interval '1 millisecond')
     on conflict (claim_id) do update set fingerprint = excluded.fingerprint, status = 'held', expires_at = excluded.expires_at, sale_id = null
     returning expires_at`,
    [claimId, fingerprint, ttlMs],
  )).rows as Array<{ expires_at: Date }>;
  const expiresAt = claim!.expires_at;

  // Sorted inserts: two claims take their keys in the same order, so they never deadlock.
  const { rows } = await trx.raw(
    `insert into carton_sales (bingo_id, number, claim_id, status, expires_at)
     select x.b, x.n, ?::uuid, 'held', ?::timestamptz from unnest(?::int[], ?::int[]) with ordinality as x(b, n, o) order by x.o
     on conflict (bingo_id, number) do update set claim_id = excluded.claim_id, status = 'held', expires_at = excluded.expires_at,
       sale_id = null, sale_reference = null, buyer_name = null, buyer_email = null, buyer_phone = null, sold_at = null
     where carton_sales.status = 'held' and (carton_sales.expires_at <= now() or carton_sales.claim_id = excluded.claim_id)
     returning bingo_id, number`,
    [claimId, expiresAt, cartons.map((c) => c.bingoId), cartons.map((c) => c.number)],
  ) as { rows: Array<{ bingo_id: number; number: number }> };
  const held = new Set(rows.map((r) => `${r.bingo_id}:${r.number}`));
  const taken = cartons.filter((c) => !held.has(`${c.bingoId}:${c.number}`));
  if (taken.length) {
    // Thrown inside the transaction: nothing of this claim stays held.
    throw conflict(takenMessage(taken.map((c) => c.number))).withCode(taken.length === 1 ? 'CARTON_TAKEN' : 'CARTONS_TAKEN', { taken });
  }
  return { claimId, expiresAt: expiresAt.toISOString() };
}

/** « Le carton n° 12 vient d'être vendu par une autre caisse… » */
export function takenMessage(numbers: number[]): string {
  return numbers.length === 1
    ? `Le carton n° ${numbers[0]} vient d’être vendu par une autre caisse : rendez-le et donnez-en un autre.`
    : `Les cartons n° ${numbers.join(', ')} viennent d’être vendus par une autre caisse : rendez-les et donnez-en d’autres.`;
}

export function unknownMessage(numbers: number[], total: number): string {
  const range = total > 0 ? ` (cartons 1 à ${total})` : ' (aucun carton imprimé)';
  return numbers.length === 1
    ? `Le carton n° ${numbers[0]} n'existe pas pour cette soirée${range}.`
    : `Les cartons n° ${numbers.join(', ')} n'existent pas pour cette soirée${range}.`;
}

/** The sale is written: its cartons are sold for good, to the buyer when known. Idempotent. */
export async function confirmCartonClaim(
  db: Db | Trx, claimId: string, sale: { saleId: number; reference?: string | null; buyer?: CartonBuyer | null },
): Promise<number> {
  const run = async (trx: Trx) => {
    await trx('carton_claims').where({ claim_id: claimId }).update({ status: 'confirmed', sale_id: sale.saleId });
    const buyer = sale.buyer ?? null;
    // A carton already voided by a refund stays voided.
    return trx('carton_sales').where({ claim_id: claimId }).whereIn('status', ['held', 'sold']).update({
      status: 'sold', expires_at: null, sale_id: sale.saleId,
      sale_reference: trx.raw('coalesce(?, sale_reference)', [sale.reference ?? null]),
      buyer_name: trx.raw('coalesce(?, buyer_name)', [buyerName(buyer)]),
      buyer_email: trx.raw('coalesce(?, buyer_email)', [buyer?.email || null]),
      buyer_phone: trx.raw('coalesce(?, buyer_phone)', [buyer?.phone || null]),
      sold_at: trx.raw('coalesce(sold_at, now())'),
    });
  };
  return (db as Trx).isTransaction ? run(db as Trx) : (db as Db).transaction(run);
}

/** The sale failed: its held cartons go back on sale. Idempotent; a confirmed claim is kept. */
export async function releaseCartonClaim(db: Db, claimId: string): Promise<void> {
  await db.transaction(async (trx) => {
    const claim: { status: string } | undefined = await trx('carton_claims').where({ claim_id: claimId }).forUpdate().first('status');
    if (!claim || claim.status === 'confirmed') return;
    await trx('carton_sales').where({ claim_id: claimId, status: 'held' }).del();
    await trx('carton_claims').where({ claim_id: claimId }).update({ status: 'released' });
  });
}

/**
 * `sale.completed` with cartons: confirms the claim with the buyer; cartons whose claim was lost
 * (expired and released) are recorded as sold when still free. Runs in the consumer's transaction.
 */
export async function recordCartonSale(trx: Trx, sale: {
  saleId: number; reference: string; cartonClaimId?: string | null; cartons?: Array<{ bingoId: number; number: number }>;
  buyer: { firstname: string; lastname: string; email?: string | null; phone?: string | null } | null;
}): Promise<void> {
  const cartons = sale.cartons ?? [];
  if (!cartons.length) return;
  if (sale.cartonClaimId) await confirmCartonClaim(trx, sale.cartonClaimId, { saleId: sale.saleId, reference: sale.reference, buyer: sale.buyer });
  const buyer = sale.buyer;
  await trx.raw(
    `insert into carton_sales (bingo_id, number, claim_id, status, sale_id, sale_reference, buyer_name, buyer_email, buyer_phone, sold_at)
     select x.b, x.n, ?::uuid, 'sold', ?, ?, ?, ?, ?, now() from unnest(?::int[], ?::int[]) as x(b, n)
     where exists (select 1 from cartons c where c.bingo_id = x.b and c.number = x.n)
     on conflict (bingo_id, number) do update set sale_id = excluded.sale_id, buyer_name = excluded.buyer_name,
       buyer_email = excluded.buyer_email, buyer_phone = excluded.buyer_phone, sold_at = excluded.sold_at
     -- A carton voided by a refund read before its sale stays voided, with its buyer.
     where carton_sales.status = 'voided' and carton_sales.sale_id is null`,
    [sale.cartonClaimId ?? '00000000-0000-0000-0000-000000000000', sale.saleId, sale.reference, buyerName(buyer), buyer?.email || null, buyer?.phone || null,
      cartons.map((c) => c.bingoId), cartons.map((c) => c.number)],
  );
}

/**
 * `sale.refunded` with cartons (issue 12): the refunded cartons are voided — the win check answers
 * « Carton remboursé : il ne peut pas gagner. » and they are never claimed again (the buyer may keep
 * the paper carton). A carton whose sale.completed was not read yet is recorded voided directly (its
 * later confirmation keeps it voided). Runs in the consumer's transaction; idempotent.
 */
export async function voidRefundedCartons(trx: Trx, refund: {
  refundId: string; reference: string; cartons?: Array<{ bingoId: number; number: number }>;
}): Promise<number> {
  const cartons = refund.cartons ?? [];
  if (!cartons.length) return 0;
  const { rows } = await trx.raw(
    `insert into carton_sales (bingo_id, number, claim_id, status, sale_reference, refund_id, voided_at)
     select x.b, x.n, '00000000-0000-0000-0000-000000000000'::uuid, 'voided', ?, ?::uuid, now() from unnest(?::int[], ?::int[]) as x(b, n)
     where exists (select 1 from cartons c where c.bingo_id = x.b and c.number = x.n)
     on conflict (bingo_id, number) do update set status = 'voided', expires_at = null, refund_id = excluded.refund_id,
       voided_at = coalesce(carton_sales.voided_at, excluded.voided_at)
     returning number`,
    [refund.reference, refund.refundId, cartons.map((c) => c.bingoId), cartons.map((c) => c.number)],
  ) as { rows: Array<{ number: number }> };
  return rows.length;
}
