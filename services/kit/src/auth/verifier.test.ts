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
      .setIssuer('kermesse-identity').setAudience('kermesse').setSubject('u1').setJti('j1').setExpirationTime('1h')
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
