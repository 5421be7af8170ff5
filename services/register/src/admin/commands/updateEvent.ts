/** A back-office command: its rules here, its SQL in ../repositories/backOffice.ts. */
import { type Db } from '@kermesse/kit/db';
import type { EventUpdate } from '@kermesse/contracts-register';
import { cleanName, cleanText } from '../errors.ts';
import { updateAdminEvent, type AdminEventRow, type EventFields } from '../repositories/backOffice.ts';
import { checkDates, loadEvent, recordEventState } from '../eventLoaders.ts';

export async function updateEvent(db: Db, id: number, input: EventUpdate): Promise<AdminEventRow> {
  return db.transaction(async (trx) => {
    const current = await loadEvent(trx, id);
    const fields: EventFields = {};
    if (input.name !== undefined) fields.name = cleanName(input.name);
    if (input.startsOn !== undefined) fields.starts_on = input.startsOn;
    if (input.endsOn !== undefined) fields.ends_on = input.endsOn;
    if (input.place !== undefined) fields.place = cleanText(input.place);
    if (input.description !== undefined) fields.description = cleanText(input.description);
    if (input.idleLockMinutes !== undefined) fields.idle_lock_minutes = input.idleLockMinutes;
    if (input.archived !== undefined) fields.archived_at = input.archived ? (current.archived_at ?? new Date()) : null;
    checkDates(
      fields.starts_on !== undefined ? fields.starts_on : current.starts_on,
      fields.ends_on !== undefined ? fields.ends_on : current.ends_on,
    );
    if (Object.keys(fields).length) await updateAdminEvent(trx, id, fields);
    const updated = await loadEvent(trx, id);
    await recordEventState(trx, updated);
    return updated;
  });
}
