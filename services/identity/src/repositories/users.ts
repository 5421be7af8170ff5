import type { Role } from '@kermesse/kit/auth';
import type { Db, Trx } from '@kermesse/kit/db';

export interface UserRow {
  id: string;
  email: string;
  display_name: string;
  firstname: string;
  lastname: string;
  password_hash: string | null;
  roles: Role[];
  disabled_at: Date | null;
  last_sign_in_at: Date | null;
  created_at: Date;
}

export const findUserByEmail = (db: Db | Trx, email: string): Promise<UserRow | undefined> =>
  db('users').whereRaw('lower(email) = lower(?)', [email.trim()]).first();

export const findUserById = (db: Db | Trx, id: string): Promise<UserRow | undefined> => db('users').where({ id }).first();

/** Every account, by last name then first name. */
export const listUsers = (db: Db | Trx): Promise<UserRow[]> => db('users').orderByRaw('lower(lastname), lower(firstname), lower(email)');

export const countUsers = async (db: Db | Trx): Promise<number> => {
  const row = await db('users').count({ count: '*' }).first();
  return Number(row?.count ?? 0);
};

/** Accounts that hold the admin role and are not disabled. */
export const countActiveAdmins = async (db: Db | Trx): Promise<number> => {
  const row = await db('users').whereNull('disabled_at').whereRaw("'admin' = any(roles)").count({ count: '*' }).first();
  return Number(row?.count ?? 0);
};

export const insertUser = async (
  trx: Trx,
  user: { email: string; firstname: string; lastname: string; passwordHash: string | null; roles: Role[] },
): Promise<UserRow> => {
  const firstname = user.firstname.trim();
  const lastname = user.lastname.trim();
  const [row] = await trx('users')
    .insert({
      email: user.email.trim(),
      firstname,
      lastname,
      display_name: [firstname, lastname].filter(Boolean).join(' '),
      password_hash: user.passwordHash,
      roles: user.roles,
    })
    .returning('*');
  return row as UserRow;
};

export const updateUser = async (
  trx: Trx,
  id: string,
  changes: Partial<{ email: string; firstname: string; lastname: string; roles: Role[]; disabled_at: Date | null; password_hash: string }>,
): Promise<UserRow | undefined> => {
  const patch: Record<string, unknown> = { ...changes };
  if (changes.firstname !== undefined || changes.lastname !== undefined) {
    const current = await findUserById(trx, id);
    if (!current) return undefined;
    patch.display_name = [changes.firstname ?? current.firstname, changes.lastname ?? current.lastname].filter(Boolean).join(' ');
  }
  const [row] = await trx('users').where({ id }).update(patch).returning('*');
  return row as UserRow | undefined;
};

export const touchLastSignIn = (db: Db | Trx, id: string) => db('users').where({ id }).update({ last_sign_in_at: db.fn.now() });

/**
 * Serialises one kind of account change until the transaction ends (Postgres advisory lock):
 * `identity.first-admin` (the first run), `identity.admins` (the last active administrator).
 */
export async function lockAccounts(trx: Trx, name: 'identity.first-admin' | 'identity.admins'): Promise<void> {
  await trx.raw('select pg_advisory_xact_lock(hashtext(?))', [name]);
}
