import { badRequest, readUpload, requireRole, Router, validateQuery, type AuthUser, type Db, type OutboxRelay } from '@kermesse/kit';
import { ImportRejected, importInventory } from '../../commands/importInventory.ts';
import { isCsvUpload, isFormulaLike, NOT_CSV_MESSAGE, NotCsvError, toCsv } from '@kermesse/kit/csv';
import { MAX_NOTE_LENGTH, TEMPLATE_COLUMNS } from '../../inventory/inventoryCsv.ts';
import { sortStockLines } from '../../presenters/stocks.ts';
import { listStockLines } from '../../repositories/levels.ts';
import { requireEvent } from '../resolveEvent.ts';
import { eventQuerySchema, importQuerySchema } from '../stocks/schema.ts';

/** SPEC §5: no file sent. */
export const NO_FILE_MESSAGE = 'Veuillez sélectionner un fichier à importer';
/** A 10,000-line inventory is about 600 KB. */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

/** SPEC §9: the default note, « Inventaire du {dd/mm/yyyy} » (today, in France). */
export function defaultInventoryNote(now = new Date()): string {
  const day = new Intl.DateTimeFormat('fr-FR', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'Europe/Paris' }).format(now);
  return `Inventaire du ${day}`;
}

/** SPEC §7: inventory import (multipart `file`, `global_note`) and the CSV model to fill in (admin). */
export function inventoryRoutes({ db, relay }: { db: Db; relay?: OutboxRelay }): Router {
  const router = new Router({ prefix: '/api/stocks' });
  router.use(requireRole('admin'));

  router.post('/import/inventory', validateQuery(importQuerySchema), async (ctx) => {
    const query = ctx.state.query as { 'dry-run': string; event_id?: number };
    const upload = await readUpload(ctx, { maxFileBytes: MAX_UPLOAD_BYTES, noFileMessage: NO_FILE_MESSAGE });
    if (!upload.file) throw badRequest(NO_FILE_MESSAGE);
    if (!isCsvUpload(upload.file.filename, upload.file.mimeType)) throw badRequest(NOT_CSV_MESSAGE);
    const fieldEvent = upload.fields.event_id?.trim();
    if (fieldEvent && !/^\d{1,9}$/.test(fieldEvent)) throw badRequest('Le champ « event_id » doit être de type entier.');
    const event = await requireEvent(db, query.event_id ?? (fieldEvent ? Number(fieldEvent) : undefined));
    const globalNote = (upload.fields.global_note ?? '').trim() || defaultInventoryNote();
    if (globalNote.length > MAX_NOTE_LENGTH) throw badRequest(`Le champ « global_note » ne doit pas dépasser ${MAX_NOTE_LENGTH} caractères.`);
    // Like the file's cells: the note ends up in exported ledgers a spreadsheet would run.
    if (isFormulaLike(globalNote)) throw badRequest(`Le champ « global_note » commence par « ${globalNote[0]} » : les formules ne sont pas acceptées.`);
    const dryRun = query['dry-run'] !== '0' && query['dry-run'] !== 'false';

    try {
      ctx.body = await importInventory(db, {
        eventId: event.id,
        fileName: upload.file.filename,
        bytes: upload.file.data,
        globalNote,
        dryRun,
        createdBy: (ctx.state.user as AuthUser | undefined)?.email ?? null,
      });
      if (!dryRun) relay?.wake();
    } catch (err) {
      if (err instanceof NotCsvError) throw badRequest(NOT_CSV_MESSAGE);
      if (err instanceof ImportRejected) {
        ctx.status = 422;
        ctx.body = { error: err.message, ...err.result };
        return;
      }
      throw err;
    }
  });

  /** The model file: every product of the event with its current level, « nouveau_stock » to fill in. */
  router.get('/inventory/template', validateQuery(eventQuerySchema), async (ctx) => {
    const { event_id } = ctx.state.query as { event_id?: number };
    const event = await requireEvent(db, event_id);
    const lines = sortStockLines(await listStockLines(db, event.id));
    const csv = toCsv([
      [...TEMPLATE_COLUMNS],
      ...lines.map((line) => [line.product_id, line.name, line.category_name, line.stock, '', '']),
    ]);
    ctx.set('Content-Type', 'text/csv; charset=utf-8');
    ctx.set('Content-Disposition', `attachment; filename="modele-inventaire-${event.id}.csv"`);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = csv;
  });

  return router;
}
