import type { Db, Trx } from '@kermesse/kit/db';

export interface PersonRow {
  id: number;
  firstname: string;
  lastname: string;
  email: string | null;
  phone: string | null;
}

const COLUMNS = ['id', 'firstname', 'lastname', 'email', 'phone'];

export const findPerson = (db: Db | Trx, id: number): Promise<PersonRow | undefined> => db('persons').where({ id }).first(COLUMNS);

/** By e-mail first (case-insensitive), else by phone. */
export async function findPersonByContact(db: Db, contact: { email: string | null; phone: string | null }): Promise<PersonRow | undefined> {
  if (contact.email) {
    const byEmail = await db('persons').whereRaw('lower(email) = ?', [contact.email]).first(COLUMNS);
    if (byEmail) return byEmail;
  }
  if (contact.phone) return db('persons').where({ phone: contact.phone }).orderBy('id').first(COLUMNS);
  return undefined;
}

export async function insertPerson(db: Db, person: Omit<PersonRow, 'id'>): Promise<PersonRow> {
  const [row] = await db('persons').insert(person).returning(COLUMNS);
  return row as PersonRow;
}
