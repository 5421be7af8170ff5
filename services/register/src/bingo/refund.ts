/**
 * Loto cartons of a refund, like raffle tickets: the cartons of the refunded carton lines
 * are VOIDED and never return to sale — the buyer may keep the paper carton, and a carton sold twice
 * could win twice. The body may name them (`cartons`); otherwise the highest numbers of the sale not
 * voided yet go. `sale.refunded` carries them; the bingo service marks them voided (its win check
 * then answers « Carton remboursé : il ne peut pas gagner. »).
 */
import { type Trx } from '@kermesse/kit/db';
import { badRequest } from '@kermesse/kit/http';
import { productUnits } from '../repositories/refunds.ts';
import { saleCartons } from '../repositories/saleCartons.ts';

export interface RefundCartons {
  numbers: number[];
  /** What `sale.refunded` carries. */
  event: Array<{ bingoId: number; number: number }>;
}

export async function cartonsToVoid(
  trx: Trx,
  saleId: number,
  lines: Array<{ product_id: number; kind: string; quantity: number }>,
  voidedBefore: number[],
  named: number[] | undefined,
): Promise<RefundCartons> {
  const cartonLines = lines.filter((l) => l.kind === 'bingo');
  const sold = await saleCartons(trx, saleId);
  if (!cartonLines.length || !sold.length) {
    if (named?.length)
      throw badRequest('Des numéros de cartons sont donnés mais aucun carton de loto n’est remboursé.').withCode('CARTONS_COUNT', {
        count: 0,
      });
    return { numbers: [], event: [] };
  }
  // A carton product's tier is its pack size.
  const sizes = await productUnits(
    trx,
    cartonLines.map((l) => l.product_id),
  );
  const wanted = cartonLines.reduce((sum, l) => sum + l.quantity * (sizes.get(l.product_id) ?? 1), 0);
  const already = new Set(voidedBefore);
  const left = sold.map((s) => s.carton_number).filter((n) => !already.has(n));
  const count = Math.min(wanted, left.length);
  let numbers: number[];
  if (named && named.length) {
    if (named.length !== count) {
      throw badRequest(`Indiquez les numéros des ${count} carton(s) rendu(s) : ${named.length} donné(s).`).withCode('CARTONS_COUNT', {
        count,
      });
    }
    const seen = new Set<number>();
    for (const n of named) {
      if (seen.has(n)) throw badRequest(`Le carton n° ${n} est donné deux fois.`).withCode('CARTON_NOT_IN_SALE', { number: n });
      seen.add(n);
      if (!left.includes(n)) {
        throw badRequest(`Le carton n° ${n} n’est pas un carton de cette vente encore à rembourser.`).withCode('CARTON_NOT_IN_SALE', {
          number: n,
        });
      }
    }
    numbers = [...named].sort((a, b) => a - b);
  } else {
    numbers = count ? left.slice(-count) : [];
  }
  const bingoId = sold[0]!.bingo_id;
  return { numbers, event: numbers.map((number) => ({ bingoId, number })) };
}
