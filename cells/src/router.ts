/**
 * The router in front of the cells (docs/cells.md). Each association's Host (`<slug>.<domain>`) is
 * sent to its cell's gateway, found in the directory; the request and its answer are streamed both
 * ways untouched, with the Host kept and the client's address as the only X-Forwarded-For entry
 * (each cell's gateway trusts the router: `TRUST_PROXY=1`). The bare domain is the host console:
 * its sign-in and pages are the home cell's; the list of associations gathers every cell's, and a
 * new association is created in the cell with the most room. A cell that does not answer costs
 * only its own associations a French 503; the others never wait on it.
 */
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { classifyHost, hostNameOf, isApiPath } from '../../gateway/src/hosting.ts';
import { errorBody, requestCell, type CellConsole, type ConsoleAnswer } from './cellConsole.ts';
import type { Cell, Directory } from './directory.ts';
import { moveAssociation, MoveError, type MoveResult } from './move.ts';

/** How many associations the router asks a cell for at a time, and the console's page when it names none. */
const CELL_PAGE = 500;
const CONSOLE_PAGE = 100;

/** `?limit=` (1 to 500, 100 by default) and `?offset=` (from 0) of the console's list; null when either is not a whole number in range. */
function listPage(search: URLSearchParams): { limit: number; offset: number } | null {
  const read = (name: string, fallback: number, min: number, max: number) => {
    const text = search.get(name);
    if (text === null) return fallback;
    return /^\d{1,10}$/.test(text) && Number(text) >= min && Number(text) <= max ? Number(text) : Number.NaN;
  };
  const limit = read('limit', CONSOLE_PAGE, 1, CELL_PAGE);
  const offset = read('offset', 0, 0, 2_147_483_647);
  return Number.isNaN(limit) || Number.isNaN(offset) ? null : { limit, offset };
}

export interface RouterOptions {
  directory: Directory;
  console: CellConsole;
  /** `KERMESSE_DOMAIN`. */
  domain: string;
  /** The cell whose console signs the host operator in (default: the first cell by name). */
  homeCell?: string;
  /** A cell that does not accept the connection within this delay is down (ms, default 2 s). */
  connectTimeoutMs?: number;
  /** A cell that accepted the request but does not answer within this delay: 504 (ms, default 60 s). */
  responseTimeoutMs?: number;
  /** Seconds a client is told to wait (Retry-After) while an association moves or its cell is down. */
  retryAfterSeconds?: number;
  log?: (message: string) => void;
}

export interface Router {
  handle(req: IncomingMessage, res: ServerResponse): void;
  move(slug: string, to: string): Promise<MoveResult>;
  /** Writes on their way to a cell, per association. */
  inFlightWrites(slug: string): number;
  close(): void;
}

const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);
/** Methods that change nothing: served from the old cell while an association moves. */
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const CELL_DOWN = 'Service momentanément indisponible. Réessayez dans un instant.';
export const MOVING =
  'Cette association change de serveur : ses données sont en lecture seule un instant. Réessayez dans quelques secondes.';
const UNKNOWN = 'Association inconnue sur cet hébergement.';
const TOO_SLOW = 'Le service met trop de temps à répondre. Réessayez dans un instant.';

const PAGE = (message: string) =>
  `<!doctype html><html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Kermesse</title></head><body><main><h1>Kermesse</h1><p>${message}</p></main></body></html>`;

