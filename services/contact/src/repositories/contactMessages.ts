import type { Db, Trx } from '@kermesse/kit/db';

export interface ContactMessageRow {
  id: number;
  email: string;
  subject: string;
  message: string;
  status: 'new' | 'handled';
  created_at: Date;
  handled_at: Date | null;
}

export async function insertContactMessage(
  trx: Trx,
  message: { email: string; subject: string; message: string },
): Promise<ContactMessageRow> {
  const [row] = await trx('contact_messages')
    .insert({ email: message.email.trim(), subject: message.subject.trim(), message: message.message.trim() })
    .returning('*');
  return row as ContactMessageRow;
}

export const listContactMessages = (db: Db): Promise<ContactMessageRow[]> => db('contact_messages').orderBy('created_at', 'desc');

/** Contact messages are kept 12 months, then deleted with their delivery rows. */
export const purgeOldContactMessages = (db: Db): Promise<number> =>
  db('contact_messages').where('created_at', '<', db.raw("now() - interval '12 months'")).delete();

/** Marks a message or a partner request new or handled; false when there is none with this id. */
export async function setInboxStatus(
  db: Db,
  table: 'contact_messages' | 'partner_requests',
  id: number,
  status: 'new' | 'handled',
): Promise<boolean> {
  const updated = await db(table)
    .where({ id })
    .update({ status, handled_at: status === 'handled' ? db.fn.now() : null });
  return updated === 1;
}
