import { bearerToken } from '@kermesse/kit/auth';
import { type Db } from '@kermesse/kit/db';
import { defineRoute, Router, type EventCheck } from '@kermesse/kit/http';
import { answerCsvImport, isDryRun, isFormulaLike, readCsvUpload, requireCsvFile, toCsv } from '@kermesse/kit/csv';
import { EventQuery, ImportInventoryQuery, STOCK_ERRORS, ImportResult } from '@kermesse/contracts-stock';
import { importInventory } from '../../commands/importInventory.ts';
import { noteFormula, noteTooLong, stockBadRequest } from '../../errors.ts';
import { MAX_NOTE_LENGTH, TEMPLATE_COLUMNS } from '../../inventory/inventoryCsv.ts';
import { sortStockLines } from '../../presenters/stocks.ts';
import { listStockLines } from '../../repositories/levels.ts';
import { requireEvent } from '../resolveEvent.ts';

/** docs/spec.md §5: no file sent. */
export const NO_FILE_MESSAGE = STOCK_ERRORS.NO_FILE;
/** A 10,000-line inventory is about 600 KB. */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

const ADMIN = ['admin'] as const;

/** docs/spec.md §9: the default note, « Inventaire du {dd/mm/yyyy} » (today, in France). */
export function defaultInventoryNote(now = new Date()): string {
  const day = new Intl.DateTimeFormat('fr-FR', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'Europe/Paris' }).format(now);
  return `Inventaire du ${day}`;
}

/** docs/spec.md §7: inventory import (multipart `file`, `global_note`) and the CSV model to fill in (admin). */
export function inventoryRoutes({ db, events }: { db: Db; events: EventCheck }): Router {
  const router = new Router({ prefix: '/api/stocks' });

  defineRoute(router, {
    method: 'post',
    path: '/import/inventory',
    summary: 'Importer un inventaire (CSV)',
    responses: { 200: ImportResult },
    roles: ADMIN,
    query: ImportInventoryQuery,
    handler: async ({ ctx, query, user }) => {
      const upload = await readCsvUpload(ctx, { maxFileBytes: MAX_UPLOAD_BYTES, noFileMessage: NO_FILE_MESSAGE });
      const file = requireCsvFile(upload, { noFile: () => stockBadRequest('NO_FILE'), notCsv: () => stockBadRequest('NOT_CSV') });
      const fieldEvent = upload.fields.event_id?.trim();
      if (fieldEvent && !/^\d{1,9}$/.test(fieldEvent)) throw stockBadRequest('INVALID_EVENT_ID');
      const event = await requireEvent(db, query.event_id ?? (fieldEvent ? Number(fieldEvent) : undefined), {
        events,
        bearer: bearerToken(ctx.get('Authorization')),
      });
      const globalNote = (upload.fields.global_note ?? '').trim() || defaultInventoryNote();
      if (globalNote.length > MAX_NOTE_LENGTH) throw noteTooLong(MAX_NOTE_LENGTH);
      // Like the file's cells: the note ends up in exported ledgers a spreadsheet would run.
      if (isFormulaLike(globalNote)) throw noteFormula(globalNote);
      return answerCsvImport(
        ctx,
        () =>
          importInventory(db, {
            eventId: event.id,
            fileName: file.filename,
            bytes: file.data,
            globalNote,
            dryRun: isDryRun(query['dry-run']),
            createdBy: user.email ?? null,
          }),
        () => stockBadRequest('NOT_CSV'),
      );
    },
  });

  /** The model file: every product of the event with its current level, « nouveau_stock » to fill in. */
  defineRoute(router, {
    method: 'get',
    path: '/inventory/template',
    summary: "Télécharger le modèle d'inventaire",
    responses: {},
    roles: ADMIN,
    query: EventQuery,
    handler: async ({ ctx, query }) => {
      const event = await requireEvent(db, query.event_id, { events, bearer: bearerToken(ctx.get('Authorization')) });
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
