/** Carton claims and sales (the register's holds, sold and voided cartons): the SQL of commands/cartonSales.ts. */
import type { Trx } from '@kermesse/kit/db';

export interface CartonRef {
  bingoId: number;
  number: number;
}
export interface SaleBuyer {
  name: string | null;
  email: string | null;
  phone: string | null;
}

/** Claim ids recorded for cartons written without a claim (sale events of a lost claim, refunds). */
const NO_CLAIM = '00000000-0000-0000-0000-000000000000';

export const findClaimForUpdate = (
  trx: Trx,
  claimId: string,
): Promise<{ fingerprint: string; status: string; expires_at: Date; live: boolean } | undefined> =>
  trx('carton_claims')
    .where({ claim_id: claimId })
    .forUpdate()
    .first('fingerprint', 'status', 'expires_at', trx.raw('expires_at > now() as live'));

/** Whether the night sells cartons (locked against a concurrent closing); undefined for an unknown night. */
export const findNightSalesOpen = (trx: Trx, bingoId: number): Promise<{ sales_open: boolean } | undefined> =>
  trx('nights').where({ id: bingoId }).forShare().first('sales_open');

/** The numbers among `numbers` printed for the night. */
export async function printedNumbers(trx: Trx, bingoId: number, numbers: readonly number[]): Promise<Set<number>> {
  const { rows } = (await trx.raw('select number from cartons where bingo_id = ? and number = any(?::int[])', [bingoId, [...numbers]])) as {
    rows: Array<{ number: number }>;
  };
  return new Set(rows.map((r) => r.number));
}

/** Records (or renews) the claim as held for `ttlMs`; returns its expiry. */
export async function upsertHeldClaim(trx: Trx, claimId: string, fingerprint: string, ttlMs: number): Promise<Date> {
  const { rows } = (await trx.raw(
    `insert into carton_claims (claim_id, fingerprint, status, expires_at) values (?, ?, 'held', now() + ? * interval '1 millisecond')
     on conflict (claim_id) do update set fingerprint = excluded.fingerprint, status = 'held', expires_at = excluded.expires_at, sale_id = null
     returning expires_at`,
    [claimId, fingerprint, ttlMs],
  )) as { rows: Array<{ expires_at: Date }> };
  return rows[0]!.expires_at;
}

/**
 * Holds the cartons for the claim where they are free (never held, or held by an expired claim or
 * this one); returns those it holds. Inserted in the order given: callers sort them, so two claims
 * take their keys in the same order and never deadlock.
 */
export async function holdCartons(trx: Trx, claimId: string, expiresAt: Date, cartons: readonly CartonRef[]): Promise<CartonRef[]> {
  const { rows } = (await trx.raw(
    `insert into carton_sales (bingo_id, number, claim_id, status, expires_at)
     select x.b, x.n, ?::uuid, 'held', ?::timestamptz from unnest(?::int[], ?::int[]) with ordinality as x(b, n, o) order by x.o
     on conflict (bingo_id, number) do update set claim_id = excluded.claim_id, status = 'held', expires_at = excluded.expires_at,
       sale_id = null, sale_reference = null, buyer_name = null, buyer_email = null, buyer_phone = null, sold_at = null
     where carton_sales.status = 'held' and (carton_sales.expires_at <= now() or carton_sales.claim_id = excluded.claim_id)
     returning bingo_id, number`,
    [claimId, expiresAt, cartons.map((c) => c.bingoId), cartons.map((c) => c.number)],
  )) as { rows: Array<{ bingo_id: number; number: number }> };
  return rows.map((r) => ({ bingoId: r.bingo_id, number: r.number }));
}

export const markClaimConfirmed = (trx: Trx, claimId: string, saleId: number): Promise<number> =>
  trx('carton_claims').where({ claim_id: claimId }).update({ status: 'confirmed', sale_id: saleId });

