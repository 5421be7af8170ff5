/**
 * One signer for test tokens: tests sign access tokens with a key of their own process instead of
 * booting the real identity service, and verify them with the kit's own verifier.
 *
 *   const verifier = testTokenVerifier();                     // give it to buildApp({ verifier })
 *   const token = await signTestToken({ roles: ['cashier'] }); // Authorization: Bearer <token>
 *   const tokens = await testTokens();                         // { admin, caissier, benevole, tresorier }
 *   const identity = await startTestIdentity();               // IDENTITY_URL for a spawned service
 */
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JSONWebKeySet } from 'jose';
import type { Role } from '../auth/roles.ts';
import { JWKS_PATH, TOKEN_ALGORITHM, TOKEN_AUDIENCE, TOKEN_ISSUER, TOKEN_TYPE } from '../auth/tokens.ts';
import { createTokenVerifier, type TokenVerifier } from '../auth/verifier.ts';

const KID = 'kermesse-test-key';

interface TestKey {
  privateKey: CryptoKey;
  jwks: JSONWebKeySet;
}

let key: Promise<TestKey> | undefined;
/** The process's test key pair, made once. */
function testKey(): Promise<TestKey> {
  key ??= (async () => {
    const pair = await generateKeyPair(TOKEN_ALGORITHM, { crv: 'Ed25519', extractable: true });
    const jwk = await exportJWK(pair.publicKey);
    return { privateKey: pair.privateKey, jwks: { keys: [{ ...jwk, kid: KID, alg: TOKEN_ALGORITHM, use: 'sig' }] } };
  })();
  return key;
}

/** The public key set of the test signer (what identity serves at /.well-known/jwks.json). */
export async function testJwks(): Promise<JSONWebKeySet> {
  return (await testKey()).jwks;
}

export interface TestTokenClaims {
  roles: Role[];
  /** The user's id (default `test-<first role>`). */
  sub?: string;
  email?: string;
  /** Default a fresh uuid. */
  jti?: string;
  /** Seconds from now (default 3600); negative for an expired token. */
  expiresInSeconds?: number;
}

/** An access token exactly as identity signs it (EdDSA, issuer, audience, `at+jwt`), with the test key. */
export async function signTestToken(claims: TestTokenClaims): Promise<string> {
  const { privateKey } = await testKey();
  const sub = claims.sub ?? `test-${claims.roles[0] ?? 'user'}`;
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ email: claims.email ?? `${sub}@kermesse.local`, roles: claims.roles })
    .setProtectedHeader({ alg: TOKEN_ALGORITHM, typ: TOKEN_TYPE, kid: KID })
    .setIssuer(TOKEN_ISSUER)
    .setAudience(TOKEN_AUDIENCE)
    .setSubject(sub)
    .setJti(claims.jti ?? randomUUID())
    .setIssuedAt(now)
    .setExpirationTime(now + (claims.expiresInSeconds ?? 3600))
    .sign(privateKey);
}

/** The demo accounts' names (as the existing tests call them) and their roles. */
export const TEST_ACCOUNTS = {
  admin: { roles: ['admin'], email: 'admin@kermesse.local' },
  caissier: { roles: ['cashier'], email: 'caissier@kermesse.local' },
  benevole: { roles: ['volunteer'], email: 'benevole@kermesse.local' },
  tresorier: { roles: ['treasurer'], email: 'tresorier@kermesse.local' },
} as const satisfies Record<string, { roles: Role[]; email: string }>;
export type TestAccount = keyof typeof TEST_ACCOUNTS;

/** One token per demo account: `{ admin, caissier, benevole, tresorier }` (subject `test-<name>`). */
export async function testTokens(): Promise<Record<TestAccount, string>> {
  const entries = await Promise.all(
    Object.entries(TEST_ACCOUNTS).map(
      async ([name, account]) =>
        [name, await signTestToken({ sub: `test-${name}`, roles: [...account.roles], email: account.email })] as const,
    ),
  );
  return Object.fromEntries(entries) as Record<TestAccount, string>;
}

/** Token ids a test has revoked (the test verifier and the test identity refuse them). */
export interface Revocations {
  revoke(jti: string): void;
  isRevoked(jti: string): boolean;
}

function revocations(): Revocations {
  const revoked = new Set<string>();
  return { revoke: (jti) => void revoked.add(jti), isRevoked: (jti) => revoked.has(jti) };
}

/**
 * The kit's `createTokenVerifier` on the test key, answering « not revoked » for every token but the
 * ones `revoke(jti)` names — no identity service, no network.
 */
export function testTokenVerifier(): TokenVerifier & Revocations {
  const list = revocations();
  let local: ReturnType<typeof createLocalJWKSet> | undefined;
  const verifier = createTokenVerifier({
    identityUrl: 'http://identity.test.invalid',
    revocationTtlMs: 0,
    async keySet(header, token) {
      local ??= createLocalJWKSet(await testJwks());
      return local(header, token);
    },
    fetch: async (input) => {
      const jti = decodeURIComponent(String(input).split('/').pop() ?? '');
      return Response.json({ revoked: list.isRevoked(jti) });
    },
  });
  return Object.assign(verifier, list);
}

export interface TestIdentity extends Revocations {
  /** Base URL to give as IDENTITY_URL (a service in another process) or to `createTokenVerifier`. */
  url: string;
  close(): Promise<void>;
}

/**
 * A stand-in identity on a free port serving only what verifiers ask: the test key set and the
 * revocation answers. For services started in their own process by a test.
 */
export async function startTestIdentity(): Promise<TestIdentity> {
  const jwks = JSON.stringify(await testJwks());
  const list = revocations();
  const server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0] ?? '';
    if (path === JWKS_PATH) {
      res.writeHead(200, { 'content-type': 'application/json' }).end(jwks);
      return;
    }
    const match = /^\/internal\/tokens\/([^/]+)$/.exec(path);
    if (match) {
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ revoked: list.isRevoked(decodeURIComponent(match[1]!)) }));
      return;
    }
    res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"Ressource introuvable.","code":"NOT_FOUND"}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    ...list,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
