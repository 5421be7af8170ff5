/**
 * The front ends' static builds: `shell/dist` at `/` (client routes fall back to index.html),
 * each `mfe-<x>/dist` at `/remotes/mfe-<x>/`, and the runtime manifest `GET /remotes.json`
 * (docs/platform.md).
 *
 * Files are streamed from disk. Text files are sent as the brotli or gzip copy the build wrote beside
 * them (`main.js.br`, `main.js.gz`, see ui-kit/rspack.ts), whichever the browser accepts; nothing is
 * compressed while serving. Hashed file names are cached for a year, everything else is revalidated
 * (ETag/Last-Modified).
 */
import { createReadStream, type Stats } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliDecompress, gunzip } from 'node:zlib';
import type { Context, Middleware } from 'koa';
import { invalidPath, routeNotFound } from './errors.ts';
import { contentSecurityPolicy, inlineScriptSources } from './securityHeaders.ts';

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

/** The build's compressed copies, best first: [Content-Encoding, file suffix]. */
const ENCODINGS = [
  ['br', '.br'],
  ['gzip', '.gz'],
] as const;

const DECOMPRESS: Record<(typeof ENCODINGS)[number][0], (data: Buffer) => Promise<Buffer>> = {
  br: promisify(brotliDecompress),
  gzip: promisify(gunzip),
};

/** The encodings an `Accept-Encoding` header allows (`gzip, br;q=0` → gzip only). */
export function acceptedEncodings(header: string): Set<string> {
  const accepted = new Set<string>();
  for (const part of header.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) === 0)) accepted.add(name.trim());
  }
  return accepted;
}

/** Written by the shell's build (ui-kit/rspack.ts): the files its page loads before its first render (none when the page carries them). */
const STARTUP_CHUNKS_FILE = 'startup-chunks.json';
/** Written by each remote's build beside its remoteEntry.js: the files of each exposed module. */
const EXPOSED_CHUNKS_FILE = 'exposed-chunks.json';

/** Only plain file names (`794.5573c3402d.js`, `assets/52.4a7f26e656.css`) are ever hinted. */
const LISTED_FILE = /^(assets\/)?[\w.-]+\.(js|css)$/;

/** `<…>; rel=preload; as=script|style` */
const preload = (url: string) => `<${url}>; rel=preload; as=${/\.css(\?|$)/.test(url) ? 'style' : 'script'}`;

