import '../events.ts';
import { recordEvent } from '@kermesse/kit/bus';
import type { Role } from '@kermesse/kit/auth';
import { type Db } from '@kermesse/kit/db';
import { setupDone } from '../errors.ts';
import { countUsers, insertUser, lockAccounts, type UserRow } from '../repositories/users.ts';

/**
 * First run: creates the first administrator (on a host's console, the host operator: `host`) while no account exists, with its `user.created`
 * event. Two visitors at once: the advisory lock makes the second see the first's account (409).
 */
export async function createFirstAdmin(
  db: Db,
  input: { email: string; firstname: string; lastname: string; passwordHash: string },
  roles: Role[] = ['admin'],
): Promise<UserRow> {
  return db.transaction(async (trx) => {
    await lockAccounts(trx, 'identity.first-admin');
    if ((await countUsers(trx)) > 0) throw setupDone();
    const created = await insertUser(trx, { ...input, roles });
    await recordEvent(trx, 'identity', 'user.created', { userId: created.id, email: created.email, roles: created.roles });
    return created;
  });
}