export function createRouter(options: RouterOptions): Router {
  const { directory, console: cellConsole } = options;
  const domain = options.domain.toLowerCase();
  const connectTimeoutMs = options.connectTimeoutMs ?? 2_000;
  const responseTimeoutMs = options.responseTimeoutMs ?? 60_000;
  const retryAfter = String(options.retryAfterSeconds ?? 5);
  const log = options.log ?? (() => undefined);
  const agents = new Map<string, http.Agent>();
  const writes = new Map<string, number>();
  const drained = new Map<string, Array<() => void>>();
  let cellsCache: { cells: Cell[]; until: number } | undefined;

  async function cells(): Promise<Cell[]> {
    if (cellsCache && cellsCache.until > Date.now()) return cellsCache.cells;
    try {
      cellsCache = { cells: await directory.cells(), until: Date.now() + 5_000 };
    } catch (err) {
      if (!cellsCache) throw err;
    }
    return cellsCache.cells;
  }

  async function cellNamed(name: string): Promise<Cell | undefined> {
    return (await cells()).find((cell) => cell.name === name);
  }

  async function homeCell(): Promise<Cell | undefined> {
    const all = await cells();
    return all.find((cell) => cell.name === options.homeCell) ?? all[0];
  }

  function agentOf(cell: Cell): http.Agent {
    let agent = agents.get(cell.url);
    if (!agent) {
      agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
      agents.set(cell.url, agent);
    }
    return agent;
  }

  function answer(
    req: IncomingMessage,
    res: ServerResponse,
    status: number,
    message: string,
    code: string,
    extra: Record<string, string> = {},
  ) {
    if (res.headersSent) {
      res.destroy();
      return;
    }
    const api = isApiPath(new URL(req.url ?? '/', 'http://x').pathname);
    const body = api ? errorBody(message, code) : PAGE(message);
    res.writeHead(status, {
      'content-type': api ? 'application/json; charset=utf-8' : 'text/html; charset=utf-8',
      'content-length': Buffer.byteLength(body),
      'cache-control': 'no-store',
      ...extra,
    });
    res.end(body);
  }

  function trackWrite(slug: string): () => void {
    writes.set(slug, (writes.get(slug) ?? 0) + 1);
    let done = false;
    return () => {
      if (done) return;
      done = true;
      const left = (writes.get(slug) ?? 1) - 1;
      if (left > 0) return writes.set(slug, left);
      writes.delete(slug);
      for (const wake of drained.get(slug) ?? []) wake();
      drained.delete(slug);
    };
  }

  function drain(slug: string, timeoutMs: number): Promise<boolean> {
    if (!writes.get(slug)) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), timeoutMs);
      const waiting = drained.get(slug) ?? [];
      waiting.push(() => {
        clearTimeout(timer);
        resolve(true);
      });
      drained.set(slug, waiting);
    });
  }

  /** Streams the request to `cell` and its answer back; `body` replaces the request's own (already read). */
  function forward(req: IncomingMessage, res: ServerResponse, cell: Cell, done?: () => void, body?: Buffer): void {
    const headers: http.OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(req.headers)) if (!HOP_BY_HOP.has(name)) headers[name] = value;
    // The router is the edge: the client's own forwarding headers are dropped, its address named once.
    headers['x-forwarded-for'] = req.socket.remoteAddress ?? '';
    headers['x-forwarded-proto'] = 'http';
    if (req.headers.host !== undefined) headers['x-forwarded-host'] = req.headers.host;
    if (body) headers['content-length'] = String(body.length);
    const target = new URL(cell.url);
    let answered = false;
    const finish = () => done?.();
    const upstream = http.request({
      hostname: target.hostname,
      port: target.port,
      method: req.method,
      path: req.url,
      headers,
      agent: agentOf(cell),
    });
    const connectTimer = setTimeout(
      () => upstream.destroy(Object.assign(new Error('connect timeout'), { code: 'ECONNECT' })),
      connectTimeoutMs,
    );
    upstream.once('socket', (socket) => {
      if (!socket.connecting) clearTimeout(connectTimer);
      else socket.once('connect', () => clearTimeout(connectTimer));
    });
    upstream.once('finish', () => {
      upstream.setTimeout(responseTimeoutMs, () => upstream.destroy(Object.assign(new Error('response timeout'), { code: 'ETIMEOUT' })));
    });
    upstream.on('response', (answer) => {
      answered = true;
      clearTimeout(connectTimer);
      const back: http.OutgoingHttpHeaders = {};
      for (const [name, value] of Object.entries(answer.headers)) if (!HOP_BY_HOP.has(name)) back[name] = value;
      res.writeHead(answer.statusCode ?? 502, answer.statusMessage, back);
      answer.pipe(res);
      answer.once('end', finish);
      answer.once('error', () => {
        finish();
        res.destroy();
      });
    });
    upstream.on('error', (err: NodeJS.ErrnoException) => {
      clearTimeout(connectTimer);
      finish();
      if (answered || res.headersSent) {
        res.destroy();
        return;
      }
      log(`cell ${cell.name} failed: ${req.method} ${req.url} ${err.code ?? err.message}`);
      if (err.code === 'ETIMEOUT') answer(req, res, 504, TOO_SLOW, 'UNAVAILABLE');
      else answer(req, res, 503, CELL_DOWN, 'UNAVAILABLE', { 'retry-after': retryAfter });
    });
    res.once('close', () => {
      if (!res.writableFinished) upstream.destroy();
      finish();
    });
    if (body) upstream.end(body);
    else req.pipe(upstream);
  }

  async function association(req: IncomingMessage, res: ServerResponse, slug: string): Promise<void> {
    let placement;
    try {
      placement = await directory.lookup(slug);
    } catch {
      return answer(req, res, 503, CELL_DOWN, 'UNAVAILABLE', { 'retry-after': retryAfter });
    }
    if (!placement || placement.state === 'placing') return answer(req, res, 404, UNKNOWN, 'ASSOCIATION_UNKNOWN');
    const cell = await cellNamed(placement.cell).catch(() => undefined);
    if (!cell) return answer(req, res, 503, CELL_DOWN, 'UNAVAILABLE', { 'retry-after': retryAfter });
    const write = !READS.has(req.method ?? 'GET');
    if (write && placement.state === 'moving') return answer(req, res, 503, MOVING, 'ASSOCIATION_MOVING', { 'retry-after': retryAfter });
    forward(req, res, cell, write ? trackWrite(slug) : undefined);
  }

  /** Whether the request's bearer is the host operator (asked of the home cell, which signed it). */
  async function isHostOperator(req: IncomingMessage, home: Cell): Promise<boolean> {
    const authorization = req.headers.authorization;
    if (!authorization) return false;
    try {
      const res = await requestCell(
        home,
        'GET',
        '/api/profile',
        { host: domain, authorization, 'x-forwarded-for': req.socket.remoteAddress ?? '' },
        undefined,
        5_000,
      );
      if (res.status !== 200) return false;
      const person = JSON.parse(res.body.toString()) as { roles?: string[] };
      return person.roles?.includes('host') ?? false;
    } catch {
      return false;
    }
  }

  async function readBody(req: IncomingMessage, limit: number): Promise<Buffer | undefined> {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > limit) return undefined;
      chunks.push(chunk);
    }
    return Buffer.concat(chunks);
  }

  function sendJson(res: ServerResponse, status: number, value: unknown, extra: Record<string, string> = {}) {
    const body = JSON.stringify(value);
    res.writeHead(status, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
      'cache-control': 'no-store',
      ...extra,
    });
    res.end(body);
  }

  function relay(res: ServerResponse, answered: ConsoleAnswer) {
    res.writeHead(answered.status, {
      'content-type': answered.headers['content-type'] ?? 'application/json; charset=utf-8',
      'content-length': answered.body.length,
      'cache-control': 'no-store',
    });
    res.end(answered.body);
  }

  /** Every association a cell serves: its list is paged (docs/api.md §1), so the pages are read until its total. */
  async function cellAssociations(cell: Cell): Promise<Array<{ slug: string }>> {
    const found: Array<{ slug: string }> = [];
    for (;;) {
      const got = await cellConsole.call(cell, 'GET', `/api/host/associations?limit=${CELL_PAGE}&offset=${found.length}`);
      if (got.status !== 200) throw new Error(String(got.status));
      const { items, total } = JSON.parse(got.body.toString()) as { items: Array<{ slug: string }>; total: number };
      found.push(...items);
      if (items.length === 0 || found.length >= total) return found;
    }
  }

  /**
   * The console's list: every cell's associations, each with its cell, a page of them in slug order
   * (`?limit=`, `?offset=`, as a cell's own list); a cell that does not answer is named.
   */
  async function listAll(res: ServerResponse, search: URLSearchParams): Promise<void> {
    const page = listPage(search);
    if (!page) return sendJson(res, 400, { error: 'La page demandée (« limit », « offset ») n’est pas valide.', code: 'VALIDATION' });
    const [all, placements] = await Promise.all([cells(), directory.list()]);
    const unreachable: string[] = [];
    const lists = await Promise.all(
      all.map(async (cell) => {
        try {
          return (await cellAssociations(cell)).map((entry) => ({ ...entry, cell: cell.name }));
        } catch {
          unreachable.push(cell.name);
          // What the directory knows, so the console still shows where each association lives.
          return placements.filter((p) => p.cell === cell.name).map((p) => ({ slug: p.slug, cell: cell.name, state: null, figures: null }));
        }
      }),
    );
    const moving = new Set(placements.filter((p) => p.state === 'moving').map((p) => p.slug));
    const placedIn = new Map(placements.map((p) => [p.slug, p.cell]));
    // A moved association stays in its old cell until the erase: the directory says which copy is served.
    const associations = lists
      .flat()
      .filter((entry) => (placedIn.get(entry.slug) ?? entry.cell) === entry.cell)
      .map((entry) => ({ ...entry, moving: moving.has(entry.slug) }))
      .sort((a, b) => a.slug.localeCompare(b.slug));
    sendJson(res, 200, {
      items: associations.slice(page.offset, page.offset + page.limit),
      total: associations.length,
      cells: all.map((cell) => ({
        name: cell.name,
        capacity: cell.capacity,
        associations: placements.filter((p) => p.cell === cell.name).length,
      })),
      unreachable: unreachable.sort(),
    });
  }

  async function create(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = await readBody(req, 64 * 1024);
    if (!body) return answer(req, res, 413, 'Requête trop volumineuse.', 'TOO_LARGE');
    let slug: unknown;
    try {
      slug = (JSON.parse(body.toString()) as { slug?: unknown }).slug;
    } catch {
      return answer(req, res, 400, 'Le corps de la requête doit être du JSON valide.', 'VALIDATION');
    }
    if (typeof slug !== 'string') return answer(req, res, 400, "L'adresse (slug) de l'association est obligatoire.", 'SLUG_INVALID');
    slug = slug.trim();
    const tried = new Set<string>();
    for (;;) {
      const cell = await directory.choosePlacement(tried);
      if (!cell)
        return answer(req, res, 503, 'Aucune cellule ne peut accueillir une nouvelle association pour le moment.', 'NO_ROOM', {
          'retry-after': retryAfter,
        });
      if (!(await directory.reserve(slug as string, cell.name)))
        return answer(req, res, 409, 'Cette adresse est déjà prise.', 'SLUG_TAKEN');
      let created;
      try {
        created = await cellConsole.call(cell, 'POST', '/api/host/associations', { bytes: body, type: 'application/json' });
      } catch (err) {
        // The cell did not answer: the slug is freed and the next cell with room is asked.
        await directory.remove(slug as string);
        log(`create ${slug as string} in ${cell.name} failed: ${(err as Error).message}`);
        tried.add(cell.name);
        continue;
      }
      if (created.status === 201) await directory.activate(slug as string, cell.name);
      else await directory.remove(slug as string);
      return relay(res, created);
    }
  }

  /** An association's zip comes back in the cell with the most room, and its slug into the directory. */
  async function importZip(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    const body = await readBody(req, 512 * 1024 * 1024);
    if (!body) return answer(req, res, 413, 'Fichier trop volumineux (512 Mo au plus).', 'TOO_LARGE');
    const cell = await directory.choosePlacement();
    if (!cell)
      return answer(req, res, 503, 'Aucune cellule ne peut accueillir une nouvelle association pour le moment.', 'NO_ROOM', {
        'retry-after': retryAfter,
      });
    let imported;
    try {
      imported = await cellConsole.call(cell, 'POST', path, { bytes: body, type: req.headers['content-type'] ?? 'application/zip' });
    } catch {
      return answer(req, res, 503, CELL_DOWN, 'UNAVAILABLE', { 'retry-after': retryAfter });
    }
    if (imported.status === 201) {
      const { slug } = JSON.parse(imported.body.toString()) as { slug: string };
      directory.forget(slug);
      const known = await directory.lookup(slug);
      // The cell refuses a slug it holds; one held by another cell is named in the log for the host.
      if (known) log(`import of ${slug} into ${cell.name}: the directory already places it in ${known.cell}`);
      else await directory.activate(slug, cell.name);
    }
    relay(res, imported);
  }

  async function hostConsole(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    const home = await homeCell().catch(() => undefined);
    if (!home) return answer(req, res, 503, CELL_DOWN, 'UNAVAILABLE', { 'retry-after': retryAfter });
    const method = req.method ?? 'GET';
    const list = path === '/api/host/associations';
    const one = /^\/api\/host\/associations\/([a-z0-9-]{1,40})(\/(?:suspend|resume|export|move))?$/.exec(path);
    const importing = path === '/api/host/associations/import' && method === 'POST';
    const routed = (list && (method === 'GET' || method === 'POST')) || importing || (one && one[1] !== 'import');
    if (!routed) return forward(req, res, home);
    if (!(await isHostOperator(req, home))) return forward(req, res, home);
    if (list && method === 'GET') return listAll(res, new URL(req.url ?? '/', 'http://x').searchParams);
    if (list) return create(req, res);
    if (importing) return importZip(req, res, path);
    const slug = one![1]!;
    const action = one![2] ?? '';
    if (action === '/move' && method === 'POST') {
      const body = await readBody(req, 4 * 1024);
      let to: unknown;
      try {
        to = (JSON.parse(body?.toString() || '{}') as { to?: unknown }).to;
      } catch {
        to = undefined;
      }
      if (typeof to !== 'string') return answer(req, res, 400, 'Indiquez la cellule de destination (« to »).', 'VALIDATION');
      try {
        return sendJson(res, 200, await move(slug, to));
      } catch (err) {
        if (err instanceof MoveError) return answer(req, res, err.status, err.message, err.code);
        throw err;
      }
    }
    let placement;
    try {
      directory.forget(slug);
      placement = await directory.lookup(slug);
    } catch {
      return answer(req, res, 503, CELL_DOWN, 'UNAVAILABLE', { 'retry-after': retryAfter });
    }
    const cell = placement && (await cellNamed(placement.cell));
    if (!placement || !cell) return answer(req, res, 404, UNKNOWN, 'ASSOCIATION_UNKNOWN');
    const body = method === 'GET' || method === 'HEAD' ? undefined : await readBody(req, 64 * 1024);
    let answered;
    try {
      answered = await cellConsole.call(
        cell,
        method,
        path,
        body && body.length ? { bytes: body, type: req.headers['content-type'] ?? 'application/json' } : undefined,
      );
    } catch {
      return answer(req, res, 503, CELL_DOWN, 'UNAVAILABLE', { 'retry-after': retryAfter });
    }
    if (method === 'DELETE' && answered.status === 200) await directory.remove(slug);
    if (action === '/export' && answered.status === 200) {
      res.writeHead(200, {
        'content-type': answered.headers['content-type'] ?? 'application/zip',
        'content-disposition': answered.headers['content-disposition'] ?? 'attachment',
        'content-length': answered.body.length,
      });
      return void res.end(answered.body);
    }
    relay(res, answered);
  }

  async function move(slug: string, to: string): Promise<MoveResult> {
    return moveAssociation({ directory, console: cellConsole, drain, log }, slug, to);
  }

  return {
    handle(req, res) {
      const what = classifyHost(hostNameOf(req.headers.host), domain);
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      const work =
        what.kind === 'slug'
          ? association(req, res, what.slug)
          : what.kind === 'console'
            ? hostConsole(req, res, path)
            : Promise.resolve(answer(req, res, 404, UNKNOWN, 'ASSOCIATION_UNKNOWN'));
      work.catch((err: Error) => {
        log(`router failed on ${req.method} ${req.url}: ${err.stack ?? err.message}`);
        answer(req, res, 503, CELL_DOWN, 'UNAVAILABLE', { 'retry-after': retryAfter });
      });
    },
    move,
    inFlightWrites: (slug) => writes.get(slug) ?? 0,
    close() {
      for (const agent of agents.values()) agent.destroy();
    },
  };
}
