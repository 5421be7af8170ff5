import { type Db } from '@kermesse/kit/db';
import { defineRoute, Router } from '@kermesse/kit/http';
import { answerCsvImport, isDryRun, readCsvUpload, requireCsvFile } from '@kermesse/kit/csv';
import {
  BookingsQuery,
  ImportBookingsQuery,
  SWAPMEET_ERRORS,
  SwapmeetParams,
  BookingsAnswer,
  BookingImportResult,
  ResetAnswer,
} from '@kermesse/contracts-swapmeet';
import { importBookings } from '../../commands/importBookings.ts';
import { resetBookings } from '../../commands/resetBookings.ts';
import { swapmeetBadRequest, swapmeetNotFound } from '../../errors.ts';
import { presentBooking, presentSummary, presentSwapmeet } from '../../presenters/bookings.ts';
import { bookingTotals, findSwapmeet, listBookings } from '../../repositories/swapmeets.ts';

/** docs/spec.md §5: no file sent. */
export const NO_FILE_MESSAGE = SWAPMEET_ERRORS.NO_FILE;
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

const ADMIN = ['admin'] as const;

async function requireSwapmeet(db: Db, id: number) {
  const swapmeet = await findSwapmeet(db, id);
  if (!swapmeet) throw swapmeetNotFound();
  return swapmeet;
}

/** docs/spec.md §7 « Swap-meet »: bookings list, CSV import and reset (admin). */
export function bookingRoutes({ db }: { db: Db }): Router {
  const router = new Router({ prefix: '/api/swapmeet/api' });

  // `?swapmeet_id=` left empty is no swap-meet (« Identifiant du vide-grenier introuvable »), not a wrong integer.
  router.use('/bookings', async (ctx, next) => {
    if (ctx.query.swapmeet_id === '') delete ctx.query.swapmeet_id;
    await next();
  });

  defineRoute(router, {
    method: 'get',
    path: '/bookings',
    summary: "Lister les réservations d'un vide-grenier",
    responses: { 200: BookingsAnswer },
    roles: ADMIN,
    query: BookingsQuery,
    handler: async ({ ctx, query }) => {
      if (query.swapmeet_id === undefined) throw swapmeetBadRequest('NO_SWAPMEET');
      const swapmeet = await requireSwapmeet(db, query.swapmeet_id);
      const [rows, totals] = await Promise.all([listBookings(db, swapmeet.id, query.limit), bookingTotals(db, swapmeet.id)]);
      ctx.set('Cache-Control', 'no-store');
      return { data: rows.map(presentBooking), total: totals.count, summary: presentSummary(totals), swapmeet: presentSwapmeet(swapmeet) };
    },
  });

  defineRoute(router, {
    method: 'post',
    path: '/import/custom-csv',
    summary: 'Importer des réservations (CSV)',
    responses: { 200: BookingImportResult },
    roles: ADMIN,
    query: ImportBookingsQuery,
    handler: async ({ ctx, query, user }) => {
      const upload = await readCsvUpload(ctx, { maxFileBytes: MAX_UPLOAD_BYTES, noFileMessage: NO_FILE_MESSAGE });
      const rawId = (upload.fields.swapmeet_id ?? '').trim() || (query.swapmeet_id ? String(query.swapmeet_id) : '');
      if (!rawId) throw swapmeetBadRequest('NO_SWAPMEET');
      if (!/^\d{1,9}$/.test(rawId) || Number(rawId) < 1) throw swapmeetBadRequest('INVALID_SWAPMEET_ID');
      const format = (upload.fields.format ?? 'custom').trim();
      if (format !== 'custom') throw swapmeetBadRequest('UNKNOWN_FORMAT');
      const file = requireCsvFile(upload, { noFile: () => swapmeetBadRequest('NO_FILE'), notCsv: () => swapmeetBadRequest('NOT_CSV') });
      const swapmeet = await requireSwapmeet(db, Number(rawId));
      return answerCsvImport(
        ctx,
        () =>
          importBookings(db, {
            swapmeetId: swapmeet.id,
            fileName: file.filename,
            bytes: file.data,
            dryRun: isDryRun(query['dry-run']),
            createdBy: user.email ?? null,
          }),
        () => swapmeetBadRequest('NOT_CSV'),
      );
    },
  });

  defineRoute(router, {
    method: 'delete',
    path: '/reset-bookings/:id',
    summary: "Effacer les réservations d'un vide-grenier",
    responses: { 200: ResetAnswer },
    roles: ADMIN,
    params: SwapmeetParams,
    handler: async ({ params }) => {
      const swapmeet = await requireSwapmeet(db, params.id);
      const deleted = await resetBookings(db, swapmeet.id);
      return {
        status: 'success',
        message:
          deleted === 0
            ? 'Aucune réservation à supprimer.'
            : `${deleted} réservation${deleted > 1 ? 's' : ''} supprimée${deleted > 1 ? 's' : ''}.`,
      };
    },
  });

  return router;
}
