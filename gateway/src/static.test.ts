/**
 * Static front ends: the shell with its client-route fallback, the remotes with CORS, the runtime
 * manifest, caching and compression, refusal of traversal, and the security headers.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readEnv } from './env.ts';
import { rawRequest, startServer, startTestGateway, type TestGateway } from './testSupport.ts';

const INDEX =
  '<!doctype html><html lang="fr"><head><script defer src="/assets/main.3f2a9c1b.js"></script></head><body><div id="root"></div></body></html>';
const MAIN_JS = `console.log(${JSON.stringify('Kermesse '.repeat(200))});`;
const REMOTE_ENTRY = `var mfe_register; /* ${'x'.repeat(500)} */`;

let root: string;
let gateway: TestGateway;

function write(file: string, content: string) {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), content);
}

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'kermesse-gateway-static-'));
  write('shell/dist/index.html', INDEX);
  write('shell/dist/assets/main.3f2a9c1b.js', MAIN_JS);
  // The build's compressed copies (ui-kit/rspack.ts writes them beside each text asset).
  writeFileSync(path.join(root, 'shell/dist/assets/main.3f2a9c1b.js.gz'), gzipSync(MAIN_JS));
  writeFileSync(path.join(root, 'shell/dist/assets/main.3f2a9c1b.js.br'), brotliCompressSync(MAIN_JS));
  write('shell/dist/favicon.ico', 'icon');
  write('shell/dist/startup-chunks.json', JSON.stringify(['assets/main.4a7f26e656.css', 'assets/main.437065d904.js', '/etc/passwd']));
  write('shell/dist/.env', 'SECRET=1');
  write('mfe-register/dist/remoteEntry.js', REMOTE_ENTRY);
  write('mfe-register/dist/123.a1b2c3d4e5.js', 'chunk');
  write(
    'mfe-register/dist/exposed-chunks.json',
    JSON.stringify({ './App': ['123.a1b2c3d4e5.js', '123.b2c3d4e5f6.css', '../../secret.js'], './Admin': ['9.a1b2c3d4e5.js'] }),
  );
  mkdirSync(path.join(root, 'mfe-raffle'), { recursive: true });
  write('package.json', '{"name":"secret"}');
  gateway = await startTestGateway({ root, remoteOrigins: ['https://cdn.example.org'] });
});

afterAll(async () => {
  await gateway?.close();
  rmSync(root, { recursive: true, force: true });
});

describe('shell', () => {
  it('serves index.html at / without long caching', async () => {
    const res = await fetch(`${gateway.url}/`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(await res.text()).toBe(INDEX);
  });

  it.each(['/caisse/anything', '/tombola/prevente', '/comptabilite/bilan/2024', '/admin-prize/3/edit/image'])(
    'falls back to index.html for the client route %s',
    async (page) => {
      const res = await fetch(gateway.url + page);
      expect(res.status).toBe(200);
      expect(await res.text()).toBe(INDEX);
    },
  );

  it("hints, in the order a phone should fetch them, the shell's startup files, then the remote's entry and App", async () => {
    const shellJs = '</assets/main.437065d904.js>; rel=preload; as=script';
    const shellCss = '</assets/main.4a7f26e656.css>; rel=preload; as=style';
    const home = await fetch(`${gateway.url}/`);
    expect(home.headers.get('link')).toBe(`${shellJs}, ${shellCss}`);
    const manifest = (await (await fetch(`${gateway.url}/remotes.json`)).json()) as { remotes: Array<{ name: string; entry: string }> };
    const entry = manifest.remotes.find((remote) => remote.name === 'mfe_register')!.entry;
    for (const page of ['/caisse', '/caisse/vente']) {
      const res = await fetch(gateway.url + page);
      expect(await res.text()).toBe(INDEX);
      // Then the files of the register's ./App its build listed (a name with a path is never hinted).
      expect(res.headers.get('link')).toBe(
        `${shellJs}, <${entry}>; rel=preload; as=script, </remotes/mfe-register/123.a1b2c3d4e5.js>; rel=preload; as=script, ` +
          `${shellCss}, </remotes/mfe-register/123.b2c3d4e5f6.css>; rel=preload; as=style`,
      );
    }
    // No build of the raffle here: nothing of it to hint.
    expect((await fetch(`${gateway.url}/tombola/prevente`)).headers.get('link')).toBe(`${shellJs}, ${shellCss}`);
    expect((await fetch(`${gateway.url}/caissette`)).headers.get('link')).toBe(`${shellJs}, ${shellCss}`);
  });

  it('serves hashed assets as immutable with the right type, as the build compressed them', async () => {
    const res = await fetch(`${gateway.url}/assets/main.3f2a9c1b.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await res.text()).toBe(MAIN_JS);

    const raw = await rawRequest(gateway.url, '/assets/main.3f2a9c1b.js', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(raw.headers['content-encoding']).toBe('gzip');
    expect(raw.headers.vary).toContain('Accept-Encoding');
  });

  function getBytes(urlPath: string, acceptEncoding?: string): Promise<{ encoding?: string; body: Buffer }> {
    return new Promise((resolve, reject) => {
      import('node:http').then(({ default: http }) => {
        const target = new URL(gateway.url);
        http
          .get(
            {
              hostname: target.hostname,
              port: target.port,
              path: urlPath,
              headers: acceptEncoding ? { 'Accept-Encoding': acceptEncoding } : {},
            },
            (res) => {
              const chunks: Buffer[] = [];
              res.on('data', (c: Buffer) => chunks.push(c));
              res.on('end', () => resolve({ encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }));
            },
          )
          .on('error', reject);
      }, reject);
    });
  }

  it('prefers brotli, falls back to gzip, and always decodes to the original bytes', async () => {
    const brotli = await getBytes('/assets/main.3f2a9c1b.js', 'gzip, deflate, br, zstd');
    expect(brotli.encoding).toBe('br');
    expect(brotliDecompressSync(brotli.body).toString()).toBe(MAIN_JS);
    const gzip = await getBytes('/assets/main.3f2a9c1b.js', 'gzip, br;q=0');
    expect(gzip.encoding).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(MAIN_JS);
    const plain = await getBytes('/assets/main.3f2a9c1b.js', 'identity');
    expect(plain.encoding).toBeUndefined();
    expect(plain.body.toString()).toBe(MAIN_JS);
  });

  it('serves a copy the build wrote a moment before its file (builds write in no fixed order)', async () => {
    const code = `/* entry */${'c'.repeat(400)}`;
    write('shell/dist/assets/entry.5a6b7c8d9e.js', code);
    writeFileSync(path.join(root, 'shell/dist/assets/entry.5a6b7c8d9e.js.br'), brotliCompressSync(code));
    const { utimesSync } = await import('node:fs');
    const copyTime = new Date(Date.now() - 30);
    utimesSync(path.join(root, 'shell/dist/assets/entry.5a6b7c8d9e.js.br'), copyTime, copyTime);
    const res = await getBytes('/assets/entry.5a6b7c8d9e.js', 'br');
    expect(res.encoding).toBe('br');
    expect(brotliDecompressSync(res.body).toString()).toBe(code);
  });

  it('never serves a compressed copy that is not its file (from an earlier build, or half written)', async () => {
    write('shell/dist/assets/late.0a1b2c3d4e.js', `/* old */${'a'.repeat(400)}`);
    writeFileSync(path.join(root, 'shell/dist/assets/late.0a1b2c3d4e.js.br'), brotliCompressSync(`/* old */${'a'.repeat(400)}`));
    const fresh = `/* new */${'b'.repeat(400)}`;
    write('shell/dist/assets/late.0a1b2c3d4e.js', fresh);
    const future = new Date(Date.now() + 60_000);
    const { utimesSync } = await import('node:fs');
    utimesSync(path.join(root, 'shell/dist/assets/late.0a1b2c3d4e.js'), future, future);
    const res = await getBytes('/assets/late.0a1b2c3d4e.js', 'br');
    expect(res.encoding).toBeUndefined();
    expect(res.body.toString()).toBe(fresh);
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const first = await fetch(`${gateway.url}/favicon.ico`);
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^W\/".+"$/);
    await first.arrayBuffer();
    // Raw request: fetch adds `Cache-Control: no-cache` to conditional requests, which forbids a 304.
    const again = await rawRequest(gateway.url, '/favicon.ico', { headers: { 'If-None-Match': etag as string } });
    expect(again.status).toBe(304);
    expect(again.body).toBe('');
  });

  it('answers HEAD without a body', async () => {
    const res = await rawRequest(gateway.url, '/favicon.ico', { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers['content-length']).toBe('4');
    expect(res.body).toBe('');
  });

  it('answers 404 for a missing file rather than the page', async () => {
    const res = await fetch(`${gateway.url}/logo-absent.png`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'Ressource introuvable.', code: 'NOT_FOUND' });
  });
});

