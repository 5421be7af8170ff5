/**
 * The front ends' static builds: `shell/dist` at `/` (client routes fall back to index.html),
 * each `mfe-<x>/dist` at `/remotes/mfe-<x>/`, and the runtime manifest `GET /remotes.json`
 * (docs/platform.md).
 *
 * Files are streamed from disk; text files are gzipped once and kept in memory while unchanged.
 * Hashed file names are cached for a year, everything else is revalidated (ETag/Last-Modified).
 */
import { createReadStream, type Stats } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzip as gzipCallback } from 'node:zlib';
import type { Context, Middleware } from 'koa';
import { invalidPath, routeNotFound } from './errors.ts';

const gzip = promisify(gzipCallback);

/** The remotes the shell knows, in menu order (docs/platform.md). */
export const REMOTES = [
  { name: 'mfe_register', folder: 'mfe-register', path: '/caisse' },
  { name: 'mfe_raffle', folder: 'mfe-raffle', path: '/tombola' },
  { name: 'mfe_bingo', folder: 'mfe-bingo', path: '/loto' },
  { name: 'mfe_accounting', folder: 'mfe-accounting', path: '/comptabilite' },
  { name: 'mfe_stock', folder: 'mfe-stock', path: '/stock' },
] as const;

export interface RemoteManifest {
  remotes: Array<{ name: string; path: string; entry: string; available: boolean }>;
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.cjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.csv': 'text/csv; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.wasm': 'application/wasm',
  '.pdf': 'application/pdf',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.cjs', '.css', '.json', '.map', '.webmanifest', '.txt', '.csv', '.xml', '.svg']);

/** `main.3f2a9c1b.js`, `123.a1b2c3d4e5.css`, `vendors-4f5e6d7c.js`: a content hash makes a name immutable. */
const HASHED_NAME = /[.-][0-9a-f]{8,}\.[a-z0-9]+$/i;
const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

const FAVICON_PATH = '/favicon.ico';
/** Kermesse's icon (an SVG: every browser takes one as the answer to /favicon.ico). */
export const FAVICON_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#b4233c"/><text x="16" y="23" font-size="20" font-family="sans-serif" text-anchor="middle" fill="#fff">K</text></svg>`;

const GZIP_CACHE_LIMIT = 64 * 1024 * 1024;

export interface StaticOptions {
  /** Repository root holding `shell/dist` and `mfe-<x>/dist`. */
  root: string;
  /**
   * Remotes deployed on their own (a front-end container, a CDN): container name → URL of its
   * remoteEntry.js (`REMOTE_ENTRIES=mfe_stock=https://stock.example.org/remoteEntry.js`). The
   * manifest points there instead of /remotes/mfe-<x>/.
   */
  remoteEntries?: Readonly<Record<string, string>>;
}

/** How long the version of a remote deployed on its own is trusted before asking it again (ms). */
const EXTERNAL_VERSION_TTL_MS = 1_000;
const EXTERNAL_VERSION_TIMEOUT_MS = 1_500;

/**
 * The entry URL with its build's version (`?v=…`): a new deployment of a remote changes the URL the
 * manifest gives, so the shell loads it at the next navigation (and no cache serves the old one).
 */
function versioned(entry: string, version: string | undefined): string {
  if (!version) return entry;
  return `${entry}${entry.includes('?') ? '&' : '?'}v=${encodeURIComponent(version)}`;
}

/** A short, opaque version from what a server says of a file (ETag, else Last-Modified and size). */
function versionOf(etag: string | null, lastModified: string | null, length: string | null): string | undefined {
  const raw = etag ?? (lastModified || length ? `${lastModified ?? ''}-${length ?? ''}` : undefined);
  if (!raw) return undefined;
  let hash = 0x811c9dc5;
  for (let i = 0; i < raw.length; i += 1) hash = Math.imul(hash ^ raw.charCodeAt(i), 0x01000193) >>> 0;
  return hash.toString(36);
}

/** The version of a remote's remoteEntry.js served from disk (its `?v=` in the manifest). */
function localVersion(stats: Stats): string | undefined {
  return versionOf(null, Math.floor(stats.mtimeMs).toString(36), stats.size.toString(36));
}

/**
 * Serves GET/HEAD requests for the shell, the remotes and the manifest; anything else is left to
 * the next middleware. Must come after the API routes: every path reaching it is a page or a file.
 */
export function staticFiles({ root, remoteEntries = {} }: StaticOptions): Middleware {
  const shellDir = path.join(root, 'shell', 'dist');
  const remoteDirs = new Map<string, string>(REMOTES.map((r) => [r.folder, path.join(root, r.folder, 'dist')]));
  const gzipped = new Map<string, { mtimeMs: number; size: number; body: Buffer }>();
  let gzippedBytes = 0;

  async function compressed(file: string, stats: Stats): Promise<Buffer> {
    const cached = gzipped.get(file);
    if (cached && cached.mtimeMs === stats.mtimeMs && cached.size === stats.size) return cached.body;
    const body = await gzip(await readFile(file), { level: 9 });
    if (cached) gzippedBytes -= cached.body.length;
    if (gzippedBytes + body.length <= GZIP_CACHE_LIMIT) {
      gzipped.set(file, { mtimeMs: stats.mtimeMs, size: stats.size, body });
      gzippedBytes += body.length;
    } else if (cached) {
      gzipped.delete(file);
    }
    return body;
  }

  async function sendFile(ctx: Context, file: string, stats: Stats, cacheControl: string): Promise<void> {
    const ext = path.extname(file).toLowerCase();
    const useGzip = COMPRESSIBLE.has(ext) && stats.size > 256 && /\bgzip\b/.test(ctx.get('Accept-Encoding'));
    const baseTag = `${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}`;
    ctx.status = 200;
    ctx.set('Content-Type', CONTENT_TYPES[ext] ?? 'application/octet-stream');
    ctx.set('Cache-Control', cacheControl);
    ctx.set('Last-Modified', stats.mtime.toUTCString());
    ctx.set('ETag', useGzip ? `W/"${baseTag}-gz"` : `W/"${baseTag}"`);
    if (COMPRESSIBLE.has(ext)) ctx.vary('Accept-Encoding');
    if (ctx.fresh) {
      ctx.status = 304;
      return;
    }
    if (useGzip) {
      const body = await compressed(file, stats);
      ctx.set('Content-Encoding', 'gzip');
      ctx.body = body;
      return;
    }
    ctx.set('Content-Length', String(stats.size));
    // HEAD: Koa ends the response without a body; do not open the file.
    if (ctx.method !== 'HEAD') ctx.body = createReadStream(file);
  }

  const externalVersions = new Map<string, { at: number; answer: Promise<{ available: boolean; version?: string }> }>();

  /** Whether a remote deployed on its own answers, and its build's version (asked at most once a second). */
  function externalVersion(entry: string): Promise<{ available: boolean; version?: string }> {
    const cached = externalVersions.get(entry);
    if (cached && Date.now() - cached.at < EXTERNAL_VERSION_TTL_MS) return cached.answer;
    const answer = fetch(entry, { method: 'HEAD', cache: 'no-store', signal: AbortSignal.timeout(EXTERNAL_VERSION_TIMEOUT_MS) })
      .then((res) => ({
        available: res.ok,
        version: res.ok ? versionOf(res.headers.get('etag'), res.headers.get('last-modified'), res.headers.get('content-length')) : undefined,
      }))
      // Unreachable now: the shell shows « momentanément indisponible » if it cannot load it either.
      .catch(() => ({ available: true, version: undefined }));
    externalVersions.set(entry, { at: Date.now(), answer });
    return answer;
  }

  async function manifest(): Promise<RemoteManifest> {
    const remotes = await Promise.all(REMOTES.map(async (remote) => {
      const external = remoteEntries[remote.name];
      if (external) {
        const { available, version } = await externalVersion(external);
        return { name: remote.name, path: remote.path, entry: versioned(external, version), available };
      }
      const stats = await fileStats(path.join(remoteDirs.get(remote.folder) as string, 'remoteEntry.js'));
      const entry = `/remotes/${remote.folder}/remoteEntry.js`;
      return {
        name: remote.name,
        path: remote.path,
        entry: stats ? versioned(entry, localVersion(stats)) : entry,
        available: stats !== undefined,
      };
    }));
    return { remotes };
  }

  /** `Link` preload hints for a page: `/remotes.json`, and the local remote entry of its path. */
  async function preloadHints(urlPath: string): Promise<string[]> {
    const hints = ['</remotes.json>; rel=preload; as=fetch; crossorigin=anonymous'];
    const remote = REMOTES.find((r) => !remoteEntries[r.name] && (urlPath === r.path || urlPath.startsWith(`${r.path}/`)));
    const stats = remote && await fileStats(path.join(remoteDirs.get(remote.folder) as string, 'remoteEntry.js'));
    if (remote && stats) hints.push(`<${versioned(`/remotes/${remote.folder}/remoteEntry.js`, localVersion(stats))}>; rel=preload; as=script`);
    return hints;
  }

  return async function staticFilesMiddleware(ctx, next) {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    const urlPath = ctx.path;

    if (urlPath === '/remotes.json') {
      ctx.set('Cache-Control', 'no-cache');
      ctx.body = await manifest();
      return;
    }

    if (urlPath.startsWith('/remotes/')) {
      const slash = urlPath.indexOf('/', '/remotes/'.length);
      const dir = slash === -1 ? undefined : remoteDirs.get(urlPath.slice('/remotes/'.length, slash));
      if (!dir) throw routeNotFound();
      const file = resolveInside(dir, urlPath.slice(slash));
      const stats = await fileStats(file);
      if (!file || !stats) throw routeNotFound();
      ctx.set('Access-Control-Allow-Origin', '*');
      ctx.set('Cross-Origin-Resource-Policy', 'cross-origin');
      const name = path.basename(file);
      // `remoteEntry.js?v=<its build's version>` (the manifest's URL) never changes: cached for good,
      // so a phone opening the register again does not wait on a revalidation. Without `v`, or with
      // an old one, it is revalidated as before.
      const current = name === 'remoteEntry.js' && ctx.query.v === localVersion(stats);
      await sendFile(ctx, file, stats, HASHED_NAME.test(name) || current ? IMMUTABLE : REVALIDATE);
      return;
    }

    if (urlPath !== '/') {
      const file = resolveInside(shellDir, urlPath);
      // Browsers ask for /favicon.ico on any page without an icon link (a receipt, an error page):
      // the shell's own file when its build has one, else Kermesse's built-in icon.
      if (urlPath === FAVICON_PATH && !(await fileStats(file))) {
        ctx.set('Content-Type', 'image/svg+xml');
        ctx.set('Cache-Control', 'public, max-age=86400');
        ctx.body = FAVICON_SVG;
        return;
      }
      const stats = await fileStats(file);
      if (file && stats) {
        await sendFile(ctx, file, stats, HASHED_NAME.test(path.basename(file)) ? IMMUTABLE : REVALIDATE);
        return;
      }
      // A missing file (`/logo.png`) is a 404; a page path (`/caisse/12`) is a client route.
      if (path.extname(urlPath) !== '') throw routeNotFound();
    }

    const index = path.join(shellDir, 'index.html');
    const indexStats = await fileStats(index);
    if (!indexStats) throw routeNotFound();
    // The page's first requests, asked by the browser while it parses the page rather than after
    // the shell's scripts ran (a phone on slow 4G saves round trips): the manifest, and the entry
    // of the remote this page belongs to when it is served here (`/caisse` → the register's).
    ctx.set('Link', await preloadHints(urlPath));
    await sendFile(ctx, index, indexStats, REVALIDATE);
  };
}

/**
 * Maps a URL path onto a file below `dir`. Refuses (400) a path that is undecodable, holds a NUL
 * byte or a backslash, or has a `..` segment, and answers 404 for any other dot segment (`.env`),
 * so neither a traversal nor a hidden file is ever served.
 */
export function resolveInside(dir: string, urlPath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    throw invalidPath();
  }
  if (decoded.includes('\0') || decoded.includes('\\')) throw invalidPath();
  const segments = decoded.split('/');
  for (const segment of segments) {
    if (segment === '..') throw invalidPath();
    if (segment.startsWith('.')) throw routeNotFound();
  }
  const file = path.join(dir, decoded);
  if (!file.startsWith(dir + path.sep)) return undefined;
  return file;
}

async function fileStats(file: string | undefined): Promise<Stats | undefined> {
  if (!file) return undefined;
  try {
    const stats = await stat(file);
    return stats.isFile() ? stats : undefined;
  } catch {
    return undefined;
  }
}
