/** Sign-in throttling at the gateway: per client address, 429 in French with Retry-After. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from './testSupport.ts';

describe('sign-in rate limit', () => {
  let gateway: TestGateway;

  beforeAll(async () => {
    gateway = await startTestGateway({ loginRateLimit: { max: 3, windowMs: 60_000 } });
  });

  afterAll(async () => {
    await gateway?.close();
  });

  const signIn = (path: string) =>
    fetch(gateway.url + path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'caissier@kermesse.local', password: 'x' }),
    });

  it('answers 429 with Retry-After once an address exceeds the limit on /api/login and /login', async () => {
    for (const path of ['/api/login', '/login', '/api/login/']) {
      const res = await signIn(path);
      expect(res.status).toBe(200);
      await res.arrayBuffer();
    }
    const limited = await signIn('/login');
    expect(limited.status).toBe(429);
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await limited.json()).toEqual({
      error: `Trop de tentatives de connexion. Réessayez dans ${retryAfter} secondes.`,
      code: 'TOO_MANY_REQUESTS',
    });

    // Other identity paths and reads are not throttled.
    const options = await fetch(`${gateway.url}/login/options`, {
      method: 'POST',
      body: '{}',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(options.status).toBe(200);
    const page = await fetch(`${gateway.url}/login`);
    expect(page.status).toBe(200);
  });
});
