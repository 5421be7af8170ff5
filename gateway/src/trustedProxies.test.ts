/**
 * With TRUST_PROXY=1, only the configured front proxies (TRUSTED_PROXIES, loopback by default) may
 * name the client in X-Forwarded-For: a client reaching the gateway directly cannot pick a new address
 * for each wrong password.
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readEnv } from './env.ts';
import { startTestGateway, type Echo, type TestGateway } from './testSupport.ts';

/** The trusted front proxy of these tests; the client connects from 127.0.0.1, which is not trusted. */
const PROXY = '127.0.0.2';
let gateway: TestGateway;

beforeAll(async () => {
  gateway = await startTestGateway({ trustProxy: true, trustedProxies: [PROXY], loginRateLimit: { max: 5, windowMs: 60_000 } });
});

afterAll(async () => {
  await gateway?.close();
});

/** A sign-in sent from `localAddress` with its own X-Forwarded-For. */
function signIn(localAddress: string, forwardedFor: string): Promise<{ status: number; echo?: Echo }> {
  const body = JSON.stringify({ email: 'caissier@kermesse.local', password: 'mauvais' });
  const target = new URL(gateway.url);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        hostname: target.hostname,
        port: target.port,
        path: '/api/login',
        method: 'POST',
        localAddress,
        agent: false,
        headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body), 'X-Forwarded-For': forwardedFor },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: res.statusCode ?? 0, echo: res.statusCode === 200 ? (JSON.parse(text) as Echo) : undefined });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('forwarded addresses', () => {
  it('a client reaching the gateway directly gets 429 however it rotates X-Forwarded-For', async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= 8; i += 1) {
      const { status, echo } = await signIn('127.0.0.1', `198.51.100.${i}`);
      statuses.push(status);
      // The service sees the socket's address, not the one the client wrote.
      if (echo) expect(echo.headers['x-forwarded-for']).toBe('127.0.0.1');
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
  });

  it('a configured front proxy still names each client', async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= 8; i += 1) {
      const { status, echo } = await signIn(PROXY, `6.6.6.6, 203.0.113.${i}`);
      statuses.push(status);
      expect(echo?.headers['x-forwarded-for']).toBe(`203.0.113.${i}`);
    }
    expect(statuses).toEqual(Array(8).fill(200));
  });
});

describe('TRUSTED_PROXIES', () => {
  it('defaults to loopback and reads addresses and CIDR ranges', () => {
    expect(readEnv({}).trustedProxies).toEqual(['127.0.0.0/8', '::1']);
    expect(readEnv({ TRUSTED_PROXIES: '10.0.0.0/8, 192.0.2.7,fd00::/8' }).trustedProxies).toEqual(['10.0.0.0/8', '192.0.2.7', 'fd00::/8']);
  });

  it('refuses an entry that is no address in French, naming it', () => {
    for (const entry of ['proxy.local', '10.0.0.0/33', '10.0.0.1/8/2', '::1/129']) {
      expect(() => readEnv({ TRUSTED_PROXIES: entry })).toThrow(
        `TRUSTED_PROXIES doit lister des adresses IP ou des plages CIDR séparées par des virgules (reçu « ${entry} »)`,
      );
    }
  });
});
