import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EARLY_ANSWER_TTL_MS, startEarlyRequests } from './earlyRequests';
import { registerStartupRequests } from './registerStartup';

describe('early requests', () => {
  const original = window.fetch;
  let network: ReturnType<typeof vi.fn>;

  beforeEach(() => {
    network = vi.fn(async (input: RequestInfo | URL) => new Response(JSON.stringify({ asked: String(input) }), { status: 200 }));
    window.fetch = network as unknown as typeof fetch;
  });
  afterEach(() => {
    window.fetch = original;
  });

  it("answers the page's first identical GET from the early request, once", async () => {
    startEarlyRequests([{ path: '/api/cr/checkouts/3/session', token: 'jeton' }]);
    expect(network).toHaveBeenCalledTimes(1);
    const first = await window.fetch('/api/cr/checkouts/3/session', {
      headers: { Accept: 'application/json', Authorization: 'Bearer jeton' },
    });
    expect(await first.json()).toEqual({ asked: '/api/cr/checkouts/3/session' });
    expect(network).toHaveBeenCalledTimes(1);
    // A second call is the page's own: it goes to the network.
    await window.fetch('/api/cr/checkouts/3/session', { headers: { Authorization: 'Bearer jeton' } });
    expect(network).toHaveBeenCalledTimes(2);
  });

  it('answers every identical GET from a shared early request (the settings, read by the idle lock and the register)', async () => {
    let now = 1_000;
    startEarlyRequests([{ path: '/api/cr/settings?eventId=2', token: 'jeton', shared: true }], () => now);
    const read = () => window.fetch('/api/cr/settings?eventId=2', { headers: { Authorization: 'Bearer jeton' } });
    const [idleLock, register] = await Promise.all([read(), read()]);
    expect(await idleLock.json()).toEqual({ asked: '/api/cr/settings?eventId=2' });
    expect(await register.json()).toEqual({ asked: '/api/cr/settings?eventId=2' });
    expect(network).toHaveBeenCalledTimes(1);
    // Past its time, the page asks the network again.
    now += EARLY_ANSWER_TTL_MS + 1;
    await read();
    expect(network).toHaveBeenCalledTimes(2);
  });

  it('never serves another account, a forced refresh, another method or a stale answer', async () => {
    let now = 1_000;
    startEarlyRequests(
      ['/a', '/b', '/c', '/d'].map((path) => ({ path, token: 'jeton' })),
      () => now,
    );
    await window.fetch('/a', { headers: { Authorization: 'Bearer autre' } });
    await window.fetch('/b', { headers: { Authorization: 'Bearer jeton', 'Cache-Control': 'no-cache' } });
    await window.fetch('/c', { method: 'POST', headers: { Authorization: 'Bearer jeton' } });
    now += EARLY_ANSWER_TTL_MS + 1;
    await window.fetch('/d', { headers: { Authorization: 'Bearer jeton' } });
    expect(network).toHaveBeenCalledTimes(8);
  });

  it('answers a request without a token (the manifest of remotes) only to a request without one', async () => {
    startEarlyRequests([{ path: '/remotes.json' }, { path: '/autre.json' }]);
    await window.fetch('/remotes.json', { headers: { Accept: 'application/json' } });
    await window.fetch('/autre.json', { headers: { Authorization: 'Bearer jeton' } });
    expect(network).toHaveBeenCalledTimes(3);
  });

  it('asks the network again when the early request failed', async () => {
    network.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    startEarlyRequests([{ path: '/api/cr/events', token: 'jeton' }]);
    const answer = await window.fetch('/api/cr/events', { headers: { Authorization: 'Bearer jeton' } });
    expect(answer.status).toBe(200);
    expect(network).toHaveBeenCalledTimes(2);
  });

  it("knows the register's first requests only on /caisse with a chosen register", () => {
    const storage = { getItem: () => JSON.stringify({ eventId: 2, checkout: { id: 7, name: 'Caisse Buvette' } }) };
    expect(registerStartupRequests('/caisse', storage)).toEqual([
      { path: '/api/cr/checkouts/7/session', shared: false },
      { path: '/api/cr/checkouts/7', shared: false },
      { path: '/api/cr/settings?eventId=2', shared: true },
    ]);
    expect(registerStartupRequests('/caisse/remboursement', storage)).toEqual([]);
    expect(registerStartupRequests('/caisse', { getItem: () => null })).toEqual([]);
    expect(registerStartupRequests('/caisse', { getItem: () => '{"eventId":"x"}' })).toEqual([]);
  });
});
