import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, eventually, type TestDatabase } from '@kermesse/kit/testing';
import { HOST_CONSOLE_ID } from '@kermesse/kit/tenancy';
import { createCellConsole } from './cellConsole.ts';
import { createDirectory, parseCells, withConsoleUrls, type Directory } from './directory.ts';
import { createRouter, type Router } from './router.ts';

/**
 * A stand-in for a cell's gateway: it answers the host console's calls the router makes (sign-in,
 * profile, list, create, export, import, erase) from an in-memory list of associations, and echoes
 * any other request with what it received, so the router's forwarding can be read back.
 */
interface StubCell {
  name: string;
  url: string;
  associations: Map<string, { name: string; rows: string[] }>;
  calls: string[];
  /** A request on an association's host waits for this before answering, when set. */
  hold?: Promise<void>;
  stop(): Promise<void>;
  restart(): Promise<void>;
}

async function startStubCell(name: string): Promise<StubCell> {
  const associations = new Map<string, { name: string; rows: string[] }>();
  const calls: string[] = [];
  const token = `jeton-${name}`;
  const cell: StubCell = { name, url: '', associations, calls, stop: async () => undefined, restart: async () => undefined };
  const json = (res: http.ServerResponse, status: number, value: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(value));
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      const body = Buffer.concat(chunks);
      const path = req.url ?? '/';
      const host = req.headers.host ?? '';
      calls.push(`${req.method} ${host} ${path} ${req.headers['x-kermesse-association'] ?? ''}`.trim());
      if (host === 'localhost') {
        if (path === '/api/login') return json(res, 200, { token });
        const operator = req.headers.authorization === `Bearer ${token}` || req.headers.authorization === 'Bearer hote-a';
        if (!operator) return json(res, 401, { error: 'Authentification requise.', code: 'UNAUTHENTICATED' });
        if (path === '/api/profile') return json(res, 200, { roles: req.headers.authorization === 'Bearer hote-a' ? ['host'] : ['host'] });
        if (path.split('?')[0] === '/api/host/associations' && req.method === 'GET') {
          // A cell's list is paged (two at a time here): the router must read every page.
          const query = new URL(path, 'http://x').searchParams;
          const all = [...associations].map(([slug, a]) => ({ slug, name: a.name, figures: { sales: a.rows.length } }));
          const offset = Number(query.get('offset') ?? 0);
          return json(res, 200, { items: all.slice(offset, offset + Math.min(Number(query.get('limit') ?? 100), 2)), total: all.length });
        }
        if (path === '/api/host/associations' && req.method === 'POST') {
          const created = JSON.parse(body.toString()) as { slug: string; name: string };
          if (associations.has(created.slug)) return json(res, 409, { error: 'Cette adresse est déjà prise.', code: 'SLUG_TAKEN' });
          associations.set(created.slug, { name: created.name, rows: [] });
          return json(res, 201, { id: `id-${created.slug}`, slug: created.slug, url: `http://${created.slug}.localhost` });
        }
        if (path === '/api/host/associations/import') {
          const zip = JSON.parse(body.toString()) as { slug: string; name: string; rows: string[] };
          if (associations.has(zip.slug)) return json(res, 409, { error: 'Cette adresse est déjà prise.', code: 'SLUG_TAKEN' });
          associations.set(zip.slug, { name: zip.name, rows: zip.rows });
          return json(res, 201, { id: `id-${zip.slug}`, slug: zip.slug, url: '' });
        }
        const exported = /^\/api\/host\/associations\/([a-z0-9-]+)\/export$/.exec(path);
        if (exported) {
          const a = associations.get(exported[1]!);
          if (!a) return json(res, 404, { error: 'Association inconnue sur cet hébergement.' });
          res.writeHead(200, { 'content-type': 'application/zip' });
          return res.end(JSON.stringify({ slug: exported[1], ...a }));
        }
        const erased = /^\/api\/host\/associations\/([a-z0-9-]+)$/.exec(path);
        if (erased && req.method === 'DELETE') {
          associations.delete(erased[1]!);
          return json(res, 200, { slug: erased[1], erased: true });
        }
        return json(res, 404, { error: 'Ressource introuvable.' });
      }
      const slug = host.split('.')[0]!;
      if (cell.hold) await cell.hold;
      if (req.method === 'POST') associations.get(slug)?.rows.push(body.toString());
      json(res, req.method === 'POST' ? 201 : 200, {
        cell: name,
        host,
        path,
        forwardedFor: req.headers['x-forwarded-for'],
        body: body.toString(),
        rows: associations.get(slug)?.rows.length ?? null,
      });
    });
  });
  const listen = (port = 0) => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  await listen();
  const { port } = server.address() as AddressInfo;
  cell.url = `http://127.0.0.1:${port}`;
  cell.stop = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  cell.restart = () => listen(port);
  return cell;
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  json: () => Record<string, unknown>;
}

