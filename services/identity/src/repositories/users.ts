import type { Db, Role, Trx } from '@kermesse/kit';

export interface UserRow {
  id: string;
  email: string;
  display_name: string;
  password_hash: string | null;
  roles: Role[];
  disabled_at: Date | null;
}

export const findUserByEmail = (db: Db | Trx, email: string): Promise<UserRow | undefined> =>
  db('users').whereRaw('lower(email) = lower(?)', [email.trim()]).first();

export const insertUser = async (trx: Trx, user: { email: string; displayName: string; passwordHash: string; roles: Role[] }): Promise<UserRow> => {
  const [row] = await trx('users')
    .insert({ email: user.email.trim(), display_name: user.displayName, password_hash: user.passwordHash, roles: user.roles })
    .returning('*');
  return row as UserRow;
};
