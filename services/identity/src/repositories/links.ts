import type { Db, Trx } from '@kermesse/kit/db';

export type LinkPurpose = 'setup' | 'reset' | 'passkey';

export interface LinkRow {
  token_hash: string;
  user_id: string;
  purpose: LinkPurpose;
  expires_at: Date;
  used_at: Date | null;
}

export const insertLink = (db: Db | Trx, link: { tokenHash: string; userId: string; purpose: LinkPurpose; expiresAt: Date }) =>
  db('one_time_links').insert({ token_hash: link.tokenHash, user_id: link.userId, purpose: link.purpose, expires_at: link.expiresAt });

/** The link if it was never used and has not expired. */
export const findUsableLink = (db: Db | Trx, tokenHash: string): Promise<LinkRow | undefined> =>
  db('one_time_links').where({ token_hash: tokenHash }).whereNull('used_at').andWhere('expires_at', '>', db.fn.now()).first();

/** Marks the link used; false when another request used it first. */
export const consumeLink = async (trx: Trx, tokenHash: string): Promise<boolean> =>
  (await trx('one_time_links').where({ token_hash: tokenHash }).whereNull('used_at').update({ used_at: trx.fn.now() })) === 1;

/** A new link replaces the earlier unused ones of the same purpose (reset twice: only the last works). */
export const retireLinks = (db: Db | Trx, userId: string, purposes: LinkPurpose[]) =>
  db('one_time_links').where({ user_id: userId }).whereIn('purpose', purposes).whereNull('used_at').update({ used_at: db.fn.now() });
