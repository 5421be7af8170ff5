/**
 * Identity restarting or away: the registers keep selling with the tokens the gateway already
 * checked (for a bounded time, docs/platform.md), while a token released through the gateway is
 * refused at once and a token never seen gets the French 503 (never a 401, which erases a token).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IDENTITY_AWAY_GRACE_MS } from '@kermesse/kit/auth';
import { eventually } from '@kermesse/kit/testing';
import { startTestGateway, type TestGateway } from './testSupport.ts';

let gateway: TestGateway | undefined;
afterEach(async () => {
  vi.useRealTimers();
  await gateway?.close();
  gateway = undefined;
});

const status = async (token: string, path = '/api/cr/events', method = 'GET') => {
  const res = await fetch(`${gateway!.url}${path}`, { method, headers: { Authorization: `Bearer ${token}` } });
  await res.arrayBuffer();
  return res.status;
};

/** Moves the gateway's clock (Date only: the token caches read Date.now()). */
function later(ms: number) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.now() + ms);
}

describe('identity away', () => {
  it('keeps serving a checked token past the revocation cache while identity is down, until the bound', async () => {
    gateway = await startTestGateway({ checkIntervalMs: 50 });
    const cashier = await gateway.identity.sign({ roles: ['cashier'] });
    expect(await status(cashier)).toBe(200);

    await gateway.identity.close();
    await eventually(async () => {
      const res = await fetch(`${gateway!.url}/readyz`);
      return ((await res.json()) as { upstreams: { identity: { up: number } } }).upstreams.identity.up === 0;
    });
    // Well past the 5 s « not revoked » answer and the minute of the signature check.
    later(90_000);
    for (let i = 0; i < 3; i += 1) expect(await status(cashier)).toBe(200);
    const stranger = await gateway.identity.sign({ roles: ['cashier'] });
    expect(await status(stranger)).toBe(503);

    later(IDENTITY_AWAY_GRACE_MS);
    expect(await status(cashier)).toBe(503);
  });

  it('refuses at once a token released through the gateway, even once identity is away', async () => {
    gateway = await startTestGateway({ checkIntervalMs: 50 }, { releaseRevokes: true });
    const released = await gateway.identity.sign({ roles: ['cashier'] });
    const kept = await gateway.identity.sign({ roles: ['cashier'] });
    expect(await status(released)).toBe(200);
    expect(await status(kept)).toBe(200);
    expect(await status(released, '/api/token/release', 'POST')).toBe(200);
    await gateway.identity.close();
    later(10_000);
    expect(await status(released)).not.toBe(200);
    expect(await status(kept)).toBe(200);
  });
});