describe('remotes', () => {
  it('publishes the runtime manifest with availability', async () => {
    const res = await fetch(`${gateway.url}/remotes.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(await res.json()).toEqual({
      remotes: [
        {
          name: 'mfe_register',
          path: '/caisse',
          entry: expect.stringMatching(/^\/remotes\/mfe-register\/remoteEntry\.js\?v=[0-9a-z]+$/),
          available: true,
        },
        { name: 'mfe_raffle', path: '/tombola', entry: '/remotes/mfe-raffle/remoteEntry.js', available: false },
        { name: 'mfe_bingo', path: '/loto', entry: '/remotes/mfe-bingo/remoteEntry.js', available: false },
        { name: 'mfe_accounting', path: '/comptabilite', entry: '/remotes/mfe-accounting/remoteEntry.js', available: false },
        { name: 'mfe_stock', path: '/stock', entry: '/remotes/mfe-stock/remoteEntry.js', available: false },
      ],
    });
  });

  it('gives a new entry URL once a remote is deployed again (the shell loads it at the next navigation)', async () => {
    const entryOf = async () =>
      ((await (await fetch(`${gateway.url}/remotes.json`)).json()) as { remotes: Array<{ name: string; entry: string }> }).remotes.find(
        (r) => r.name === 'mfe_register',
      )!.entry;
    const before = await entryOf();
    expect(await entryOf()).toBe(before);
    write('mfe-register/dist/remoteEntry.js', `${REMOTE_ENTRY} /* v2 */`);
    const after = await entryOf();
    expect(after).not.toBe(before);
    // The version is a query: the file is the same path.
    expect(await (await fetch(gateway.url + after)).text()).toBe(`${REMOTE_ENTRY} /* v2 */`);
    write('mfe-register/dist/remoteEntry.js', REMOTE_ENTRY);
  });

  it('points at a remote deployed on its own (REMOTE_ENTRIES), with its version, and allows its origin', async () => {
    let etag = '"one"';
    const remote = await startServer((req, res) => {
      res.writeHead(200, { ETag: etag, 'Content-Type': 'text/javascript', 'Access-Control-Allow-Origin': '*' });
      res.end(req.method === 'HEAD' ? undefined : 'var mfe_stock;');
    });
    const env = readEnv({ REMOTE_ENTRIES: `mfe_stock=${remote.url}/remoteEntry.js` });
    expect(env.remoteEntries).toEqual({ mfe_stock: `${remote.url}/remoteEntry.js` });
    expect(env.remoteOrigins).toEqual([remote.url]);
    const own = await startTestGateway({ root, remoteEntries: env.remoteEntries, remoteOrigins: env.remoteOrigins });
    try {
      const stockEntry = async () =>
        (
          (await (await fetch(`${own.url}/remotes.json`)).json()) as { remotes: Array<{ name: string; entry: string; available: boolean }> }
        ).remotes.find((r) => r.name === 'mfe_stock')!;
      const first = await stockEntry();
      expect(first).toMatchObject({
        available: true,
        entry: expect.stringMatching(new RegExp(`^${remote.url}/remoteEntry\\.js\\?v=[0-9a-z]+$`)),
      });
      etag = '"two"';
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      const second = await stockEntry();
      expect(second.entry).not.toBe(first.entry);
      const csp = (await fetch(`${own.url}/`)).headers.get('content-security-policy') ?? '';
      expect(csp).toContain(`script-src 'self' 'wasm-unsafe-eval' ${remote.url}`);
      expect(() => readEnv({ REMOTE_ENTRIES: 'mfe_stock' })).toThrow(/REMOTE_ENTRIES/);
    } finally {
      await own.close();
      await remote.close();
    }
  });

  it('serves a remote entry with CORS and revalidation, chunks as immutable', async () => {
    const entry = await fetch(`${gateway.url}/remotes/mfe-register/remoteEntry.js`);
    expect(entry.status).toBe(200);
    expect(entry.headers.get('access-control-allow-origin')).toBe('*');
    expect(entry.headers.get('cache-control')).toBe('no-cache');
    expect(await entry.text()).toBe(REMOTE_ENTRY);
    const chunk = await fetch(`${gateway.url}/remotes/mfe-register/123.a1b2c3d4e5.js`);
    expect(chunk.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(chunk.headers.get('access-control-allow-origin')).toBe('*');
  });

  it("caches the manifest's versioned remote entry for good, an old or made-up version is revalidated", async () => {
    const manifest = (await (await fetch(`${gateway.url}/remotes.json`)).json()) as { remotes: Array<{ name: string; entry: string }> };
    const entry = manifest.remotes.find((remote) => remote.name === 'mfe_register')!.entry;
    const current = await fetch(gateway.url + entry);
    expect(current.status).toBe(200);
    expect(current.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await current.text()).toBe(REMOTE_ENTRY);
    const other = await fetch(`${gateway.url}/remotes/mfe-register/remoteEntry.js?v=ancienne`);
    expect(other.status).toBe(200);
    expect(other.headers.get('cache-control')).toBe('no-cache');
  });

  it.each([
    '/remotes/mfe-raffle/remoteEntry.js',
    '/remotes/services/package.json',
    '/remotes/mfe-register/absent.js',
    '/remotes/mfe-register',
  ])('%s → 404, never the page', async (file) => {
    const res = await fetch(gateway.url + file);
    expect(res.status).toBe(404);
  });
});

describe("the shell's page with its start-up scripts written in", () => {
  const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
  const EARLY = 'window.early = "é";';
  // What the shell's production build writes (shell/ui-kit/inlineStartup.ts): a `<script>` with no attribute.
  const page = (main: string) =>
    `<!doctype html><html><head><script>${EARLY}</script><style>body{}</style></head><body><div id="root"></div><script>${main}</script></body></html>`;
  let own: TestGateway;
  let ownRoot: string;

  beforeAll(async () => {
    ownRoot = mkdtempSync(path.join(tmpdir(), 'kermesse-gateway-page-'));
    mkdirSync(path.join(ownRoot, 'shell/dist'), { recursive: true });
    writeFileSync(path.join(ownRoot, 'shell/dist/index.html'), page('start("v1")'));
    writeFileSync(path.join(ownRoot, 'shell/dist/startup-chunks.json'), '[]');
    own = await startTestGateway({ root: ownRoot, remoteOrigins: ['https://cdn.example.org'] });
  });
  afterAll(async () => {
    await own?.close();
    rmSync(ownRoot, { recursive: true, force: true });
  });

  it('allows exactly those scripts by their hash on the page, and nowhere else', async () => {
    const res = await fetch(`${own.url}/caisse`);
    expect(await res.text()).toBe(page('start("v1")'));
    expect(res.headers.get('content-security-policy')).toContain(
      `script-src 'self' 'wasm-unsafe-eval' ${sha256(EARLY)} ${sha256('start("v1")')} https://cdn.example.org; style-src`,
    );
    // Nothing to preload: the page carries its files.
    expect(res.headers.get('link')).toBeNull();
    for (const other of ['/remotes.json', '/nope.png', '/api/cr/events']) {
      const answer = await fetch(own.url + other);
      await answer.arrayBuffer();
      expect(answer.headers.get('content-security-policy')).toContain("script-src 'self' https://cdn.example.org;");
    }
  });

  it('names the new scripts once the shell is built again', async () => {
    writeFileSync(path.join(ownRoot, 'shell/dist/index.html'), page('start("version 2")'));
    const res = await fetch(`${own.url}/`);
    expect(await res.text()).toContain('start("version 2")');
    const policy = res.headers.get('content-security-policy') ?? '';
    expect(policy).toContain(sha256('start("version 2")'));
    expect(policy).not.toContain(sha256('start("v1")'));
  });
});

