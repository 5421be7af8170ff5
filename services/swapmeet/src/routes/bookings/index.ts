import { badRequest, notFound, readUpload, requireRole, Router, validateParams, validateQuery, type AuthUser, type Db } from '@kermesse/kit';
import { ImportRejected, importBookings } from '../../commands/importBookings.ts';
import { isCsvUpload, NOT_CSV_MESSAGE, NotCsvError } from '@kermesse/kit/csv';
import { presentBooking, presentSummary, presentSwapmeet } from '../../presenters/bookings.ts';
import { bookingTotals, deleteBookings, findSwapmeet, listBookings } from '../../repositories/swapmeets.ts';
import { bookingsQuerySchema, importQuerySchema, resetParamsSchema } from './schema.ts';

/** SPEC §5: no file sent. */
export const NO_FILE_MESSAGE = 'Veuillez sélectionner un fichier CSV';
/** SPEC §8: the importer was given no swap-meet. */
export const NO_SWAPMEET_MESSAGE = 'ID du SwapMeet non trouvé';
export const UNKNOWN_SWAPMEET_MESSAGE = 'Vide-grenier introuvable.';
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

async function requireSwapmeet(db: Db, id: number) {
  const swapmeet = await findSwapmeet(db, id);
  if (!swapmeet) throw notFound(UNKNOWN_SWAPMEET_MESSAGE);
  return swapmeet;
}

/** SPEC §7 « Swap-meet »: bookings list, CSV import and reset (admin). */
export function bookingRoutes({ db }: { db: Db }): Router {
  const router = new Router({ prefix: '/api/swapmeet/api' });
  router.use(requireRole('admin'));

  router.get('/bookings', async (ctx, next) => {
    if (ctx.query.swapmeet_id === undefined || ctx.query.swapmeet_id === '') throw badRequest(NO_SWAPMEET_MESSAGE);
    await next();
  }, validateQuery(bookingsQuerySchema), async (ctx) => {
    const { swapmeet_id, limit } = ctx.state.query as { swapmeet_id: number; limit: number };
    const swapmeet = await requireSwapmeet(db, swapmeet_id);
    const [rows, totals] = await Promise.all([listBookings(db, swapmeet.id, limit), bookingTotals(db, swapmeet.id)]);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { data: rows.map(presentBooking), total: totals.count, summary: presentSummary(totals), swapmeet: presentSwapmeet(swapmeet) };
  });

  router.post('/import/custom-csv', validateQuery(importQuerySchema), async (ctx) => {
    const query = ctx.state.query as { 'dry-run': string; swapmeet_id?: number };
    const upload = await readUpload(ctx, { maxFileBytes: MAX_UPLOAD_BYTES, noFileMessage: NO_FILE_MESSAGE });
    const rawId = (upload.fields.swapmeet_id ?? '').trim() || (query.swapmeet_id ? String(query.swapmeet_id) : '');
    if (!rawId) throw badRequest(NO_SWAPMEET_MESSAGE);
    if (!/^\d{1,9}$/.test(rawId) || Number(rawId) < 1) throw badRequest('Le champ « swapmeet_id » doit être de type entier.');
    const format = (upload.fields.format ?? 'custom').trim();
    if (format !== 'custom') throw badRequest("Format d'import inconnu : seul le format « custom » est accepté.");
    if (!upload.file) throw badRequest(NO_FILE_MESSAGE);
    if (!isCsvUpload(upload.file.filename, upload.file.mimeType)) throw badRequest(NOT_CSV_MESSAGE);
    const swapmeet = await requireSwapmeet(db, Number(rawId));
    const dryRun = query['dry-run'] !== 'false' && query['dry-run'] !== '0';
    try {
      ctx.body = await importBookings(db, {
        swapmeetId: swapmeet.id,
        fileName: upload.file.filename,
        bytes: upload.file.data,
        dryRun,
        createdBy: (ctx.state.user as AuthUser | undefined)?.email ?? null,
      });
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

  router.delete('/reset-bookings/:id', validateParams(resetParamsSchema), async (ctx) => {
    const { id } = ctx.state.params as { id: number };
    const swapmeet = await requireSwapmeet(db, id);
    const deleted = await deleteBookings(db, swapmeet.id);
    ctx.body = {
      status: 'success',
      message: deleted === 0
        ? 'Aucune réservation à supprimer.'
        : `${deleted} réservation${deleted > 1 ? 's' : ''} supprimée${deleted > 1 ? 's' : ''}.`,
    };
  });

  return router;
}
