/**
 * A body the service refuses as too large (413) must not break the client's kept-alive connection:
 * the next request on the same socket gets its answer, never ECONNRESET.
 */
import http from 'node:http';
import Koa from 'koa';
import { bodyParser } from '@koa/bodyparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, type RunningServer } from '@kermesse/kit/http';
import { startTestGateway, type TestGateway } from './testSupport.ts';

let gateway: TestGateway;
let register: RunningServer;
let cashier: string;

beforeAll(async () => {
  // The service's body parser as the kit sets it up, with a small limit.
  const app = new Koa();
  app.use(async (ctx, next) => {
    try {
      await next();
    } catch (err) {
      ctx.status = (err as { status?: number }).status ?? 500;
      ctx.body = { error: 'Requête trop volumineuse.', code: 'TOO_LARGE' };
    }
  });
  app.use(bodyParser({ enableTypes: ['json'], jsonLimit: '1kb' }));
  app.use((ctx) => {
    ctx.body = { ok: true };
  });
  register = await listen(app, 0);
  gateway = await startTestGateway({ upstreams: { register: `http://127.0.0.1:${register.port}` } as never });
  cashier = await gateway.identity.sign({ roles: ['cashier'] });
});

afterAll(async () => {
  await gateway?.close();
  await register?.close();
});

interface Answer {
  status: number;
  connection: string | undefined;
  body: string;
}

function send(agent: http.Agent, path: string, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const target = new URL(gateway.url);
    const req = http.request(
      {
        agent,
        hostname: target.hostname,
        port: target.port,
        path,
        method: body === undefined ? 'GET' : 'POST',
        headers: {
          Authorization: `Bearer ${cashier}`,
          ...(body === undefined ? {} : { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) }),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body: Buffer.concat(chunks).toString() }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('a body refused as too large', () => {
  it('keeps the kept-alive connection usable: the next request on the same socket is answered, five times in a row', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const big = JSON.stringify({ name: 'x'.repeat(512 * 1024) });
      for (let i = 0; i < 5; i += 1) {
        const refused = await send(agent, '/api/cr/sale/create', big);
        expect(refused.status).toBe(413);
        expect(JSON.parse(refused.body)).toMatchObject({ code: 'TOO_LARGE' });
        const next = await send(agent, '/api/cr/events');
        expect(next.status).toBe(200);
      }
    } finally {
      agent.destroy();
    }
  });
});
