import { describe, expect, it } from 'vitest';
import { generateKeyPair, SignJWT } from 'jose';
import { createTokenVerifier } from './verifier.ts';
import { HttpError } from '../http/errors.ts';
import { freePort } from '../testing/index.ts';

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
    const verifier = createTokenVerifier({ identityUrl: `http://127.0.0.1:${await freePort()}` });
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
    const verifier = createTokenVerifier({ identityUrl: `http://127.0.0.1:${await freePort()}` });
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
