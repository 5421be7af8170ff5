/**
 * Several replicas per service and what the gateway knows of their health: balancing, a service
 * known to be down answered 503 at once (no socket waited on), a refused connection or a replica
 * dying under a GET sent to the other replica, never a replayed body, replicas coming back, and the
 * gateway's own `/healthz` and `/readyz`.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { listen, SERVICE_NAMES } from '@kermesse/kit/http';
import { eventually, REFUSING_URL } from '@kermesse/kit/testing';
import { buildApp } from './app.ts';
import { readEnv } from './env.ts';
import { echoHandler, silentLogger, startServer, startTestGateway, type Echo, type TestGateway, type TestServer } from './testSupport.ts';

const UNAVAILABLE = { error: 'Service momentanément indisponible. Réessayez dans un instant.', code: 'UNAVAILABLE' };

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

interface Replica extends TestServer {
  /** API requests it received (health checks not counted). */
  hits: string[];
  /** What `/readyz` answers. */
  ready: number;
}

/**
 * A register replica: echoes as `name`, answers `/readyz` with `ready`, never answers `/api/cr/hang`,
 * and with `dies` dies (socket cut, no answer) on `/api/cr/die`. Answers close their connection so that a
 * replica closed by a test leaves no pooled socket behind.
 */
async function startReplica(name: string, { dies = false } = {}): Promise<Replica> {
  const echo = echoHandler(name);
  const hits: string[] = [];
  const replica = {} as Replica;
  const server = await startServer((req: IncomingMessage, res: ServerResponse) => {
    res.setHeader('Connection', 'close');
    if (req.url === '/readyz') {
      res.writeHead(replica.ready, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ status: replica.ready === 200 ? 'ready' : 'not ready' }));
      return;
    }
    hits.push(`${req.method} ${req.url}`);
    if (req.url === '/api/cr/hang') return;
    if (dies && req.url?.startsWith('/api/cr/die')) {
      req.socket.destroy();
      return;
    }
    void echo(req, res);
  });
  Object.assign(replica, server, { hits, ready: 200 });
  cleanups.push(() => server.close());
  return replica;
}

async function gatewayWith(register: string[], options: { checkIntervalMs?: number } = {}): Promise<TestGateway> {
  const gateway = await startTestGateway({ upstreams: { register } as never, checkIntervalMs: options.checkIntervalMs ?? 50 });
  cleanups.push(() => gateway.close());
  return gateway;
}

async function readiness(gateway: TestGateway) {
  const res = await fetch(`${gateway.url}/readyz`);
  return {
    status: res.status,
    body: (await res.json()) as { status: string; upstreams: Record<string, { up: number; total: number; down?: string[] }> },
  };
}

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

describe('balancing across replicas', () => {
  it('spreads requests over every replica that is up', async () => {
    const a = await startReplica('register-a');
    const b = await startReplica('register-b');
    const gateway = await gatewayWith([a.url, b.url]);
    const token = await gateway.identity.sign({ roles: ['cashier'] });
    const served: string[] = [];
    for (let i = 0; i < 10; i += 1) {
      const res = await fetch(`${gateway.url}/api/cr/events`, { headers: auth(token) });
      expect(res.status).toBe(200);
      served.push(((await res.json()) as Echo).service);
    }
    expect(served.filter((s) => s === 'register-a')).toHaveLength(5);
    expect(served.filter((s) => s === 'register-b')).toHaveLength(5);
  });

  it('reads several URLs per service from the environment', () => {
    const env = readEnv({ REGISTER_URL: 'http://10.0.0.5:8102, http://10.0.0.6:8102/' });
    expect(env.upstreams.register).toEqual(['http://10.0.0.5:8102', 'http://10.0.0.6:8102']);
    expect(env.upstreams.stock).toEqual(['http://127.0.0.1:8106']);
    expect(() => readEnv({ REGISTER_URL: 'http://10.0.0.5:8102,ftp://x' })).toThrow(/REGISTER_URL doit être une URL http\(s\)/);
  });
});

