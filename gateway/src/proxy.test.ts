/**
 * Proxy fidelity: bodies (JSON, multipart, binary, chunked) pass byte for byte, statuses and
 * headers come back as the service sent them, forwarding headers are added, hop-by-hop headers are
 * dropped, sockets are reused, and a service that is down or slow gets a quick French answer.
 */
import { createHash, randomBytes } from 'node:crypto';
import { spawn, spawnSync } from 'node:child_process';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { echoHandler, startServer, startTestGateway, type Echo, type TestGateway, type TestServer } from './testSupport.ts';

const DOWNLOAD = randomBytes(256 * 1024);
/** A register's catalogue-like answer, 6 KB of JSON. */
const CATALOGUE = JSON.stringify({
  products: Array.from({ length: 40 }, (_, i) => ({
    id: i + 1,
    name: `Crêpe n° ${i + 1}`,
    price: 2.5,
    productCategory: { id: 1, name: 'Sucré' },
  })),
});

const hasPython = spawnSync('python3', ['--version']).status === 0;

/**
 * A port whose accept queue is full, so a new connection hangs in SYN-SENT (what a frozen host
 * looks like). Node always accepts, hence a tiny Python listener that never calls accept().
 */
async function startStuckListener(): Promise<{ url: string; close(): void }> {
  const child = spawn(
    'python3',
    [
      '-c',
      [
        'import socket, time',
        's = socket.socket()',
        "s.bind(('127.0.0.1', 0))",
        's.listen(0)',
        'print(s.getsockname()[1], flush=True)',
        'time.sleep(120)',
      ].join('\n'),
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const port = await new Promise<number>((resolve) => child.stdout.once('data', (d: Buffer) => resolve(Number(String(d).trim()))));
  // Fill the queue with one connection nobody will accept.
  const filler = net.connect(port, '127.0.0.1');
  await new Promise((resolve) => filler.once('connect', resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    close() {
      filler.destroy();
      child.kill();
    },
  };
}

/** Stands in for the register: a few scripted answers, an echo for everything else. */
function registerHandler(req: IncomingMessage, res: ServerResponse): void {
  const url = req.url ?? '';
  const status = /^\/api\/cr\/status\/(\d{3})$/.exec(url);
  if (status) {
    req.resume();
    const code = Number(status[1]);
    res.writeHead(code, {
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': 'max-age=1200',
      'X-Custom': 'valeur',
      'Set-Cookie': ['a=1; HttpOnly', 'b=2; Secure'],
    });
    res.end(JSON.stringify({ error: `statut ${code}` }));
    return;
  }
  if (url === '/api/cr/json') {
    // Answers the very bytes it received.
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      res.writeHead(201, { 'Content-Type': 'application/json' });
      res.end(Buffer.concat(chunks));
    });
    return;
  }
  if (url === '/api/cr/download') {
    req.resume();
    res.writeHead(200, { 'Content-Type': 'application/octet-stream', 'Content-Length': DOWNLOAD.length });
    res.end(DOWNLOAD);
    return;
  }
  if (url === '/api/cr/catalogue' || url === '/api/cr/petit' || url === '/api/cr/flux') {
    req.resume();
    const body = url === '/api/cr/petit' ? '{"ok":true}' : CATALOGUE;
    const type = url === '/api/cr/flux' ? 'text/event-stream' : 'application/json; charset=utf-8';
    res.writeHead(200, { 'Content-Type': type, 'Content-Length': Buffer.byteLength(body), ETag: '"v1"' });
    res.end(body);
    return;
  }
  if (url === '/api/cr/slow') return; // never answers
  if (url === '/api/cr/cut') {
    req.resume();
    res.writeHead(200, { 'Content-Type': 'text/plain', 'Content-Length': '1000' });
    res.write('début…');
    setTimeout(() => res.socket?.destroy(), 20);
    return;
  }
  void echoHandler('register')(req, res);
}

let gateway: TestGateway;
let register: TestServer & { server: http.Server };
let registerConnections = 0;
let admin: string;
let cashier: string;

beforeAll(async () => {
  register = await startServer(registerHandler);
  register.server.on('connection', () => {
    registerConnections += 1;
  });
  gateway = await startTestGateway({ upstreams: { register: register.url } as never, responseTimeoutMs: 500 });
  admin = await gateway.identity.sign({ roles: ['admin'] });
  cashier = await gateway.identity.sign({ roles: ['cashier'] });
});

afterAll(async () => {
  await gateway?.close();
  await register?.close();
});

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

describe('bodies', () => {
  it('passes a JSON body through both ways, byte for byte', async () => {
    const body = JSON.stringify({ sale: { price: '12.50', cart: [{ product: { id: 1, name: 'Crêpe' }, quantity: 2 }] } });
    const res = await fetch(`${gateway.url}/api/cr/json`, {
      method: 'POST',
      headers: { ...auth(cashier), 'Content-Type': 'application/json' },
      body,
    });
    expect(res.status).toBe(201);
    expect(await res.text()).toBe(body);
  });

  it('passes a multipart upload untouched (bytes and content type identical)', async () => {
    const file = Buffer.concat([randomBytes(300_000), Buffer.from('\r\n--\r\n\0'), randomBytes(1000)]);
    const form = new FormData();
    form.append('file', new Blob([file], { type: 'text/csv' }), 'inventaire.csv');
    form.append('global_note', 'Inventaire du 21/11/2026');
    const request = new Request(`${gateway.url}/api/stocks/import/inventory?dry-run=1`, {
      method: 'POST',
      headers: auth(admin),
      body: form,
    });
    const sent = Buffer.from(await request.clone().arrayBuffer());
    const res = await fetch(request);
    expect(res.status).toBe(200);
    const echo = (await res.json()) as Echo;
    expect(echo.service).toBe('stock');
    expect(echo.url).toBe('/api/stocks/import/inventory?dry-run=1');
    expect(echo.headers['content-type']).toBe(request.headers.get('content-type'));
    expect(echo.bodyLength).toBe(sent.length);
    expect(echo.bodySha256).toBe(createHash('sha256').update(sent).digest('hex'));
  });

  it('passes a chunked request body (no Content-Length)', async () => {
    const parts = [randomBytes(10_000), randomBytes(20_000), randomBytes(5)];
    const echo = await new Promise<Echo>((resolve, reject) => {
      const target = new URL(gateway.url);
      const req = http.request(
        {
          hostname: target.hostname,
          port: target.port,
          method: 'POST',
          path: '/api/swapmeet/api/import/custom-csv?dry-run=true',
          headers: { ...auth(admin), 'Content-Type': 'text/csv' },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve(JSON.parse(Buffer.concat(chunks).toString()) as Echo));
        },
      );
      req.on('error', reject);
      for (const part of parts) req.write(part);
      req.end();
    });
    expect(echo.service).toBe('swapmeet');
    expect(echo.bodySha256).toBe(createHash('sha256').update(Buffer.concat(parts)).digest('hex'));
  });

  it('accepts an upload announced with Expect: 100-continue (as curl sends it)', async () => {
    const file = randomBytes(50_000);
    const echo = await new Promise<Echo>((resolve, reject) => {
      const target = new URL(gateway.url);
      const req = http.request(
        {
          hostname: target.hostname,
          port: target.port,
          method: 'POST',
          path: '/api/stocks/import/inventory?dry-run=0',
          headers: { ...auth(admin), 'Content-Type': 'text/csv', 'Content-Length': file.length, Expect: '100-continue' },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve(JSON.parse(Buffer.concat(chunks).toString()) as Echo));
        },
      );
      req.on('continue', () => req.end(file));
      req.on('error', reject);
    });
    expect(echo.headers.expect).toBeUndefined();
    expect(echo.bodySha256).toBe(createHash('sha256').update(file).digest('hex'));
  });

  it('streams a binary download untouched', async () => {
    const res = await fetch(`${gateway.url}/api/cr/download`, { headers: auth(cashier) });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/octet-stream');
    expect(Buffer.from(await res.arrayBuffer()).equals(DOWNLOAD)).toBe(true);
  });
});

