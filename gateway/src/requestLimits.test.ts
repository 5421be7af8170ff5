/**
 * Hosting: each association's API requests have their own limit (docs/hosting.md, « Limits per
 * association »). One association over its limit is answered 429 in French with Retry-After while
 * another's requests still go through, and the services hear each association's upload limits.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS_HEADER } from '@kermesse/kit/tenancy';
import { createRequestLimiter } from './requestLimits.ts';
import { rawRequest, startTestGateway, type Echo, type TestGateway } from './testSupport.ts';

const NOISY = '33333333-3333-4333-8333-333333333333';
const QUIET = '44444444-4444-4444-8444-444444444444';

let gateway: TestGateway;
let port: string;

beforeAll(async () => {
  gateway = await startTestGateway({ hosting: { domain: 'localhost' } });
  // One request per second, a bucket of three: a limit the test passes at once even on a slow machine.
  gateway.identity.directory.set('comite-bruyant', { id: NOISY, state: 'active', limits: { requestsPerSecond: 1 } });
  gateway.identity.directory.set('ecole-calme', {
    id: QUIET,
    state: 'active',
    limits: { requestsPerSecond: 1000, uploadBytes: 1_000_000, storageBytes: 5_000_000 },
  });
  port = new URL(gateway.url).port;
});

afterAll(async () => {
  await gateway?.close();
});

const on = (slug: string, path: string, headers: Record<string, string> = {}) =>
  rawRequest(gateway.url, path, { headers: { host: `${slug}.localhost:${port}`, ...headers } });

describe('requests per association', () => {
  it('answers 429 with Retry-After to the association over its limit while another association still gets 200', async () => {
    // Thirty at once: far more than the noisy association's bucket holds, far faster than it refills.
    const answers = await Promise.all(Array.from({ length: 30 }, () => on('comite-bruyant', '/api/setup')));
    expect(answers.filter((a) => a.status === 200).length).toBeGreaterThanOrEqual(3);
    const refused = answers.find((a) => a.status === 429)!;
    expect(refused).toBeDefined();
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(JSON.parse(refused.body)).toEqual({
      error: `Trop de requêtes pour votre association en ce moment. Réessayez dans ${retryAfter} seconde${retryAfter > 1 ? 's' : ''}.`,
      code: 'TOO_MANY_REQUESTS',
    });

    // The other association's requests are untouched, through Koa and the fast path alike.
    for (let i = 0; i < 20; i += 1) expect((await on('ecole-calme', '/api/setup')).status).toBe(200);
    const token = await gateway.identity.sign({ roles: ['cashier'], aid: QUIET });
    for (let i = 0; i < 3; i += 1)
      expect((await on('ecole-calme', '/api/cr/events', { authorization: `Bearer ${token}` })).status).toBe(200);
    // Pages are not API requests: the noisy association's volunteers still load the screens.
    expect((await on('comite-bruyant', '/caisse')).status).not.toBe(429);
  });

  it("passes each association's upload limits to the services, never a client's own", async () => {
    const answer = await on('ecole-calme', '/api/setup', { [LIMITS_HEADER]: 'upload=999999999; storage=999999999' });
    expect((JSON.parse(answer.body) as Echo).headers[LIMITS_HEADER]).toBe('upload=1000000; storage=5000000');
    const single = await rawRequest(gateway.url, '/api/setup', { headers: { host: `localhost:${port}`, [LIMITS_HEADER]: 'upload=1' } });
    expect((JSON.parse(single.body) as Echo).headers[LIMITS_HEADER]).toBeUndefined();
  });
});

describe('the token bucket', () => {
  it('lets a burst of three seconds through, then one request per interval as it refills', () => {
    let time = 0;
    const limiter = createRequestLimiter(() => time);
    for (let i = 0; i < 30; i += 1) expect(limiter.take('a', 10)).toBe(0);
    expect(limiter.take('a', 10)).toBe(1);
    expect(limiter.take('b', 10)).toBe(0);
    time += 100;
    expect(limiter.take('a', 10)).toBe(0);
    expect(limiter.take('a', 10)).toBe(1);
  });
});
