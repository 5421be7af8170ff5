import { createRemoteJWKSet, jwtVerify, errors as joseErrors, type JWTVerifyGetKey } from 'jose';
import { HttpError, unauthorized, serviceUnavailable } from '../http/errors.ts';
import { isRole, type Role } from './roles.ts';
import { ASSOCIATION_HEADER, isAssociationId, SINGLE_ASSOCIATION_ID } from '../tenancy/association.ts';
import { JWKS_PATH, TOKEN_ALGORITHM, TOKEN_AUDIENCE, TOKEN_ISSUER, TOKEN_TYPE, revocationPath } from './tokens.ts';

export interface AuthUser {
  id: string;
  email: string;
  roles: Role[];
  jti: string;
  /** Expiry, seconds since the epoch. */
  exp: number;
  /** The association the token was issued for (`aid`); tokens from before hosting: the install's one. */
  associationId: string;
}

export interface TokenVerifier {
  /** Resolves to the user, or throws a 401 HttpError with a French message. */
  verify(token: string): Promise<AuthUser>;
  /** Drops the cached answers for a token (after it is released), so it is refused at once. */
  forget(jti: string): void;
  /**
   * Drops every cached answer for the tokens of a person (account disabled, roles changed): their
   * next call asks identity again, which refuses the revoked tokens at once. Optional so a test's
   * stand-in verifier need not implement it.
   */
  forgetUser?(userId: string): void;
  /**
   * The user of a token whose signature and revocation answer are both still cached, without
   * waiting (the gateway's fast path); undefined means « call verify() ».
   */
  peek(token: string): AuthUser | undefined;
}

export interface TokenVerifierOptions {
  identityUrl: string;
  /** How long a "not revoked" answer is trusted. */
  revocationTtlMs?: number;
  /**
   * While identity cannot be reached (or answers 5xx), a token it confirmed valid and not revoked
   * within this long is still accepted (default {@link IDENTITY_AWAY_GRACE_MS}).
   */
  identityAwayGraceMs?: number;
  /** Injected key set, for tests that sign their own tokens. */
  keySet?: JWTVerifyGetKey;
  fetch?: typeof fetch;
}

const INVALID = 'Jeton invalide ou expiré.';
const VERIFIED_TTL_MS = 60_000;
const VERIFIED_CACHE_SIZE = 10_000;
const KEY_SET_UNREACHABLE = new Set(['ERR_JWKS_TIMEOUT', 'ERR_JWKS_INVALID']);
const REVOKED = 'Ce jeton a été révoqué.';
const IDENTITY_AWAY = "Service d'identité indisponible. Réessayez dans un instant.";

/**
 * How long a token stays accepted while identity is away, counted from the last time identity
 * confirmed it (its signature checked with identity's keys, « not revoked » answered): an identity
 * restart (a few seconds) or a longer outage does not stop the registers, while a token released or
 * revoked before identity went away is still refused — the gateway forgets it at once when it proxies
 * the release or hears `user.tokens.revoked` (docs/platform.md).
 */
export const IDENTITY_AWAY_GRACE_MS = 10 * 60_000;

/**
 * Verifies identity's access tokens: EdDSA only (never `none`, never a key named by the token),
 * issuer, audience, type and expiry, then asks identity whether the token was released.
 * Both the key set and the revocation answers are cached so a hot path costs one signature check.
 */
