import type { Db, Trx } from '@kermesse/kit/db';

export const insertToken = (db: Db | Trx, token: { jti: string; userId: string; expiresAt: Date }) =>
  db('tokens').insert({ jti: token.jti, user_id: token.userId, expires_at: token.expiresAt });

/** undefined when identity never issued this token. */
export const findToken = (
  db: Db,
  jti: string,
): Promise<{ jti: string; user_id: string; revoked_at: Date | null; expires_at: Date } | undefined> =>
  db('tokens').where({ jti }).first('jti', 'user_id', 'revoked_at', 'expires_at');

export const revokeToken = (db: Db | Trx, jti: string) =>
  db('tokens').where({ jti }).whereNull('revoked_at').update({ revoked_at: db.fn.now() });

/** Revokes every token of a person still in use (account disabled): their next call answers 401. */
export const revokeUserTokens = (db: Db | Trx, userId: string) =>
  db('tokens')
    .where({ user_id: userId })
    .whereNull('revoked_at')
    .andWhere('expires_at', '>', db.fn.now())
    .update({ revoked_at: db.fn.now() });