describe('a service known to be down', () => {
  it('answers the French 503 at once without sending anything, then serves again once /readyz says ready', async () => {
    const a = await startReplica('register-a');
    a.ready = 503;
    const gateway = await gatewayWith([a.url]);
    const token = await gateway.identity.sign({ roles: ['cashier'] });
    await eventually(async () => (await readiness(gateway)).body.upstreams.register?.up === 0);

    // A request that would hang for 30 s if it reached the replica answers at once.
    for (let i = 0; i < 3; i += 1) {
      const started = performance.now();
      const res = await fetch(`${gateway.url}/api/cr/hang`, { headers: auth(token) });
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual(UNAVAILABLE);
      // Well under the connect (2 s) and response (30 s) timeouts: no socket was waited on.
      expect(performance.now() - started).toBeLessThan(1_000);
    }
    expect(a.hits).toEqual([]);

    a.ready = 200;
    const res = await eventually(async () => {
      const attempt = await fetch(`${gateway.url}/api/cr/events`, { headers: auth(token) });
      return attempt.status === 200 ? attempt : undefined;
    });
    expect(((await res.json()) as Echo).service).toBe('register-a');
    expect((await readiness(gateway)).body.upstreams.register).toEqual({ up: 1, total: 1 });
  });

  it('sends nothing to a replica that is down while another is up', async () => {
    const a = await startReplica('register-a');
    const b = await startReplica('register-b');
    a.ready = 503;
    const gateway = await gatewayWith([a.url, b.url]);
    const token = await gateway.identity.sign({ roles: ['cashier'] });
    await eventually(async () => (await readiness(gateway)).body.upstreams.register?.up === 1);
    for (let i = 0; i < 6; i += 1) {
      const res = await fetch(`${gateway.url}/api/cr/events`, { headers: auth(token) });
      expect(((await res.json()) as Echo).service).toBe('register-b');
    }
    expect(a.hits).toEqual([]);
  });
});

describe('a replica that dies', () => {
  it('sends a sale whose connection is refused to the other replica, body intact, and marks the dead one down', async () => {
    const a = await startReplica('register-a');
    const b = await startReplica('register-b');
    // No periodic check after the first round: the refused connection alone must be enough.
    const gateway = await gatewayWith([a.url, b.url], { checkIntervalMs: 600_000 });
    const token = await gateway.identity.sign({ roles: ['cashier'] });
    await eventually(async () => (await readiness(gateway)).body.upstreams.register?.up === 2);
    await a.close();

    const body = randomBytes(40_000).toString('base64');
    for (let i = 0; i < 4; i += 1) {
      const res = await fetch(`${gateway.url}/api/cr/sale`, {
        method: 'POST',
        headers: { ...auth(token), 'Content-Type': 'text/plain' },
        body,
      });
      expect(res.status).toBe(200);
      const echo = (await res.json()) as Echo;
      expect(echo.service).toBe('register-b');
      expect(echo.bodySha256).toBe(createHash('sha256').update(body).digest('hex'));
    }
    const { body: ready } = await readiness(gateway);
    expect(ready.upstreams.register?.up).toBe(1);
    expect(ready.upstreams.register?.down?.[0]).toContain('ECONNREFUSED');
  });

  it('sends a GET again to the other replica when the first dies before answering', async () => {
    const a = await startReplica('register-a', { dies: true });
    const b = await startReplica('register-b');
    const gateway = await gatewayWith([a.url, b.url], { checkIntervalMs: 600_000 });
    const token = await gateway.identity.sign({ roles: ['cashier'] });
    await eventually(async () => (await readiness(gateway)).body.upstreams.register?.up === 2);

    const res = await fetch(`${gateway.url}/api/cr/die`, { headers: auth(token) });
    expect(res.status).toBe(200);
    expect(((await res.json()) as Echo).service).toBe('register-b');
    expect(a.hits).toEqual(['GET /api/cr/die']);
  });

  it('never replays a request whose body reached a replica that died: French 503', async () => {
    const a = await startReplica('register-a', { dies: true });
    const b = await startReplica('register-b');
    const gateway = await gatewayWith([a.url, b.url], { checkIntervalMs: 600_000 });
    const token = await gateway.identity.sign({ roles: ['cashier'] });
    await eventually(async () => (await readiness(gateway)).body.upstreams.register?.up === 2);

    const res = await fetch(`${gateway.url}/api/cr/die`, {
      method: 'POST',
      headers: { ...auth(token), 'Content-Type': 'application/json' },
      body: '{"sale":1}',
    });
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual(UNAVAILABLE);
    expect(a.hits).toEqual(['POST /api/cr/die']);
    expect(b.hits).toEqual([]);
  });

  it('verifies tokens with the identity replica that is up', async () => {
    const gateway = await startTestGateway({ checkIntervalMs: 50 });
    cleanups.push(() => gateway.close());
    const twoIdentities = await startTestGateway({
      upstreams: { identity: [REFUSING_URL, gateway.identity.url] } as never,
      checkIntervalMs: 50,
    });
    cleanups.push(() => twoIdentities.close());
    await eventually(async () => (await readiness(twoIdentities)).body.upstreams.identity?.up === 1);
    const token = await gateway.identity.sign({ roles: ['cashier'] });
    const res = await fetch(`${twoIdentities.url}/api/cr/events`, { headers: auth(token) });
    expect(res.status).toBe(200);
  });
});