/** One request to the router naming `host`, as a browser on `<slug>.localhost` would. */
function call(
  router: string,
  host: string,
  method: string,
  path: string,
  options: { body?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const url = new URL(router);
  const body = options.body === undefined ? undefined : typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        hostname: url.hostname,
        port: url.port,
        method,
        path,
        headers: {
          host,
          ...(body ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } : {}),
          ...options.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json: () => JSON.parse(text) as Record<string, unknown> });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('the router in front of the cells', () => {
  let database: TestDatabase;
  let directory: Directory;
  let other: Directory;
  let a: StubCell;
  let b: StubCell;
  let router: Router;
  let server: http.Server;
  let base: string;
  const operator = { authorization: 'Bearer hote-a' };

  beforeAll(async () => {
    database = await createTestDatabase();
    [a, b] = await Promise.all([startStubCell('a'), startStubCell('b')]);
    directory = createDirectory(database.url, { ttlMs: 60_000 });
    await directory.migrate();
    for (const cell of parseCells(`a=${a.url}*100,b=${b.url}*300`)) await directory.saveCell(cell);
    // Another router's view of the same directory: what it changes must reach this one at once.
    other = createDirectory(database.url);
    router = createRouter({
      directory,
      domain: 'localhost',
      homeCell: 'a',
      console: createCellConsole({ domain: 'localhost', email: 'hebergeur@kermesse.test', password: 'mot-de-passe' }),
      connectTimeoutMs: 1_000,
    });
    server = http.createServer((req, res) => router.handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server?.close(() => resolve()));
    router?.close();
    await Promise.all([directory?.close(), other?.close()]);
    await Promise.all([a?.stop(), b?.stop()]);
    await database?.drop();
  });

  it('places each new association in the cell with the most room for its capacity, and serves its host from there', async () => {
    // b is sized for three times as many: of four associations, b takes three.
    const placed: string[] = [];
    for (const slug of ['apel-ferry', 'apel-hugo', 'comite-martin', 'ogec-sully']) {
      const created = await call(base, 'localhost:8080', 'POST', '/api/host/associations', {
        headers: operator,
        body: { name: `Association ${slug}`, slug, admin: { email: `admin@${slug}.test`, firstname: 'Alex', lastname: 'Admin' } },
      });
      expect(created.status).toBe(201);
      placed.push((await directory.lookup(slug))!.cell);
    }
    expect(placed.filter((cell) => cell === 'b')).toHaveLength(3);
    expect([...a.associations.keys(), ...b.associations.keys()].sort()).toEqual(['apel-ferry', 'apel-hugo', 'comite-martin', 'ogec-sully']);

    // The slug is unique across cells.
    const again = await call(base, 'localhost', 'POST', '/api/host/associations', {
      headers: operator,
      body: { name: 'Doublon', slug: 'apel-ferry', admin: { email: 'x@y.test', firstname: 'X', lastname: 'Y' } },
    });
    expect(again.status).toBe(409);
    expect(again.json()).toMatchObject({ code: 'SLUG_TAKEN', error: 'Cette adresse est déjà prise.' });

    for (const slug of ['apel-ferry', 'apel-hugo', 'comite-martin', 'ogec-sully']) {
      const cell = (await directory.lookup(slug))!.cell;
      const got = await call(base, `${slug}.localhost:8080`, 'GET', '/api/cr/events?x=1');
      expect(got.status).toBe(200);
      expect(got.json()).toMatchObject({ cell, host: `${slug}.localhost:8080`, path: '/api/cr/events?x=1', forwardedFor: '127.0.0.1' });
    }
  });

  it('streams a write with its body, keeps the Host and names the real client address once', async () => {
    const slug = [...b.associations.keys()][0]!;
    const sale = { sale: { checkoutId: 1, cart: [{ product: { id: 3, name: 'Crêpe' }, quantity: 2 }] } };
    const got = await call(base, `${slug}.localhost`, 'POST', '/api/cr/sale/create', {
      body: sale,
      headers: { 'x-forwarded-for': '6.6.6.6', 'idempotency-key': 'cle-1' },
    });
    expect(got.status).toBe(201);
    expect(got.json()).toMatchObject({ cell: 'b', host: `${slug}.localhost`, forwardedFor: '127.0.0.1', body: JSON.stringify(sale) });
  });

  it('answers an unknown host in French, as JSON on the API and as a page otherwise', async () => {
    const api = await call(base, 'inconnue.localhost', 'GET', '/api/cr/events');
    expect(api.status).toBe(404);
    expect(api.json()).toEqual({ error: 'Association inconnue sur cet hébergement.', code: 'ASSOCIATION_UNKNOWN' });
    const page = await call(base, 'inconnue.localhost', 'GET', '/caisse');
    expect(page.status).toBe(404);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.text).toContain('Association inconnue sur cet hébergement.');
    expect((await call(base, 'apel-ferry.ailleurs.example', 'GET', '/api/cr/events')).status).toBe(404);
  });

  it('lists every cell’s associations with their cell on the console; a non-operator goes to the home cell, which refuses', async () => {
    const refused = await call(base, 'localhost', 'GET', '/api/host/associations');
    expect(refused.status).toBe(401);
    const list = await call(base, 'localhost', 'GET', '/api/host/associations', { headers: operator });
    expect(list.status).toBe(200);
    const body = list.json() as {
      items: Array<{ slug: string; cell: string }>;
      total: number;
      cells: Array<{ name: string; associations: number }>;
      unreachable: string[];
    };
    expect(body.total).toBe(4);
    expect(body.items.map((x) => `${x.slug}@${x.cell}`).sort()).toEqual(
      [...[...a.associations.keys()].map((s) => `${s}@a`), ...[...b.associations.keys()].map((s) => `${s}@b`)].sort(),
    );
    expect(body.cells).toEqual([
      { name: 'a', capacity: 100, associations: 1 },
      { name: 'b', capacity: 300, associations: 3 },
    ]);
    expect(body.unreachable).toEqual([]);
    // A page of the merged list, in slug order, as a cell's own list pages.
    const page = await call(base, 'localhost', 'GET', '/api/host/associations?limit=2&offset=1', { headers: operator });
    const sorted = body.items.map((x) => x.slug).sort();
    expect(page.json()).toMatchObject({ total: 4, items: sorted.slice(1, 3).map((slug) => ({ slug })) });
    expect((await call(base, 'localhost', 'GET', '/api/host/associations?limit=0', { headers: operator })).status).toBe(400);
  });

  it('a cell down costs only its own associations a French 503 with Retry-After', async () => {
    const inA = [...a.associations.keys()][0]!;
    const inB = [...b.associations.keys()][0]!;
    await a.stop();
    try {
      const down = await call(base, `${inA}.localhost`, 'POST', '/api/cr/sale/create', { body: { sale: {} } });
      expect(down.status).toBe(503);
      expect(down.headers['retry-after']).toBe('5');
      expect(down.json()).toEqual({ error: 'Service momentanément indisponible. Réessayez dans un instant.', code: 'UNAVAILABLE' });
      expect((await call(base, `${inB}.localhost`, 'GET', '/api/cr/events')).status).toBe(200);
    } finally {
      await a.restart();
    }
    expect((await call(base, `${inA}.localhost`, 'GET', '/api/cr/events')).status).toBe(200);
  });

  it('sees at once what another router changed in the directory', async () => {
    const slug = 'nouvelle-asso';
    expect((await call(base, `${slug}.localhost`, 'GET', '/api/cr/events')).status).toBe(404);
    b.associations.set(slug, { name: 'Nouvelle', rows: [] });
    await other.activate(slug, 'b');
    // The cache keeps answers a minute here: only the notification can make this pass.
    await eventually(async () => (await call(base, `${slug}.localhost`, 'GET', '/api/cr/events')).status === 200, 10_000);
  });

  it('moves an association: read-only while it is copied, the sale in flight kept, then served by the new cell and gone from the old', async () => {
    const slug = [...a.associations.keys()][0]!;
    expect(slug).toBeTruthy();
    expect((await call(base, `${slug}.localhost`, 'POST', '/api/cr/sale/create', { body: { n: 1 } })).status).toBe(201);
    // Cell a's identity is reachable directly (here the stand-in itself): the export goes there, naming the console.
    await directory.saveCell({ name: 'a', url: a.url, capacity: 100, consoleUrl: a.url });

    // A sale on its way when the move starts: the export waits for its answer.
    let release!: () => void;
    a.hold = new Promise<void>((resolve) => (release = resolve));
    const inFlight = call(base, `${slug}.localhost`, 'POST', '/api/cr/sale/create', { body: { n: 2 } });
    await eventually(() => router.inFlightWrites(slug) === 1);
    const moving = call(base, 'localhost', 'POST', `/api/host/associations/${slug}/move`, { headers: operator, body: { to: 'b' } });
    await eventually(async () => (await directory.lookup(slug))?.state === 'moving');

    const refused = await call(base, `${slug}.localhost`, 'POST', '/api/cr/sale/create', { body: { n: 3 } });
    expect(refused.status).toBe(503);
    expect(refused.headers['retry-after']).toBe('5');
    expect(refused.json()).toMatchObject({ code: 'ASSOCIATION_MOVING', error: expect.stringContaining('lecture seule') });
    // Reads still answer, from the old cell.
    a.hold = undefined;
    expect((await call(base, `${slug}.localhost`, 'GET', '/api/cr/events')).json()).toMatchObject({ cell: 'a' });
    expect(a.calls.some((c) => c.includes('/export'))).toBe(false);

    release();
    expect((await inFlight).status).toBe(201);
    const moved = await moving;
    expect(moved.status).toBe(200);
    expect(moved.json()).toMatchObject({ slug, from: 'a', to: 'b', erased: true, readOnlyMs: expect.any(Number) });

    expect(a.associations.has(slug)).toBe(false);
    expect(a.calls).toContain(`GET localhost /api/host/associations/${slug}/export ${HOST_CONSOLE_ID}`);
    expect(b.associations.get(slug)?.rows).toHaveLength(2);
    const after = await call(base, `${slug}.localhost`, 'POST', '/api/cr/sale/create', { body: { n: 3 } });
    expect(after.status).toBe(201);
    expect(after.json()).toMatchObject({ cell: 'b', rows: 3 });
    expect(await directory.lookup(slug)).toMatchObject({ cell: 'b', state: 'active' });
  });

  it('a move the new cell refuses leaves the association where it was, writable', async () => {
    const slug = [...b.associations.keys()].find((s) => s !== 'nouvelle-asso')!;
    a.associations.set(slug, { name: 'Déjà là', rows: [] });
    const moved = await call(base, 'localhost', 'POST', `/api/host/associations/${slug}/move`, { headers: operator, body: { to: 'a' } });
    expect(moved.status).toBe(409);
    expect(moved.json()).toMatchObject({ code: 'MOVE_FAILED', error: expect.stringContaining("L'association reste où elle était.") });
    expect(await directory.lookup(slug)).toMatchObject({ cell: 'b', state: 'active' });
    expect((await call(base, `${slug}.localhost`, 'POST', '/api/cr/sale/create', { body: {} })).json()).toMatchObject({ cell: 'b' });
    expect(b.associations.has(slug)).toBe(true);

    const unknownCell = await call(base, 'localhost', 'POST', `/api/host/associations/${slug}/move`, {
      headers: operator,
      body: { to: 'z' },
    });
    expect(unknownCell.status).toBe(400);
    expect(unknownCell.json()).toMatchObject({ error: 'Cellule « z » inconnue.' });
  });
});