export function createTokenVerifier(options: TokenVerifierOptions): TokenVerifier {
  const base = options.identityUrl.replace(/\/$/, '');
  const keySet =
    options.keySet ??
    createRemoteJWKSet(new URL(base + JWKS_PATH), {
      cacheMaxAge: 10 * 60_000,
      cooldownDuration: 30_000,
      timeoutDuration: 3_000,
    });
  const ttl = options.revocationTtlMs ?? 5_000;
  const graceMs = options.identityAwayGraceMs ?? IDENTITY_AWAY_GRACE_MS;
  const doFetch = options.fetch ?? fetch;
  // jti → time until which "not revoked" holds, when identity last said so (the grace while it is
  // away counts from there) and whose token it is (forgetUser); revoked tokens are remembered until
  // they expire. Forgetting a token drops its entry, and with it the grace.
  const activeUntil = new Map<string, { until: number; confirmedAt: number; userId: string }>();
  const revoked = new Map<string, number>();

  async function isRevoked({ jti, exp, id: userId, associationId }: AuthUser): Promise<boolean> {
    const now = Date.now();
    if (revoked.has(jti)) return true;
    const active = activeUntil.get(jti);
    if (active !== undefined && active.until > now) return false;
    let answer: { revoked?: unknown };
    try {
      const res = await doFetch(base + revocationPath(jti), {
        headers: { [ASSOCIATION_HEADER]: associationId },
        signal: AbortSignal.timeout(3_000),
      });
      if (res.status === 404) answer = { revoked: true };
      else if (!res.ok) throw new Error(`identity answered ${res.status}`);
      else answer = (await res.json()) as { revoked?: unknown };
    } catch {
      // Identity away: a token it confirmed lately and nobody revoked since stays accepted, and is
      // trusted for another cache time (the gateway's fast path keeps serving it).
      if (active !== undefined && now - active.confirmedAt < graceMs) {
        active.until = Math.min(now + ttl, active.confirmedAt + graceMs);
        return false;
      }
      throw serviceUnavailable(IDENTITY_AWAY);
    }
    if (answer.revoked !== false) {
      revoked.set(jti, exp * 1000);
      activeUntil.delete(jti);
      return true;
    }
    if (activeUntil.size > 50_000) prune(now);
    activeUntil.set(jti, { until: now + ttl, confirmedAt: now, userId });
    return false;
  }

  function prune(now: number) {
    for (const [k, v] of activeUntil) if (v.until <= now && now - v.confirmedAt >= graceMs) activeUntil.delete(k);
    for (const [k, v] of revoked) if (v <= now) revoked.delete(k);
  }

  // The same token string always carries the same signature and claims: a successful check is
  // reused for a minute (expiry is still checked on every call, revocation as before), which spares
  // an EdDSA verification on every request of a busy register. When identity's key set cannot be
  // fetched, a check made within the grace still stands (the token string has not changed).
  const verified = new Map<string, { user: AuthUser; until: number; verifiedAt: number }>();
  async function checkSignature(token: string): Promise<AuthUser> {
    const now = Date.now();
    const entry = verified.get(token);
    if (entry && entry.user.exp * 1000 <= now) verified.delete(token);
    else if (entry && entry.until > now) return entry.user;
    let user: AuthUser;
    try {
      user = await verifyAccessToken(token, keySet);
    } catch (err) {
      const stillValid = entry !== undefined && entry.user.exp * 1000 > now && now - entry.verifiedAt < graceMs;
      if (stillValid && err instanceof HttpError && err.status === 503) {
        entry.until = Math.min(now + VERIFIED_TTL_MS, entry.verifiedAt + graceMs);
        return entry.user;
      }
      verified.delete(token);
      throw err;
    }
    if (!entry && verified.size >= VERIFIED_CACHE_SIZE) {
      // Map keeps insertion order: the first key is the oldest entry.
      const oldest = verified.keys().next().value;
      if (oldest !== undefined) verified.delete(oldest);
    }
    verified.set(token, { user, until: now + VERIFIED_TTL_MS, verifiedAt: now });
    return user;
  }

  return {
    async verify(token) {
      const user = await checkSignature(token);
      if (await isRevoked(user)) throw unauthorized(REVOKED);
      return user;
    },
    forget(jti) {
      activeUntil.delete(jti);
      for (const [token, entry] of verified) if (entry.user.jti === jti) verified.delete(token);
    },
    forgetUser(userId) {
      // A rare administrator action: a walk over the cache beats an index kept on every request.
      for (const [jti, active] of activeUntil) if (active.userId === userId) activeUntil.delete(jti);
    },
    peek(token) {
      const now = Date.now();
      const entry = verified.get(token);
      if (!entry || entry.until <= now || entry.user.exp * 1000 <= now) return undefined;
      const active = activeUntil.get(entry.user.jti);
      return active !== undefined && active.until > now ? entry.user : undefined;
    },
  };
}

/**
 * Checks an access token's signature and claims (EdDSA only, issuer, audience, type, expiry) and
 * returns its user; no revocation check. Identity uses it with its own keys, the verifier with JWKS.
 */
export async function verifyAccessToken(token: string, keySet: JWTVerifyGetKey): Promise<AuthUser> {
  let payload;
  try {
    ({ payload } = await jwtVerify(token, keySet, {
      algorithms: [TOKEN_ALGORITHM],
      issuer: TOKEN_ISSUER,
      audience: TOKEN_AUDIENCE,
      typ: TOKEN_TYPE,
      requiredClaims: ['jti', 'exp', 'sub'],
    }));
  } catch (err) {
    // The key set could not be fetched (identity down): the token may well be valid, so the
    // client must not throw it away — a 503, not a 401.
    if (!(err instanceof joseErrors.JOSEError) || KEY_SET_UNREACHABLE.has(err.code)) {
      throw serviceUnavailable(IDENTITY_AWAY);
    }
    throw unauthorized(INVALID);
  }
  return {
    id: String(payload.sub),
    email: typeof payload.email === 'string' ? payload.email : '',
    associationId: isAssociationId(payload.aid) ? payload.aid : SINGLE_ASSOCIATION_ID,
    roles: Array.isArray(payload.roles) ? payload.roles.filter(isRole) : [],
    jti: String(payload.jti),
    exp: Number(payload.exp),
  };
}

/** What `forgetRevokedPeople` needs of a bus: a core NATS subscription to one event's subjects (every association's). */
export interface RevocationFeed {
  nc: { subscribe(subject: string, options: { callback(err: Error | null, msg: { data: Uint8Array }): void }): { unsubscribe(): void } };
  subjects(type: 'user.tokens.revoked'): string;
}

/**
 * Drops a person's cached tokens as soon as identity says it revoked them (`user.tokens.revoked`:
 * account disabled, roles changed). A plain NATS subscription, not a durable consumer: every replica
 * of the gateway (or of a service) receives every such event, and one missed while disconnected only
 * costs the revocation cache's few seconds. Returns the function that stops listening.
 */
export function forgetRevokedPeople(
  bus: RevocationFeed,
  verifier: TokenVerifier,
  onError: (err: unknown) => void = () => undefined,
): () => void {
  const decoder = new TextDecoder();
  const subscription = bus.nc.subscribe(bus.subjects('user.tokens.revoked'), {
    callback(err, msg) {
      if (err) return onError(err);
      try {
        const envelope = JSON.parse(decoder.decode(msg.data)) as { type?: unknown; payload?: { userId?: unknown } };
        const userId = envelope.payload?.userId;
        if (envelope.type === 'user.tokens.revoked' && typeof userId === 'string' && userId) verifier.forgetUser?.(userId);
      } catch (parseError) {
        onError(parseError);
      }
    },
  });
  return () => subscription.unsubscribe();
}
