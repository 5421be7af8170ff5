import type { Db, Trx } from '@kermesse/kit/db';

export interface ApiTokenRow {
  jti: string;
  name: string;
  roles: string[];
  created_by: string;
  created_by_email: string;
  created_at: Date;
  expires_at: Date;
  last_used_at: Date | null;
  revoked_at: Date | null;
}

export const insertApiToken = (trx: Trx, token: { jti: string; name: string; roles: string[]; createdBy: string }) =>
  trx('api_tokens').insert({ jti: token.jti, name: token.name, roles: token.roles, created_by: token.createdBy });

const selectApiTokens = (db: Db | Trx) =>
  db('api_tokens as a')
    .join('tokens as t', 't.jti', 'a.jti')
    .join('users as u', 'u.id', 'a.created_by')
    .select(
      'a.jti',
      'a.name',
      'a.roles',
      'a.created_by',
      'u.email as created_by_email',
      'a.created_at',
      't.expires_at',
      'a.last_used_at',
      't.revoked_at',
    );

/** Every tool's token, the newest first. */
export const listApiTokens = (db: Db): Promise<ApiTokenRow[]> => selectApiTokens(db).orderBy('a.created_at', 'desc');

export const findApiToken = (db: Db | Trx, jti: string): Promise<ApiTokenRow | undefined> =>
  selectApiTokens(db).where('a.jti', jti).first();

/**
 * Notes that a gateway or a service just checked this tool's token (its « last use »), at most once a
 * minute so a busy script does not write on every request; a person's token matches no row.
 */
export const touchApiToken = (db: Db, jti: string) =>
  db('api_tokens')
    .where({ jti })
    .andWhere((q) => q.whereNull('last_used_at').orWhere('last_used_at', '<', db.raw("now() - interval '1 minute'")))
    .update({ last_used_at: db.fn.now() });
