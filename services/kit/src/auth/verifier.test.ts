import { afterEach, describe, expect, it, vi } from 'vitest';
import { generateKeyPair, SignJWT, type JWTVerifyGetKey } from 'jose';
import { createTokenVerifier, IDENTITY_AWAY_GRACE_MS } from './verifier.ts';
import { HttpError } from '../http/errors.ts';
import { REFUSING_URL } from '../testing/index.ts';

async function refusal(promise: Promise<unknown>): Promise<HttpError> {
  try {
    await promise;
  } catch (err) {
    return err as HttpError;
  }
  throw new Error('expected a refusal');
}

describe('token verifier', () => {
  it('answers 503 (keep the token) rather than 401 when identity cannot be reached', async () => {
    const verifier = createTokenVerifier({ identityUrl: REFUSING_URL });
    const { privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
    const token = await new SignJWT({ roles: ['cashier'] })
      .setProtectedHeader({ alg: 'EdDSA', typ: 'at+jwt', kid: 'k1' })
      .setIssuer('kermesse-identity')
      .setAudience('kermesse')
      .setSubject('u1')
      .setJti('j1')
      .setExpirationTime('1h')
      .sign(privateKey);
    const err = await refusal(verifier.verify(token));
    expect(err.status).toBe(503);
    expect(err.message).toBe("Service d'identité indisponible. Réessayez dans un instant.");
  });

  it('answers 401 for a token that is not a JWT at all, without asking identity', async () => {
    const verifier = createTokenVerifier({ identityUrl: REFUSING_URL });
    const err = await refusal(verifier.verify('pas-un-jeton'));
    expect(err.status).toBe(401);
    expect(err.message).toBe('Jeton invalide ou expiré.');
  });
});

describe('token verifier caches', () => {
  async function setup() {
    const { privateKey, publicKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
    const { createLocalJWKSet, exportJWK } = await import('jose');
    const keySet = createLocalJWKSet({ keys: [{ ...(await exportJWK(publicKey)), alg: 'EdDSA' }] });
    let revokedAnswer = false;
    let revocationCalls = 0;
    // Stands in for identity's revocation endpoint, which this unit test does not start.
    const fetchRevocation = (async () => {
      revocationCalls += 1;
      return new Response(JSON.stringify({ revoked: revokedAnswer }), { headers: { 'content-type': 'application/json' } });
    }) as unknown as typeof fetch;
    const verifier = createTokenVerifier({ identityUrl: 'http://identity.invalid', keySet, fetch: fetchRevocation });
    const token = await new SignJWT({ roles: ['cashier'], email: 'c@k.fr' })
      .setProtectedHeader({ alg: 'EdDSA', typ: 'at+jwt' })
      .setIssuer('kermesse-identity')
      .setAudience('kermesse')
      .setSubject('u1')
      .setJti('jti-1')
      .setExpirationTime('1h')
      .sign(privateKey);
    return {
      verifier,
      token,
      revoke: () => {
        revokedAnswer = true;
      },
      calls: () => revocationCalls,
    };
  }

  it('peeks a token only once it has been verified, and asks identity once within the cache time', async () => {
    const { verifier, token, calls } = await setup();
    expect(verifier.peek(token)).toBeUndefined();
    await verifier.verify(token);
    await verifier.verify(token);
    expect(calls()).toBe(1);
    expect(verifier.peek(token)).toMatchObject({ jti: 'jti-1', roles: ['cashier'] });
  });

  it('forgets a released token at once', async () => {
    const { verifier, token, revoke } = await setup();
    await verifier.verify(token);
    revoke();
    verifier.forget('jti-1');
    expect(verifier.peek(token)).toBeUndefined();
    expect((await refusal(verifier.verify(token))).message).toBe('Ce jeton a été révoqué.');
  });

  it('forgets every token of a person at once (account disabled), and only theirs', async () => {
    const { verifier, token, revoke } = await setup();
    await verifier.verify(token);
    revoke();
    verifier.forgetUser?.('someone-else');
    expect(verifier.peek(token)).toMatchObject({ jti: 'jti-1' });
    verifier.forgetUser?.('u1');
    expect(verifier.peek(token)).toBeUndefined();
    expect((await refusal(verifier.verify(token))).message).toBe('Ce jeton a été révoqué.');
  });
});

describe('token verifier while identity is away', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A verifier whose identity (key set and revocation endpoint) can be taken away and brought back. */
  async function setup() {
    const { privateKey, publicKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
    const { createLocalJWKSet, exportJWK } = await import('jose');
    const keys = createLocalJWKSet({ keys: [{ ...(await exportJWK(publicKey)), alg: 'EdDSA' }] });
    const identity = { away: false, revokedJtis: new Set<string>() };
    // What jose's remote key set throws when identity's JWKS cannot be fetched.
    const keySet: JWTVerifyGetKey = (header, token) => {
      if (identity.away) throw new TypeError('fetch failed');
      return keys(header, token);
    };
    const fetchRevocation = (async (input: string | URL | Request) => {
      if (identity.away) throw new TypeError('fetch failed');
      const jti = String(input).split('/').pop()!;
      return new Response(JSON.stringify({ revoked: identity.revokedJtis.has(jti) }), { headers: { 'content-type': 'application/json' } });
    }) as unknown as typeof fetch;
    const verifier = createTokenVerifier({ identityUrl: 'http://identity.invalid', keySet, fetch: fetchRevocation });
    const sign = (sub: string, jti: string) =>
      new SignJWT({ roles: ['cashier'], email: `${sub}@k.fr` })
        .setProtectedHeader({ alg: 'EdDSA', typ: 'at+jwt' })
        .setIssuer('kermesse-identity')
        .setAudience('kermesse')
        .setSubject(sub)
        .setJti(jti)
        .setExpirationTime('1h')
        .sign(privateKey);
    return { verifier, identity, sign };
  }

  /** Moves the verifier's clock (Date only: jose and the caches read Date.now()). */
  function later(ms: number) {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + ms);
  }

  it('keeps accepting a token identity confirmed, past every cache time, until the bound', async () => {
    const { verifier, identity, sign } = await setup();
    const token = await sign('u1', 'jti-away');
    await verifier.verify(token);
    identity.away = true;
    // Past the 5 s « not revoked » answer and the minute of the signature check: still the cashier.
    later(2 * 60_000);
    expect(await verifier.verify(token)).toMatchObject({ id: 'u1', jti: 'jti-away' });
    // The fast path serves it again for a cache time rather than asking identity on every request.
    expect(verifier.peek(token)).toMatchObject({ jti: 'jti-away' });
    later(IDENTITY_AWAY_GRACE_MS);
    const err = await refusal(verifier.verify(token));
    expect(err.status).toBe(503);
    expect(err.message).toBe("Service d'identité indisponible. Réessayez dans un instant.");
  });

  it('answers 503 for a token it never checked while identity is away', async () => {
    const { verifier, identity, sign } = await setup();
    identity.away = true;
    expect((await refusal(verifier.verify(await sign('u1', 'jti-new')))).status).toBe(503);
  });

  it('refuses at once, identity away, a token released or a person revoked before (known here), and keeps the others', async () => {
    const { verifier, identity, sign } = await setup();
    const released = await sign('u1', 'jti-released');
    const disabled = await sign('u2', 'jti-disabled');
    const other = await sign('u3', 'jti-other');
    for (const token of [released, disabled, other]) await verifier.verify(token);
    identity.away = true;
    later(10_000);
    verifier.forget('jti-released');
    verifier.forgetUser?.('u2');
    expect((await refusal(verifier.verify(released))).status).toBe(503);
    expect((await refusal(verifier.verify(disabled))).status).toBe(503);
    expect(verifier.peek(released)).toBeUndefined();
    expect(await verifier.verify(other)).toMatchObject({ id: 'u3' });
  });

  it('still refuses a token identity said was revoked', async () => {
    const { verifier, identity, sign } = await setup();
    const token = await sign('u1', 'jti-revoked');
    identity.revokedJtis.add('jti-revoked');
    expect((await refusal(verifier.verify(token))).status).toBe(401);
    identity.away = true;
    later(10_000);
    expect((await refusal(verifier.verify(token))).message).toBe('Ce jeton a été révoqué.');
  });
});
