/**
 * A short-lived cache in front of the kit's token verifier, keyed by the token string.
 *
 * The kit checks an EdDSA signature on every call (a WebCrypto job on the thread pool, the largest
 * cost of a proxied request) and caches the revocation answer for a few seconds. The same token
 * string always carries the same signature, so the gateway reuses a successful verification for
 * `ttlMs` (1 s by default): a revoked token is then refused at most `ttlMs` later than the kit alone
 * would, an expired one never passes (expiry is checked on every hit), and `forget(jti)` — called
 * after a release — drops the entry at once. Failures are never cached.
 */
import type { AuthUser, TokenVerifier } from '@kermesse/kit';

export interface CachedVerifierOptions {
  ttlMs?: number;
  /** Upper bound on cached tokens; the oldest are dropped first. */
  maxEntries?: number;
  now?: () => number;
}

export interface CachedTokenVerifier extends TokenVerifier {
  /** The user of a token verified less than `ttlMs` ago and not expired, without waiting. */
  peek(token: string): AuthUser | undefined;
}

export function cachedVerifier(verifier: TokenVerifier, options: CachedVerifierOptions = {}): CachedTokenVerifier {
  const ttlMs = options.ttlMs ?? 1_000;
  const maxEntries = options.maxEntries ?? 10_000;
  const now = options.now ?? Date.now;
  const entries = new Map<string, { user: AuthUser; until: number }>();

  return {
    peek(token) {
      const entry = entries.get(token);
      if (!entry) return undefined;
      const time = now();
      return entry.until > time && entry.user.exp * 1000 > time ? entry.user : undefined;
    },
    async verify(token) {
      const entry = entries.get(token);
      const time = now();
      if (entry && entry.until > time && entry.user.exp * 1000 > time) return entry.user;
      if (entry) entries.delete(token);
      const user = await verifier.verify(token);
      if (entries.size >= maxEntries) {
        // Map keeps insertion order: the first key is the oldest entry.
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      entries.set(token, { user, until: now() + ttlMs });
      return user;
    },
    forget(jti) {
      for (const [token, entry] of entries) if (entry.user.jti === jti) entries.delete(token);
      verifier.forget(jti);
    },
  };
}
