import type { Db } from '@kermesse/kit/db';
import { linkInvalid } from '../errors.ts';
import { consumeLink } from '../repositories/links.ts';
import { revokeUserTokens } from '../repositories/tokens.ts';
import { updateUser } from '../repositories/users.ts';

/**
 * Sets the password a one-time link was sent for, in one transaction: the link is used up (a
 * second use, even at the same moment, is refused), and the person's sessions end — after a reset
 * the old password may be known to someone else.
 */
export async function setPasswordFromLink(db: Db, link: { token_hash: string }, userId: string, passwordHash: string): Promise<void> {
  await db.transaction(async (trx) => {
    if (!(await consumeLink(trx, link.token_hash))) throw linkInvalid();
    await updateUser(trx, userId, { password_hash: passwordHash });
    await revokeUserTokens(trx, userId);
  });
}
