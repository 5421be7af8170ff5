import type { Db } from '@kermesse/kit';

export const insertToken = (db: Db, token: { jti: string; userId: string; expiresAt: Date }) =>
  db('tokens').insert({ jti: token.jti, user_id: token.userId, expires_at: token.expiresAt });

/** undefined when identity never issued this token. */
export const findToken = (db: Db, jti: string): Promise<{ jti: string; revoked_at: Date | null; expires_at: Date } | undefined> =>
  db('tokens').where({ jti }).first('jti', 'revoked_at', 'expires_at');

export const revokeToken = (db: Db, jti: string) =>
  db('tokens').where({ jti }).whereNull('revoked_at').update({ revoked_at: db.fn.now() });