describe('the fast path (a token already checked, a bodiless GET or HEAD)', () => {
  async function warmGateway(a: Replica, b: Replica, options: { responseTimeoutMs?: number } = {}) {
    const gateway = await startTestGateway({ upstreams: { register: [a.url, b.url] } as never, checkIntervalMs: 600_000, ...options });
    cleanups.push(() => gateway.close());
    const token = await gateway.identity.sign({ roles: ['cashier'] });
    await eventually(async () => (await readiness(gateway)).body.upstreams.register?.up === 2);
    // The first request checks the token through Koa; the next ones take the fast path.
    for (let i = 0; i < 2; i += 1) expect((await fetch(`${gateway.url}/api/cr/events`, { headers: auth(token) })).status).toBe(200);
    a.hits.length = 0;
    b.hits.length = 0;
    return { gateway, token };
  }

  it('sends a GET again to the other replica when the first dies before answering', async () => {
    const a = await startReplica('register-a', { dies: true });
    const b = await startReplica('register-b');
    const { gateway, token } = await warmGateway(a, b);
    const res = await fetch(`${gateway.url}/api/cr/die?x=1`, { headers: auth(token) });
    expect(res.status).toBe(200);
    const echo = (await res.json()) as Echo;
    expect(echo.service).toBe('register-b');
    expect(echo.url).toBe('/api/cr/die?x=1');
    expect(a.hits).toEqual(['GET /api/cr/die?x=1']);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-request-id')).toMatch(/.+/);
  });

  it('forwards the client as the gateway knows it, never the X-Forwarded-* the client wrote', async () => {
    const a = await startReplica('register-a');
    const b = await startReplica('register-b');
    const { gateway, token } = await warmGateway(a, b);
    const res = await fetch(`${gateway.url}/api/cr/events`, {
      headers: { ...auth(token), 'X-Forwarded-For': '6.6.6.6', 'X-Forwarded-Host': 'evil.example', 'X-Request-Id': 'req-fast-1' },
    });
    const echo = (await res.json()) as Echo;
    expect(echo.headers['x-forwarded-for']).toBe('127.0.0.1');
    expect(echo.headers['x-forwarded-proto']).toBe('http');
    expect(echo.headers['x-forwarded-host']).toBe(new URL(gateway.url).host);
    expect(echo.headers['x-request-id']).toBe('req-fast-1');
    expect(echo.headers.authorization).toBe(`Bearer ${token}`);
    expect(res.headers.get('x-request-id')).toBe('req-fast-1');
  });

  it('goes to the other replica when a connection is refused, and answers HEAD', async () => {
    const a = await startReplica('register-a');
    const b = await startReplica('register-b');
    const { gateway, token } = await warmGateway(a, b);
    await a.close();
    for (let i = 0; i < 4; i += 1) {
      const res = await fetch(`${gateway.url}/api/cr/events`, { headers: auth(token) });
      expect(res.status).toBe(200);
      expect(((await res.json()) as Echo).service).toBe('register-b');
    }
    const head = await fetch(`${gateway.url}/api/cr/events`, { method: 'HEAD', headers: auth(token) });
    expect(head.status).toBe(200);
    expect(b.hits).toContain('HEAD /api/cr/events');
    expect((await readiness(gateway)).body.upstreams.register?.up).toBe(1);
  });

  it('answers 504 in French when the replica accepts but does not answer in time', async () => {
    const a = await startReplica('register-a');
    const b = await startReplica('register-b');
    const { gateway, token } = await warmGateway(a, b, { responseTimeoutMs: 300 });
    const started = Date.now();
    const res = await fetch(`${gateway.url}/api/cr/hang`, { headers: auth(token) });
    expect(res.status).toBe(504);
    expect(await res.json()).toEqual({ error: 'Le service met trop de temps à répondre. Réessayez dans un instant.', code: 'UNAVAILABLE' });
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Date.now() - started).toBeLessThan(2_000);
    // A slow service is not a dead one: not sent again, not marked down.
    expect([...a.hits, ...b.hits]).toEqual(['GET /api/cr/hang']);
    expect((await readiness(gateway)).body.upstreams.register?.up).toBe(2);
  });
});

