/**
 * One-time links: a random token handed over (link, QR code, e-mail) whose SHA-256 only is stored.
 * A new account or a reset gets 48 h to set a password; a passkey made on one's own device 24 h.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { OneTimeLink } from '@kermesse/contracts-identity';
import type { Db, Trx } from '@kermesse/kit/db';
import { insertLink, retireLinks, type LinkPurpose } from './repositories/links.ts';

export const LINK_LIFETIME_MS: Record<LinkPurpose, number> = {
  setup: 48 * 3600_000,
  reset: 48 * 3600_000,
  passkey: 24 * 3600_000,
};

/** The shell pages that open each kind of link. */
const LINK_PAGES: Record<LinkPurpose, string> = {
  setup: '/mot-de-passe',
  reset: '/mot-de-passe',
  passkey: '/cle-d-acces',
};

export const hashLinkToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Issues a link for `userId` (earlier unused links of the same kind stop working). */
export async function issueLink(
  db: Db | Trx,
  publicUrl: string,
  userId: string,
  purpose: LinkPurpose,
  now = Date.now(),
): Promise<OneTimeLink> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now + LINK_LIFETIME_MS[purpose]);
  await retireLinks(db, userId, purpose === 'passkey' ? ['passkey'] : ['setup', 'reset']);
  await insertLink(db, { tokenHash: hashLinkToken(token), userId, purpose, expiresAt });
  const url = `${publicUrl.replace(/\/+$/, '')}${LINK_PAGES[purpose]}?jeton=${token}`;
  return { url, token, expiresAt: expiresAt.toISOString() };
}