describe('path traversal', () => {
  it.each([
    '/../package.json',
    '/%2e%2e/package.json',
    '/assets/..%2f..%2f..%2fpackage.json',
    '/remotes/mfe-register/../../package.json',
    '/remotes/mfe-register/..%2F..%2Fpackage.json',
    '/remotes/mfe-register/%2e%2e%5c%2e%2e%5cpackage.json',
    '/..%5c..%5cpackage.json',
    '/.env',
    '/%2eenv',
    '/index.html%00.js',
  ])('refuses %s', async (attempt) => {
    const res = await rawRequest(gateway.url, attempt);
    expect([400, 404]).toContain(res.status);
    expect(res.body).not.toContain('secret');
    expect(res.body).not.toContain('SECRET');
  });
});

describe('security headers', () => {
  it.each(['/', '/remotes.json', '/healthz', '/api/cr/events', '/api/public/raffle/drawing/results', '/nope.png'])(
    'are on %s',
    async (target) => {
      const res = await fetch(gateway.url + target);
      await res.arrayBuffer();
      // The shell's page scans barcodes: the polyfill's WebAssembly may compile there, nowhere else.
      const wasm = target === '/' ? " 'wasm-unsafe-eval'" : '';
      expect(res.headers.get('content-security-policy')).toBe(
        `default-src 'self'; script-src 'self'${wasm} https://cdn.example.org; style-src 'self' 'unsafe-inline' https://cdn.example.org; ` +
          "img-src 'self' data: blob: https://cdn.example.org; font-src 'self' data: https://cdn.example.org; " +
          "connect-src 'self' https://cdn.example.org http://localhost:* http://127.0.0.1:*; object-src 'none'; frame-ancestors 'none'; base-uri 'self'; form-action 'self'",
      );
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('permissions-policy')).toContain('camera=(self)');
      expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
      // Plain http without a trusted front proxy: no HSTS.
      expect(res.headers.get('strict-transport-security')).toBeNull();
    },
  );

  it('sends HSTS only behind a trusted https proxy', async () => {
    const behindProxy = await startTestGateway({ root, trustProxy: true });
    try {
      const https = await fetch(`${behindProxy.url}/healthz`, { headers: { 'X-Forwarded-Proto': 'https' } });
      expect(https.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
      const http = await fetch(`${behindProxy.url}/healthz`);
      expect(http.headers.get('strict-transport-security')).toBeNull();
      // A client cannot turn HSTS on without a trusted proxy.
      const spoofed = await fetch(`${gateway.url}/healthz`, { headers: { 'X-Forwarded-Proto': 'https' } });
      expect(spoofed.headers.get('strict-transport-security')).toBeNull();
    } finally {
      await behindProxy.close();
    }
  });

  it('answers /healthz', async () => {
    const res = await fetch(`${gateway.url}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ service: 'gateway', status: 'ok' });
  });
});
