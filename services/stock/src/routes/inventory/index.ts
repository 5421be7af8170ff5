import { type Db } from '@kermesse/kit/db';
import { defineRoute, HttpError, readUpload, Router } from '@kermesse/kit/http';
import { isCsvUpload, isFormulaLike, NotCsvError, toCsv } from '@kermesse/kit/csv';
import { EventQuery, ImportInventoryQuery, STOCK_ERRORS } from '@kermesse/contracts-stock';
import { importInventory } from '../../commands/importInventory.ts';
import { ImportRejected, importRejectedBody, noteFormula, noteTooLong, stockBadRequest } from '../../errors.ts';
import { MAX_NOTE_LENGTH, TEMPLATE_COLUMNS } from '../../inventory/inventoryCsv.ts';
import { sortStockLines } from '../../presenters/stocks.ts';
import { listStockLines } from '../../repositories/levels.ts';
import { requireEvent } from '../resolveEvent.ts';

/** SPEC §5: no file sent. */
export const NO_FILE_MESSAGE = STOCK_ERRORS.NO_FILE;
/** A 10,000-line inventory is about 600 KB. */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

const ADMIN = ['admin'] as const;

/** The kit's « no file » refusal (not a multipart body, no file part) gets its code like ours. */
function codeNoFile(err: unknown): never {
  if (err instanceof HttpError && err.status === 400 && err.message === NO_FILE_MESSAGE && !err.code) err.withCode('NO_FILE');
  throw err;
}

/** SPEC §9: the default note, « Inventaire du {dd/mm/yyyy} » (today, in France). */
export function defaultInventoryNote(now = new Date()): string {
  const day = new Intl.DateTimeFormat('fr-FR', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'Europe/Paris' }).format(now);
  return `Inventaire du ${day}`;
}

/** SPEC §7: inventory import (multipart `file`, `global_note`) and the CSV model to fill in (admin). */
export function inventoryRoutes({ db }: { db: Db }): Router {
  const router = new Router({ prefix: '/api/stocks' });

  defineRoute(router, {
    method: 'post',
    path: '/import/inventory',
    roles: ADMIN,
    query: ImportInventoryQuery,
    handler: async ({ ctx, query, user }) => {
      const upload = await readUpload(ctx, { maxFileBytes: MAX_UPLOAD_BYTES, noFileMessage: NO_FILE_MESSAGE }).catch(codeNoFile);
      if (!upload.file) throw stockBadRequest('NO_FILE');
      if (!isCsvUpload(upload.file.filename, upload.file.mimeType)) throw stockBadRequest('NOT_CSV');
      const fieldEvent = upload.fields.event_id?.trim();
      if (fieldEvent && !/^\d{1,9}$/.test(fieldEvent)) throw stockBadRequest('INVALID_EVENT_ID');
      const event = await requireEvent(db, query.event_id ?? (fieldEvent ? Number(fieldEvent) : undefined));
      const globalNote = (upload.fields.global_note ?? '').trim() || defaultInventoryNote();
      if (globalNote.length > MAX_NOTE_LENGTH) throw noteTooLong(MAX_NOTE_LENGTH);
      // Like the file's cells: the note ends up in exported ledgers a spreadsheet would run.
      if (isFormulaLike(globalNote)) throw noteFormula(globalNote);
      const dryRun = query['dry-run'] !== '0' && query['dry-run'] !== 'false';

      try {
        return await importInventory(db, {
          eventId: event.id,
          fileName: upload.file.filename,
          bytes: upload.file.data,
          globalNote,
          dryRun,
          createdBy: user.email ?? null,
        });
      } catch (err) {
        if (err instanceof NotCsvError) throw stockBadRequest('NOT_CSV');
        if (err instanceof ImportRejected) {
          ctx.status = 422;
          ctx.body = importRejectedBody(err);
          return undefined;
        }
        throw err;
      }
    },
  });

  /** The model file: every product of the event with its current level, « nouveau_stock » to fill in. */
  defineRoute(router, {
    method: 'get',
    path: '/inventory/template',
    roles: ADMIN,
    query: EventQuery,
    handler: async ({ ctx, query }) => {
      const event = await requireEvent(db, query.event_id);
      const lines = sortStockLines(await listStockLines(db, event.id));
      const csv = toCsv([
        [...TEMPLATE_COLUMNS],
        ...lines.map((line) => [line.product_id, line.name, line.category_name, line.stock, '', '']),
      ]);
      ctx.set('Content-Type', 'text/csv; charset=utf-8');
      ctx.set('Content-Disposition', `attachment; filename="modele-inventaire-${event.id}.csv"`);
      ctx.set('Cache-Control', 'no-store');
      ctx.body = csv;
      return undefined;
    },
  });

  return router;
}
