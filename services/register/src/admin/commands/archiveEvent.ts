/** A back-office command: its rules here, its SQL in ../repositories/backOffice.ts. */
import { type Db } from '@kermesse/kit/db';
import { type AdminEventRow } from '../repositories/backOffice.ts';
import { updateEvent } from './updateEvent.ts';

/** An event is archived, never deleted: its sales, receipts and books keep pointing at it. */
export async function archiveEvent(db: Db, id: number): Promise<AdminEventRow> {
  return updateEvent(db, id, { archived: true });
}
