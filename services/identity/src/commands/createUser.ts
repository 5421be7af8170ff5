import '../events.ts';
import { type Role } from '@kermesse/kit/auth';
import { recordEvent } from '@kermesse/kit/bus';
import { type Db, type Trx } from '@kermesse/kit/db';
import { hashPassword } from '../password.ts';
import { insertUser, type UserRow } from '../repositories/users.ts';

export interface NewUser {
  email: string;
  firstname: string;
  lastname: string;
  /** Absent: the person sets it through a one-time link. */
  password?: string;
  roles: Role[];
}

/**
 * Creates a staff account and its `user.created` event in one transaction. The password rule is
 * checked by the routes (the demo seed takes the launcher's password as it is).
 */
export async function createUser(db: Db, input: NewUser, inTransaction?: (trx: Trx, user: UserRow) => Promise<void>): Promise<UserRow> {
  const passwordHash = input.password === undefined ? null : await hashPassword(input.password);
  return db.transaction(async (trx) => {
    const user = await insertUser(trx, {
      email: input.email,
      firstname: input.firstname,
      lastname: input.lastname,
      passwordHash,
      roles: input.roles,
    });
    await recordEvent(trx, 'identity', 'user.created', { userId: user.id, email: user.email, roles: user.roles });
    await inTransaction?.(trx, user);
    return user;
  });
}