/** The claim's cartons sold for good (what is already known of the sale is kept); a voided carton stays voided. */
export const sellClaimCartons = (
  trx: Trx,
  claimId: string,
  sale: { saleId: number; reference: string | null; buyer: SaleBuyer },
): Promise<number> =>
  trx('carton_sales')
    .where({ claim_id: claimId })
    .whereIn('status', ['held', 'sold'])
    .update({
      status: 'sold',
      expires_at: null,
      sale_id: sale.saleId,
      sale_reference: trx.raw('coalesce(?, sale_reference)', [sale.reference]),
      buyer_name: trx.raw('coalesce(?, buyer_name)', [sale.buyer.name]),
      buyer_email: trx.raw('coalesce(?, buyer_email)', [sale.buyer.email]),
      buyer_phone: trx.raw('coalesce(?, buyer_phone)', [sale.buyer.phone]),
      sold_at: trx.raw('coalesce(sold_at, now())'),
    });

export const findClaimStatusForUpdate = (trx: Trx, claimId: string): Promise<{ status: string } | undefined> =>
  trx('carton_claims').where({ claim_id: claimId }).forUpdate().first('status');

/** A failed sale: its held cartons go back on sale and the claim is marked released. */
export async function releaseClaim(trx: Trx, claimId: string): Promise<void> {
  await trx('carton_sales').where({ claim_id: claimId, status: 'held' }).del();
  await trx('carton_claims').where({ claim_id: claimId }).update({ status: 'released' });
}

/**
 * Records as sold the printed cartons of a sale whose claim was lost; a carton voided by a refund
 * read before its sale stays voided, with the buyer recorded.
 */
export async function insertSoldCartons(
  trx: Trx,
  claimId: string | null,
  sale: { saleId: number; reference: string; buyer: SaleBuyer },
  cartons: readonly CartonRef[],
): Promise<void> {
  await trx.raw(
    `insert into carton_sales (bingo_id, number, claim_id, status, sale_id, sale_reference, buyer_name, buyer_email, buyer_phone, sold_at)
     select x.b, x.n, ?::uuid, 'sold', ?, ?, ?, ?, ?, now() from unnest(?::int[], ?::int[]) as x(b, n)
     where exists (select 1 from cartons c where c.bingo_id = x.b and c.number = x.n)
     on conflict (bingo_id, number) do update set sale_id = excluded.sale_id, buyer_name = excluded.buyer_name,
       buyer_email = excluded.buyer_email, buyer_phone = excluded.buyer_phone, sold_at = excluded.sold_at
     where carton_sales.status = 'voided' and carton_sales.sale_id is null`,
    [
      claimId ?? NO_CLAIM,
      sale.saleId,
      sale.reference,
      sale.buyer.name,
      sale.buyer.email,
      sale.buyer.phone,
      cartons.map((c) => c.bingoId),
      cartons.map((c) => c.number),
    ],
  );
}

/** Voids the printed cartons of a refund (recorded voided when their sale was not read yet); returns how many. */
export async function voidCartons(
  trx: Trx,
  refund: { refundId: string; reference: string },
  cartons: readonly CartonRef[],
): Promise<number> {
  const { rows } = (await trx.raw(
    `insert into carton_sales (bingo_id, number, claim_id, status, sale_reference, refund_id, voided_at)
     select x.b, x.n, ?::uuid, 'voided', ?, ?::uuid, now() from unnest(?::int[], ?::int[]) as x(b, n)
     where exists (select 1 from cartons c where c.bingo_id = x.b and c.number = x.n)
     on conflict (bingo_id, number) do update set status = 'voided', expires_at = null, refund_id = excluded.refund_id,
       voided_at = coalesce(carton_sales.voided_at, excluded.voided_at)
     returning number`,
    [NO_CLAIM, refund.reference, refund.refundId, cartons.map((c) => c.bingoId), cartons.map((c) => c.number)],
  )) as { rows: Array<{ number: number }> };
  return rows.length;
}