describe('an association imported through the router', () => {
  it('goes to the cell with the most room and its host is served from there at once', async () => {
    const database = await createTestDatabase();
    const cells = await Promise.all([startStubCell('a'), startStubCell('b')]);
    const directory = createDirectory(database.url, { ttlMs: 60_000 });
    const router = createRouter({
      directory,
      domain: 'localhost',
      homeCell: 'a',
      console: createCellConsole({ domain: 'localhost', email: 'hebergeur@kermesse.test', password: 'mot-de-passe' }),
    });
    const server = http.createServer((req, res) => router.handle(req, res));
    try {
      await directory.migrate();
      await directory.saveCell({ name: 'a', url: cells[0].url, capacity: 10 });
      await directory.saveCell({ name: 'b', url: cells[1].url, capacity: 100 });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const zip = { slug: 'revenue', name: 'Association revenue', rows: ['vente 1', 'vente 2'] };
      const imported = await call(base, 'localhost', 'POST', '/api/host/associations/import', {
        headers: { authorization: 'Bearer hote-a' },
        body: zip,
      });
      expect(imported.status).toBe(201);
      expect(cells[1].associations.get('revenue')?.rows).toEqual(['vente 1', 'vente 2']);
      expect(await directory.lookup('revenue')).toMatchObject({ cell: 'b', state: 'active' });
      expect((await call(base, 'revenue.localhost', 'GET', '/api/cr/events')).json()).toMatchObject({ cell: 'b', rows: 2 });
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      router.close();
      await directory.close();
      await Promise.all(cells.map((cell) => cell.stop()));
      await database.drop();
    }
  });
});

describe('KERMESSE_CELLS', () => {
  it('reads names, addresses and capacities, and refuses a malformed entry in French', () => {
    expect(parseCells('a=http://10.0.1.5:8080*300, b=http://10.0.2.5:8080/')).toEqual([
      { name: 'a', url: 'http://10.0.1.5:8080', capacity: 300 },
      { name: 'b', url: 'http://10.0.2.5:8080', capacity: 100 },
    ]);
    expect(() => parseCells('a=10.0.1.5:8080')).toThrow('KERMESSE_CELLS : entrée invalide « a=10.0.1.5:8080 »');
    expect(() => parseCells('a=http://x*0')).toThrow('doit être un entier positif');
    expect(withConsoleUrls(parseCells('a=http://10.0.1.5:8080,b=http://10.0.2.5:8080'), 'a=http://10.0.1.5:8081')).toEqual([
      { name: 'a', url: 'http://10.0.1.5:8080', capacity: 100, consoleUrl: 'http://10.0.1.5:8081' },
      { name: 'b', url: 'http://10.0.2.5:8080', capacity: 100, consoleUrl: null },
    ]);
  });
});
