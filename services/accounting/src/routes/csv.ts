/** Reports as CSV downloads (the kit's writer: UTF-8 BOM, `;`, formula-safe cells). */
import type { Context } from 'koa';
import { toCsv } from '@kermesse/kit/csv';
import { plainAmount, toCents } from '@kermesse/contracts-common';

/** An amount in euros as a spreadsheet in French reads it (« 1234,50 »). */
export const csvAmount = (euros: number): string => plainAmount(toCents(euros));

export function sendCsv(ctx: Context, filename: string, records: (string | number | null | undefined)[][]): void {
  ctx.set('Content-Type', 'text/csv; charset=utf-8');
  ctx.set('Content-Disposition', `attachment; filename="${filename}"`);
  ctx.set('Cache-Control', 'no-store');
  ctx.body = toCsv(records);
}

export const wantsCsv = (query: { format?: 'json' | 'csv' } | undefined): boolean => query?.format === 'csv';