describe('compression of text answers on their way to a phone', () => {
  function get(urlPath: string, acceptEncoding: string): Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }> {
    const target = new URL(gateway.url);
    return new Promise((resolve, reject) => {
      http
        .get(
          { hostname: target.hostname, port: target.port, path: urlPath, headers: { ...auth(cashier), 'Accept-Encoding': acceptEncoding } },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
          },
        )
        .on('error', reject);
    });
  }

  it('sends JSON above 1 KB in brotli, else gzip, decoding to the service bytes', async () => {
    const { brotliDecompressSync, gunzipSync } = await import('node:zlib');
    const brotli = await get('/api/cr/catalogue', 'gzip, deflate, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-length']).toBeUndefined();
    expect(brotli.headers.vary).toMatch(/Accept-Encoding/);
    expect(brotli.headers.etag).toBe('W/"v1"');
    expect(brotli.body.length).toBeLessThan(CATALOGUE.length / 4);
    expect(brotliDecompressSync(brotli.body).toString()).toBe(CATALOGUE);
    const gzip = await get('/api/cr/catalogue', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(CATALOGUE);
  });

  it('passes as they are: a client that accepts no encoding, a small answer, an events stream, a binary download', async () => {
    const plain = await get('/api/cr/catalogue', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-length']).toBe(String(Buffer.byteLength(CATALOGUE)));
    expect(plain.body.toString()).toBe(CATALOGUE);
    const small = await get('/api/cr/petit', 'br');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body.toString()).toBe('{"ok":true}');
    const stream = await get('/api/cr/flux', 'br');
    expect(stream.headers['content-encoding']).toBeUndefined();
    const download = await get('/api/cr/download', 'br');
    expect(download.headers['content-encoding']).toBeUndefined();
    expect(download.body.equals(DOWNLOAD)).toBe(true);
  });
});

