/**
 * Booking import (docs/spec.md §3 « Import result »): a dry run reports what the file holds and every
 * problem; a real import writes every booking of the file in one transaction, or none.
 */
import { isUniqueViolation, type Db } from '@kermesse/kit/db';
import { readCsv } from '@kermesse/kit/csv';
import type { Booking, BookingImportResult } from '@kermesse/contracts-swapmeet';
import { planBookings, type BookingsPlan } from '../bookings/bookingsCsv.ts';
import { ImportRejected } from '../errors.ts';
import { presentBooking, summarise } from '../presenters/bookings.ts';
import { existingKeys, insertBookings, insertImport, lockImports } from '../repositories/swapmeets.ts';

export { ImportRejected };

export interface ImportInput {
  swapmeetId: number;
  fileName: string;
  bytes: Uint8Array;
  dryRun: boolean;
  createdBy?: string | null;
}

const plural = (n: number, one: string, many: string) => `${n} ${n > 1 ? many : one}`;

function result(plan: BookingsPlan, status: BookingImportResult['status'], created: Booking[] = []): BookingImportResult {
  const rows = plan.bookings.map((b) => ({
    id: null,
    name: b.name,
    phone: b.phone,
    space_cm: b.spaceCm,
    revenue_cents: b.revenueCents,
    is_payed: b.isPayed,
    date_booking: b.dateBooking,
  }));
  const errors = plan.errors;
  const parsed = plan.bookings.length;
  let message: string;
  if (errors.length) {
    message = `${plural(errors.length, 'erreur', 'erreurs')} dans le fichier : corrigez-le puis relancez le test. Aucune réservation n'a été importée.`;
  } else if (status === 'dry-run') {
    message = `Test réussi : ${plural(parsed, 'réservation prête', 'réservations prêtes')} à être importée${parsed > 1 ? 's' : ''}.`;
  } else {
    message = `${plural(created.length, 'réservation importée', 'réservations importées')}.`;
  }
  return {
    status: errors.length ? 'error' : status,
    message,
    bookings_parsed: parsed,
    bookings_created: created.length,
    data: created.length ? created : rows.map(presentBooking),
    errors,
    summary: summarise(rows),
  };
}

/** Runs the import; throws NotCsvError for a file that is not CSV, ImportRejected for a real import with errors. */
export async function importBookings(db: Db, input: ImportInput): Promise<BookingImportResult> {
  const csv = readCsv(input.bytes);
  if (input.dryRun) return result(planBookings(csv, await existingKeys(db, input.swapmeetId)), 'dry-run');
  try {
    return await db.transaction(async (trx) => {
      // One import at a time per swap-meet, so the duplicate check sees what the other one wrote.
      await lockImports(trx, input.swapmeetId);
      const plan = planBookings(csv, await existingKeys(trx, input.swapmeetId));
      if (plan.errors.length) throw new ImportRejected(result(plan, 'error'));
      const importId = await insertImport(trx, {
        swapmeet_id: input.swapmeetId,
        file_name: input.fileName.slice(0, 255),
        bookings: plan.bookings.length,
        created_by: input.createdBy ?? null,
      });
      const created = await insertBookings(
        trx,
        plan.bookings.map((b) => ({
          swapmeet_id: input.swapmeetId,
          name: b.name,
          phone: b.phone,
          space_cm: b.spaceCm,
          revenue_cents: b.revenueCents,
          is_payed: b.isPayed,
          date_booking: b.dateBooking,
          dedupe_key: b.dedupeKey,
          import_id: importId,
        })),
      );
      return result(plan, 'success', created.map(presentBooking));
    });
  } catch (err) {
    // Bookings entered meanwhile by another way than an import: same answer as a duplicate line.
    if (isUniqueViolation(err)) {
      return importBookings(db, input);
    }
    throw err;
  }
}
