/** The loto cartons a sale sold (`sale_cartons`). */
import type { Db, Trx } from '@kermesse/kit/db';

/** A sale's cartons by number, each with its night. */
export const saleCartons = (q: Db | Trx, saleId: number): Promise<Array<{ bingo_id: number; carton_number: number }>> =>
  q('sale_cartons').where({ sale_id: saleId }).orderBy('carton_number').select('bingo_id', 'carton_number');

/** A sale's cartons by number, with the night's name (a receipt printed again). */
export const saleCartonsWithNightName = (q: Db | Trx, saleId: number): Promise<Array<{ carton_number: number; name: string | null }>> =>
  q('sale_cartons as c')
    .leftJoin('bingos as b', 'b.id', 'c.bingo_id')
    .where('c.sale_id', saleId)
    .orderBy('c.carton_number')
    .select('c.carton_number', 'b.name');
