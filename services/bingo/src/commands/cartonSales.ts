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
import { type Db, type Trx } from '@kermesse/kit/db';
import { badRequest, conflict } from '@kermesse/kit/http';
import type { CartonBuyer, CartonClaimAnswer, CartonClaimInput } from '@kermesse/contracts-bingo';
import { bingoBadRequest, bingoConflict, bingoNotFound } from '../errors.ts';
import { cartonCount } from '../repositories/game.ts';
import {
  findClaimForUpdate,
  findClaimStatusForUpdate,
  findNightSalesOpen,
  holdCartons,
  insertSoldCartons,
  markClaimConfirmed,
  printedNumbers,
  releaseClaim,
  sellClaimCartons,
  upsertHeldClaim,
  voidCartons,
  type SaleBuyer,
} from '../repositories/cartonSales.ts';

/** A claim lives 10 minutes unless confirmed (as the raffle's). */
export const CARTON_CLAIM_TTL_MS = 10 * 60_000;

const PG_UNIQUE = '23505';
const PG_DEADLOCK = '40P01';

/** The buyer as a carton records it: the full name, e-mail and phone when known. */
const saleBuyer = (
  buyer: { firstname: string; lastname: string; email?: string | null; phone?: string | null } | null | undefined,
): SaleBuyer => {
  const name = buyer ? `${buyer.firstname} ${buyer.lastname}`.trim() : '';
  return { name: name || null, email: buyer?.email || null, phone: buyer?.phone || null };
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

async function claimIn(
  trx: Trx,
  claimId: string,
  cartons: CartonClaimInput['cartons'],
  fingerprint: string,
  ttlMs: number,
): Promise<CartonClaimAnswer> {
  const existing = await findClaimForUpdate(trx, claimId);
  if (existing) {
    if (existing.fingerprint !== fingerprint) throw bingoConflict('CLAIM_MISMATCH');
    if (existing.status === 'confirmed' || (existing.status === 'held' && existing.live)) {
      return { claimId, expiresAt: existing.expires_at.toISOString() };
    }
  }

  // Every night on sale, every carton printed for it.
  for (const bingoId of new Set(cartons.map((c) => c.bingoId))) {
    const night = await findNightSalesOpen(trx, bingoId);
    if (!night) throw bingoNotFound();
    if (!night.sales_open) throw bingoBadRequest('CARTON_SALES_CLOSED', { bingoId });
    const numbers = cartons.filter((c) => c.bingoId === bingoId).map((c) => c.number);
    const known = await printedNumbers(trx, bingoId, numbers);
    const unknown = numbers.filter((n) => !known.has(n));
    if (unknown.length) {
      const count = await cartonCount(trx, bingoId);
      throw badRequest(unknownMessage(unknown, count)).withCode('CARTON_UNKNOWN', { bingoId, numbers: unknown, total: count });
    }
  }

  const expiresAt = await upsertHeldClaim(trx, claimId, fingerprint, ttlMs);
  // Sorted (claimCartons): two claims take their keys in the same order, so they never deadlock.
  const held = new Set((await holdCartons(trx, claimId, expiresAt, cartons)).map((c) => `${c.bingoId}:${c.number}`));
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
  db: Db | Trx,
  claimId: string,
  sale: { saleId: number; reference?: string | null; buyer?: CartonBuyer | null },
): Promise<number> {
  const run = async (trx: Trx) => {
    await markClaimConfirmed(trx, claimId, sale.saleId);
    // A carton already voided by a refund stays voided.
    return sellClaimCartons(trx, claimId, { saleId: sale.saleId, reference: sale.reference ?? null, buyer: saleBuyer(sale.buyer) });
  };
  return (db as Trx).isTransaction ? run(db as Trx) : (db as Db).transaction(run);
}

/** The sale failed: its held cartons go back on sale. Idempotent; a confirmed claim is kept. */
export async function releaseCartonClaim(db: Db, claimId: string): Promise<void> {
  await db.transaction(async (trx) => {
    const claim = await findClaimStatusForUpdate(trx, claimId);
    if (!claim || claim.status === 'confirmed') return;
    await releaseClaim(trx, claimId);
  });
}

/**
 * `sale.completed` with cartons: confirms the claim with the buyer; cartons whose claim was lost
 * (expired and released) are recorded as sold when still free. Runs in the consumer's transaction.
 */
export async function recordCartonSale(
  trx: Trx,
  sale: {
    saleId: number;
    reference: string;
    cartonClaimId?: string | null;
    cartons?: Array<{ bingoId: number; number: number }>;
    buyer: { firstname: string; lastname: string; email?: string | null; phone?: string | null } | null;
  },
): Promise<void> {
  const cartons = sale.cartons ?? [];
  if (!cartons.length) return;
  if (sale.cartonClaimId)
    await confirmCartonClaim(trx, sale.cartonClaimId, { saleId: sale.saleId, reference: sale.reference, buyer: sale.buyer });
  await insertSoldCartons(
    trx,
    sale.cartonClaimId ?? null,
    { saleId: sale.saleId, reference: sale.reference, buyer: saleBuyer(sale.buyer) },
    cartons,
  );
}

/**
 * `sale.refunded` with cartons: the refunded cartons are voided — the win check answers
 * « Carton remboursé : il ne peut pas gagner. » and they are never claimed again (the buyer may keep
 * the paper carton). A carton whose sale.completed was not read yet is recorded voided directly (its
 * later confirmation keeps it voided). Runs in the consumer's transaction; idempotent.
 */
export async function voidRefundedCartons(
  trx: Trx,
  refund: {
    refundId: string;
    reference: string;
    cartons?: Array<{ bingoId: number; number: number }>;
  },
): Promise<number> {
  const cartons = refund.cartons ?? [];
  if (!cartons.length) return 0;
  return voidCartons(trx, refund, cartons);
}