describe('statuses and headers', () => {
  it.each([201, 404, 409, 422, 500])('passes status %i, its body and its headers through', async (code) => {
    const res = await fetch(`${gateway.url}/api/cr/status/${code}`, { headers: auth(cashier) });
    expect(res.status).toBe(code);
    expect(await res.json()).toEqual({ error: `statut ${code}` });
    expect(res.headers.get('x-custom')).toBe('valeur');
    expect(res.headers.get('cache-control')).toBe('max-age=1200');
    expect(res.headers.getSetCookie()).toEqual(['a=1; HttpOnly', 'b=2; Secure']);
    // The gateway's own headers are there too.
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-request-id')).toMatch(/.+/);
  });

  it('adds X-Forwarded-*, X-Request-Id and drops hop-by-hop headers', async () => {
    const echo = await new Promise<Echo & { requestId: string }>((resolve, reject) => {
      const target = new URL(gateway.url);
      const req = http.request(
        {
          hostname: target.hostname,
          port: target.port,
          path: '/api/cr/events?x=1',
          headers: {
            ...auth(cashier),
            Connection: 'keep-alive, X-Secret',
            'X-Secret': 'non',
            'X-Forwarded-For': '6.6.6.6',
            TE: 'trailers',
            'X-Request-Id': 'req-123',
          },
          agent: false,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({ ...(JSON.parse(Buffer.concat(chunks).toString()) as Echo), requestId: String(res.headers['x-request-id']) }),
          );
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(echo.url).toBe('/api/cr/events?x=1');
    expect(echo.headers['x-secret']).toBeUndefined();
    expect(echo.headers.te).toBeUndefined();
    // Without a trusted front proxy, a client cannot choose the address services see.
    expect(echo.headers['x-forwarded-for']).toBe('127.0.0.1');
    expect(echo.headers['x-forwarded-proto']).toBe('http');
    expect(echo.headers['x-forwarded-host']).toBe(new URL(gateway.url).host);
    expect(echo.headers['x-request-id']).toBe('req-123');
    expect(echo.requestId).toBe('req-123');
  });

  it('behind a trusted front proxy, forwards the client address that proxy saw', async () => {
    const trusted = await startTestGateway({ trustProxy: true });
    try {
      const res = await fetch(`${trusted.url}/api/public/raffle/drawing/results`, {
        headers: { 'X-Forwarded-For': '6.6.6.6, 203.0.113.9', 'X-Forwarded-Proto': 'https' },
      });
      const echo = (await res.json()) as Echo;
      expect(echo.headers['x-forwarded-for']).toBe('203.0.113.9');
      expect(echo.headers['x-forwarded-proto']).toBe('https');
    } finally {
      await trusted.close();
    }
  });

  it('reuses kept-alive sockets to the service', async () => {
    const before = registerConnections;
    for (let i = 0; i < 20; i += 1) {
      const res = await fetch(`${gateway.url}/api/cr/events`, { headers: auth(cashier) });
      await res.arrayBuffer();
    }
    expect(registerConnections - before).toBeLessThanOrEqual(1);
  });
});

describe('fast path and Koa chain', () => {
  it('answer alike: the first request of a token goes through Koa, the next ones take the fast path', async () => {
    const token = await gateway.identity.sign({ roles: ['cashier'] });
    const call = async () => {
      const res = await fetch(`${gateway.url}/api/cr/events?page=2`, { headers: { ...auth(token), 'X-Request-Id': 'same-id' } });
      const echo = (await res.json()) as Echo;
      const headers = Object.fromEntries([...res.headers].filter(([name]) => !['date', 'content-length'].includes(name)));
      return { status: res.status, headers, echo: { ...echo, headers: { ...echo.headers, connection: undefined } } };
    };
    const throughKoa = await call();
    const fast = await call();
    expect(fast).toEqual(throughKoa);
    expect(fast.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(fast.headers['x-request-id']).toBe('same-id');
    expect(fast.echo.url).toBe('/api/cr/events?page=2');
  });

  it('refuses a cached token on a route its role does not open', async () => {
    const token = await gateway.identity.sign({ roles: ['cashier'] });
    expect((await fetch(`${gateway.url}/api/cr/events`, { headers: auth(token) })).status).toBe(200);
    const res = await fetch(`${gateway.url}/api/stocks/`, { headers: auth(token) });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: 'Accès refusé : droits insuffisants.', code: 'FORBIDDEN' });
  });

  it('answers 503 in French from both paths when the service is down', async () => {
    const closed = await startServer(() => undefined);
    await closed.close();
    const down = await startTestGateway({ upstreams: { register: closed.url } as never });
    try {
      const token = await down.identity.sign({ roles: ['cashier'] });
      for (let i = 0; i < 2; i += 1) {
        const res = await fetch(`${down.url}/api/cr/events`, { headers: auth(token) });
        expect(res.status).toBe(503);
        expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
        expect(res.headers.get('x-content-type-options')).toBe('nosniff');
        expect(await res.json()).toEqual({ error: 'Service momentanément indisponible. Réessayez dans un instant.', code: 'UNAVAILABLE' });
      }
    } finally {
      await down.close();
    }
  });
});

describe('a service that is down or slow', () => {
  it('answers 503 in French within a couple of seconds when nothing listens', async () => {
    const closed = await startServer(() => undefined);
    await closed.close();
    const down = await startTestGateway({ upstreams: { raffle: closed.url } as never });
    try {
      const started = Date.now();
      const res = await fetch(`${down.url}/api/public/raffle/drawing/results`);
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ error: 'Service momentanément indisponible. Réessayez dans un instant.', code: 'UNAVAILABLE' });
      expect(Date.now() - started).toBeLessThan(2_000);
    } finally {
      await down.close();
    }
  });

  it.skipIf(!hasPython)('answers 503 after the connect timeout when the service does not accept connections', async () => {
    const stuck = await startStuckListener();
    const down = await startTestGateway({ upstreams: { raffle: stuck.url } as never, connectTimeoutMs: 300 });
    try {
      const started = Date.now();
      const res = await fetch(`${down.url}/api/public/raffle/drawing/results`);
      const elapsed = Date.now() - started;
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ error: 'Service momentanément indisponible. Réessayez dans un instant.', code: 'UNAVAILABLE' });
      expect(elapsed).toBeGreaterThanOrEqual(250);
      expect(elapsed).toBeLessThan(1_500);
    } finally {
      await down.close();
      stuck.close();
    }
  });

  it('answers 504 in French when the service accepts but does not answer in time', async () => {
    const started = Date.now();
    const res = await fetch(`${gateway.url}/api/cr/slow`, { headers: auth(cashier) });
    expect(res.status).toBe(504);
    expect(await res.json()).toEqual({ error: 'Le service met trop de temps à répondre. Réessayez dans un instant.', code: 'UNAVAILABLE' });
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('cuts the client connection when the service dies mid-answer', async () => {
    const res = await fetch(`${gateway.url}/api/cr/cut`, { headers: auth(cashier) });
    expect(res.status).toBe(200);
    await expect(res.text()).rejects.toThrow();
  });

  it('keeps serving after upstream failures', async () => {
    const res = await fetch(`${gateway.url}/api/cr/events`, { headers: auth(cashier) });
    expect(res.status).toBe(200);
    expect(((await res.json()) as Echo).service).toBe('register');
  });
});
