import { recordEvent, type Db, type Role } from '@kermesse/kit';
import { hashPassword } from '../password.ts';
import { insertUser, type UserRow } from '../repositories/users.ts';

/** Creates a staff account and its `user.created` event in one transaction. */
export async function createUser(db: Db, input: { email: string; displayName: string; password: string; roles: Role[] }): Promise<UserRow> {
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (trx) => {
    const user = await insertUser(trx, { email: input.email, displayName: input.displayName, passwordHash, roles: input.roles });
    await recordEvent(trx, 'identity', 'user.created', { userId: user.id, email: user.email, roles: user.roles });
    return user;
  });
}