export interface StaticOptions {
  /** Repository root holding `shell/dist` and `mfe-<x>/dist`. */
  root: string;
  /**
   * Remotes deployed on their own (a front-end container, a CDN): container name → URL of its
   * remoteEntry.js (`REMOTE_ENTRIES=mfe_stock=https://stock.example.org/remoteEntry.js`). The
   * manifest points there instead of /remotes/mfe-<x>/.
   */
  remoteEntries?: Readonly<Record<string, string>>;
  /** Extra origins of the Content-Security-Policy (as for every answer, see securityHeaders.ts). */
  remoteOrigins?: readonly string[];
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
export function staticFiles({ root, remoteEntries = {}, remoteOrigins = [] }: StaticOptions): Middleware {
  const shellDir = path.join(root, 'shell', 'dist');
  const remoteDirs = new Map<string, string>(REMOTES.map((r) => [r.folder, path.join(root, r.folder, 'dist')]));
  /**
   * Whether a compressed copy holds exactly its file, checked once per version of both (their size
   * and mtime): a copy from an earlier build, or one being written, is never served. Comparing the
   * bytes rather than the dates: a build writes its files in no fixed order, so a copy may well be
   * a few milliseconds older than its file (remoteEntry.js then went out uncompressed, 47 KB
   * instead of 13 KB on a phone's first visit).
   */
  const copyChecks = new Map<string, { version: string; matches: Promise<boolean> }>();
  function copyMatches(
    file: string,
    stats: Stats,
    copyFile: string,
    copy: Stats,
    encoding: (typeof ENCODINGS)[number][0],
  ): Promise<boolean> {
    const version = `${stats.size}:${stats.mtimeMs}:${copy.size}:${copy.mtimeMs}`;
    const cached = copyChecks.get(copyFile);
    if (cached?.version === version) return cached.matches;
    const matches = Promise.all([readFile(file), readFile(copyFile).then(DECOMPRESS[encoding])]).then(
      ([original, decompressed]) => original.equals(decompressed),
      () => false,
    );
    copyChecks.set(copyFile, { version, matches });
    return matches;
  }

  async function sendFile(ctx: Context, file: string, stats: Stats, cacheControl: string): Promise<void> {
    const ext = path.extname(file).toLowerCase();
    const compressible = COMPRESSIBLE.has(ext);
    let body = { file, stats, encoding: undefined as string | undefined };
    if (compressible) {
      const accepted = acceptedEncodings(ctx.get('Accept-Encoding'));
      for (const [encoding, suffix] of ENCODINGS) {
        if (!accepted.has(encoding)) continue;
        const copy = await fileStats(file + suffix);
        if (copy && (await copyMatches(file, stats, file + suffix, copy, encoding))) {
          body = { file: file + suffix, stats: copy, encoding };
          break;
        }
      }
    }
    const baseTag = `${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}`;
    ctx.status = 200;
    ctx.set('Content-Type', CONTENT_TYPES[ext] ?? 'application/octet-stream');
    ctx.set('Cache-Control', cacheControl);
    ctx.set('Last-Modified', stats.mtime.toUTCString());
    ctx.set('ETag', body.encoding ? `W/"${baseTag}-${body.encoding}"` : `W/"${baseTag}"`);
    if (compressible) ctx.vary('Accept-Encoding');
    if (ctx.fresh) {
      ctx.status = 304;
      return;
    }
    if (body.encoding) ctx.set('Content-Encoding', body.encoding);
    ctx.set('Content-Length', String(body.stats.size));
    // HEAD: Koa ends the response without a body; do not open the file.
    if (ctx.method !== 'HEAD') ctx.body = createReadStream(body.file);
  }

  /**
   * The shell page's Content-Security-Policy: the gateway's, with the `'sha256-…'` of the start-up
   * scripts the build wrote into the page (shell/ui-kit/inlineStartup.ts). Worked out from the very
   * file served, again only when it changes, so a new build of the shell never meets an old list.
   */
  let pagePolicy: { version: string; policy: Promise<string> } | undefined;
  function pagePolicyOf(file: string, stats: Stats): Promise<string> {
    const version = `${stats.size}:${stats.mtimeMs}`;
    if (pagePolicy?.version !== version) {
      const policy = readFile(file, 'utf8').then(
        (html) => contentSecurityPolicy(remoteOrigins, inlineScriptSources(html), { webAssembly: true }),
        () => contentSecurityPolicy(remoteOrigins, [], { webAssembly: true }),
      );
      pagePolicy = { version, policy };
    }
    return pagePolicy.policy;
  }

  const externalVersions = new Map<string, { at: number; answer: Promise<{ available: boolean; version?: string }> }>();

  /** Whether a remote deployed on its own answers, and its build's version (asked at most once a second). */
  function externalVersion(entry: string): Promise<{ available: boolean; version?: string }> {
    const cached = externalVersions.get(entry);
    if (cached && Date.now() - cached.at < EXTERNAL_VERSION_TTL_MS) return cached.answer;
    const answer = fetch(entry, { method: 'HEAD', cache: 'no-store', signal: AbortSignal.timeout(EXTERNAL_VERSION_TIMEOUT_MS) })
      .then((res) => ({
        available: res.ok,
        version: res.ok
          ? versionOf(res.headers.get('etag'), res.headers.get('last-modified'), res.headers.get('content-length'))
          : undefined,
      }))
      // Unreachable now: the shell shows « momentanément indisponible » if it cannot load it either.
      .catch(() => ({ available: true, version: undefined }));
    externalVersions.set(entry, { at: Date.now(), answer });
    return answer;
  }

  async function manifest(): Promise<RemoteManifest> {
    const remotes = await Promise.all(
      REMOTES.map(async (remote) => {
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
      }),
    );
    return { remotes };
  }

  const chunkLists = new Map<string, { mtimeMs: number; value: unknown }>();

  /** A chunk list a build wrote (JSON), read again only when the file changes; undefined without one. */
  async function chunkList(file: string): Promise<unknown> {
    const stats = await fileStats(file);
    if (!stats) return undefined;
    const cached = chunkLists.get(file);
    if (cached && cached.mtimeMs === stats.mtimeMs) return cached.value;
    let value: unknown;
    try {
      value = JSON.parse(await readFile(file, 'utf8'));
    } catch {
      // A build being written: no hints this time.
      return undefined;
    }
    chunkLists.set(file, { mtimeMs: stats.mtimeMs, value });
    return value;
  }

  const fileNames = (list: unknown): string[] =>
    Array.isArray(list) ? list.filter((name): name is string => typeof name === 'string' && LISTED_FILE.test(name)) : [];

  /**
   * `Link` preload hints for a page, so a phone fetches what the page needs while it parses the HTML
   * rather than one round trip after another once the scripts run (first-visit LCP): the
   * shell's startup files its page does not carry (a production build writes them into the page,
   * early script included), and for a page of a remote served here its remoteEntry.js and the files
   * of its `./App`. In the order a phone's six HTTP/1.1 connections should take them: the scripts,
   * then the style sheets.
   */
  async function preloadHints(urlPath: string): Promise<string[]> {
    const files = fileNames(await chunkList(path.join(shellDir, STARTUP_CHUNKS_FILE))).map((file) => `/${file}`);
    const remote = REMOTES.find((r) => !remoteEntries[r.name] && (urlPath === r.path || urlPath.startsWith(`${r.path}/`)));
    const dir = remote && (remoteDirs.get(remote.folder) as string);
    const stats = dir && (await fileStats(path.join(dir, 'remoteEntry.js')));
    if (remote && dir && stats) {
      files.push(versioned(`/remotes/${remote.folder}/remoteEntry.js`, localVersion(stats)));
      const app = (await chunkList(path.join(dir, EXPOSED_CHUNKS_FILE))) as Record<string, unknown> | undefined;
      files.push(...fileNames(app?.['./App']).map((file) => `/remotes/${remote.folder}/${file}`));
    }
    const isCss = (url: string) => url.endsWith('.css');
    return [...files.filter((url) => !isCss(url)), ...files.filter(isCss)].map(preload);
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
    const hints = await preloadHints(urlPath);
    if (hints.length > 0) ctx.set('Link', hints);
    ctx.set('Content-Security-Policy', await pagePolicyOf(index, indexStats));
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