describe("the gateway's own health", () => {
  it('answers /healthz while it runs and /readyz 200 with the state of every service, even one down that sales can do without', async () => {
    const gateway = await startTestGateway({ checkIntervalMs: 50, upstreams: { stock: [REFUSING_URL] } as never });
    cleanups.push(() => gateway.close());
    const health = await fetch(`${gateway.url}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ service: 'gateway', status: 'ok' });

    const ready = await eventually(async () => {
      const r = await readiness(gateway);
      return r.body.upstreams.stock?.up === 0 ? r : undefined;
    });
    // One service down does not take the gateway out of rotation: the others still sell.
    expect(ready.status).toBe(200);
    expect(ready.body.status).toBe('ready');
    expect(ready.body.upstreams.register).toEqual({ up: 1, total: 1 });
    expect(ready.body.upstreams.stock?.down?.[0]).toContain('ECONNREFUSED');
  });

  it('answers /readyz 503 while the register has no ready replica, and 200 again as soon as one is back', async () => {
    const a = await startReplica('register-a');
    const gateway = await gatewayWith([a.url]);
    await eventually(async () => (await readiness(gateway)).status === 200);
    a.ready = 503;
    const notReady = await eventually(async () => {
      const r = await readiness(gateway);
      return r.status === 503 ? r : undefined;
    });
    expect(notReady.body).toMatchObject({ status: 'not-ready', waitingFor: ['register'] });
    expect(notReady.body.upstreams.register).toMatchObject({ up: 0, total: 1 });
    a.ready = 200;
    await eventually(async () => (await readiness(gateway)).status === 200);
  });

  it('answers /readyz 503 while identity is unreachable', async () => {
    const gateway = await startTestGateway({ checkIntervalMs: 50, upstreams: { identity: [REFUSING_URL] } as never });
    cleanups.push(() => gateway.close());
    const notReady = await eventually(async () => {
      const r = await readiness(gateway);
      return r.status === 503 ? r : undefined;
    });
    expect(notReady.body).toMatchObject({ status: 'not-ready', waitingFor: ['identity'] });
  });

  it('answers /readyz 503 once draining, while requests still go through', async () => {
    const echo = await startServer(echoHandler('any'));
    cleanups.push(() => echo.close());
    const upstreams = Object.fromEntries(SERVICE_NAMES.map((n) => [n, echo.url]));
    const app = buildApp({ root: '/nonexistent', logger: silentLogger, upstreams: upstreams as never });
    const running = await listen(app, 0);
    cleanups.push(async () => {
      await running.close();
      app.closeUpstreams();
    });
    const url = `http://127.0.0.1:${running.port}`;
    expect((await fetch(`${url}/readyz`)).status).toBe(200);
    app.drain();
    const drained = await fetch(`${url}/readyz`);
    expect(drained.status).toBe(503);
    expect(((await drained.json()) as { status: string }).status).toBe('draining');
    expect((await fetch(`${url}/api/public/raffle/drawing/results`)).status).toBe(200);
  });
});
