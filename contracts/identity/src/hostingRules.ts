/**
 * Hosting (docs/hosting.md): the rule of an association's slug, the first label of its host name
 * (`apel-ferry` in `apel-ferry.example.org`). Pure, shared by identity and the host console's form.
 */
import type { IdentityErrorCode } from './errors.ts';

/** 3 to 40 of a–z, 0–9 and `-`, starting and ending with a letter or digit: a valid DNS label. */
export const SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]{1,38})[a-z0-9]$/;

/**
 * Names the host keeps for itself: its own services (mail, API, status page…) or names that would
 * pass for the host's pages rather than an association's.
 */
export const RESERVED_SLUGS: ReadonlySet<string> = new Set([
  'www',
  'api',
  'admin',
  'host',
  'hote',
  'hebergeur',
  'console',
  'mail',
  'smtp',
  'imap',
  'pop',
  'mx',
  'ftp',
  'static',
  'assets',
  'cdn',
  'app',
  'docs',
  'doc',
  'status',
  'statut',
  'support',
  'aide',
  'help',
  'blog',
  'auth',
  'login',
  'connexion',
  'internal',
  'kermesse',
  'root',
  'test',
  'demo',
  'localhost',
]);

/** Why a slug is refused, or undefined when it may be taken (its uniqueness aside). */
export function slugProblemCode(slug: string): Extract<IdentityErrorCode, 'SLUG_INVALID' | 'SLUG_RESERVED'> | undefined {
  if (!SLUG_PATTERN.test(slug)) return 'SLUG_INVALID';
  if (RESERVED_SLUGS.has(slug)) return 'SLUG_RESERVED';
  return undefined;
}

/**
 * The bounds a host may set for an association's limits (docs/hosting.md, « Limits per
 * association »), checked by the API's schema and by the console's form alike: from 1 to 10 000
 * requests per second, from 1 ko to 100 Mo per file, up to 1 To of storage.
 */
export const LIMIT_RANGES = {
  requestsPerSecond: { minimum: 1, maximum: 10_000 },
  uploadBytes: { minimum: 1024, maximum: 100 * 1024 * 1024 },
  storageBytes: { minimum: 0, maximum: 1024 * 1024 * 1024 * 1024 },
} as const;
