import type { Person } from '@kermesse/contracts-identity';
import type { Db, Trx } from '@kermesse/kit/db';
import { listPasskeys, type PasskeyRow } from '../repositories/passkeys.ts';
import type { UserRow } from '../repositories/users.ts';

const iso = (date: Date | null) => (date ? new Date(date).toISOString() : null);

/** A row and its passkeys → the person of `/api/admin/users` (never the hash, never a key). */
export function presentPerson(user: UserRow, passkeys: PasskeyRow[]): Person {
  return {
    id: user.id,
    email: user.email,
    firstname: user.firstname,
    lastname: user.lastname,
    roles: user.roles,
    disabled: user.disabled_at !== null,
    lastSignInAt: iso(user.last_sign_in_at),
    passkeys: passkeys
      .filter((p) => p.user_id === user.id)
      .map((p) => ({ id: p.id, name: p.name, createdAt: iso(p.created_at)!, lastUsedAt: iso(p.last_used_at) })),
  };
}

/** Presents several people with one query for their passkeys. */
export async function presentPeople(db: Db | Trx, users: UserRow[]): Promise<Person[]> {
  const passkeys = users.length
    ? await listPasskeys(
        db,
        users.map((u) => u.id),
      )
    : [];
  return users.map((user) => presentPerson(user, passkeys));
}
