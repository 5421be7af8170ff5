import type { Db } from '@kermesse/kit/db';
import { updateUser } from '../repositories/users.ts';

/** The person's own password change (the current one already checked, the new one already hashed). */
export async function changePassword(db: Db, userId: string, passwordHash: string): Promise<void> {
  await db.transaction((trx) => updateUser(trx, userId, { password_hash: passwordHash }));
}
