/**
 * `npm run bench register-frontend`: the JavaScript a cashier downloads to reach the register.
 *
 * Starts the whole built system (launcher through e2e/support/system.ts: front ends built, own
 * database and NATS namespace), opens Debian's Chromium with a cashier token, goes to /caisse, picks
 * the demo event and « Caisse Buvette », and waits for the sales screen. Every script the browser
 * fetched on the way is read from Chromium's network log and split into:
 *   - shell: the host's own code (federation runtime, layout, routes) under /assets/;
 *   - shared: the Module Federation singletons (react, react-dom, react-router, @kermesse/ui-kit),
 *     whichever build served them — found from the share table the build writes in its entry;
 *   - register remote: remoteEntry.js and the register's chunks under /remotes/mfe-register/;
 *   - other remotes: should be nothing (ARCHITECTURE §4).
 * Prints bytes as served (decoded) and gzip level 9 per file and per part, and the total against the
 * aim of ≤ 250 KB gzip. When the system cannot be started, the same split is computed from the built
 * files and the shell's index.html (every chunk the register remote may load, an upper bound).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const AIM_GZIP_BYTES = 250 * 1024;
const CHECKOUT = 'Caisse Buvette';

type Part = 'shell' | 'shared' | 'register remote' | 'other remotes';
const PARTS: Part[] = ['shell', 'shared', 'register remote', 'other remotes'];

interface Script {
  url: string;
  part: Part;
  bytes: number;
  gzip: number;
}

const gzipSize = (body: Buffer) => gzipSync(body, { level: 9 }).length;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/**
 * Chunk ids holding the shared singletons in one build, read from the share table the federation
 * plugin writes into the build's entry (`{name:"react",version:…,factory:()=>__webpack_require__.e(121)…}`).
 */
function sharedChunkIds(entryFile: string): Set<string> {
  const ids = new Set<string>();
  if (!existsSync(entryFile)) return ids;
  const code = readFileSync(entryFile, 'utf8');
  for (const match of code.matchAll(/\{name:"[^"]+",version:"[^"]*",factory:\(\)=>(.*?)\.then\(/g)) {
    for (const id of (match[1] as string).matchAll(/__webpack_require__\.e\((\d+)\)/g)) ids.add(id[1] as string);
  }
  return ids;
}

function shellEntry(): string | undefined {
  const assets = path.join(ROOT, 'shell', 'dist', 'assets');
  if (!existsSync(assets)) return undefined;
  const main = readdirSync(assets).find((file) => /^main\.[0-9a-f]+\.js$/.test(file) || file === 'main.js');
  return main ? path.join(assets, main) : undefined;
}

/** Sorts a fetched script into its part. */
function classifier(): (pathname: string) => Part {
  const shellShared = sharedChunkIds(shellEntry() ?? '');
  const remoteShared = sharedChunkIds(path.join(ROOT, 'mfe-register', 'dist', 'remoteEntry.js'));
  const chunkId = (pathname: string) => /^(\d+)\./.exec(path.basename(pathname))?.[1];
  return (pathname) => {
    const id = chunkId(pathname);
    if (pathname.startsWith('/remotes/mfe-register/')) return id && remoteShared.has(id) ? 'shared' : 'register remote';
    if (pathname.startsWith('/remotes/')) return 'other remotes';
    return id && shellShared.has(id) ? 'shared' : 'shell';
  };
}

/** The scripts Chromium fetches on the way to the sales screen, from its network log. */
async function measureInBrowser(): Promise<Script[]> {
  const { startTestSystem } = await import('../e2e/support/system.ts');
  const { launchBrowser } = await import('../e2e/support/browser.ts');
  const { E2E_PASSWORD } = await import('../e2e/support/system.ts');
  const sys = await startTestSystem();
  const browser = await launchBrowser();
  try {
    const login = await fetch(`${sys.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'caissier@kermesse.local', password: E2E_PASSWORD }),
    });
    const { token } = (await login.json()) as { token: string };
    const context = await browser.newContext({ baseURL: sys.url, viewport: { width: 1280, height: 800 } });
    await context.addInitScript((value) => localStorage.setItem('bearerToken', value), token);
    const page = await context.newPage();
    const classify = classifier();
    const pending: Promise<Script | undefined>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      pending.push(
        response.body().then(
          (body) => {
            const url = new URL(response.url());
            return { url: url.pathname, part: classify(url.pathname), bytes: body.length, gzip: gzipSize(body) };
          },
          () => undefined,
        ),
      );
    });
    await page.goto('/caisse');
    await page.getByRole('combobox').selectOption({ label: 'Kermesse de printemps' });
    await page.getByRole('button', { name: CHECKOUT }).click();
    await page.getByRole('tab', { name: 'Toutes les catégories' }).waitFor();
    await page.waitForLoadState('networkidle');
    const scripts = (await Promise.all(pending)).filter((script): script is Script => script !== undefined);
    await context.close();
    return scripts;
  } finally {
    await browser.close();
    await sys.stop();
  }
}

/** Without a running system: the shell's index.html scripts, the shared chunks and all of the remote. */
function measureFromFiles(): Script[] {
  const classify = classifier();
  const scripts: Script[] = [];
  const add = (file: string, url: string) => {
    const body = readFileSync(file);
    scripts.push({ url, part: classify(url), bytes: body.length, gzip: gzipSize(body) });
  };
  const shellDist = path.join(ROOT, 'shell', 'dist');
  const html = readFileSync(path.join(shellDist, 'index.html'), 'utf8');
  for (const match of html.matchAll(/<script\b[^>]*\bsrc=["']([^"']+)["']/gi)) {
    const src = (match[1] as string).split('?')[0] as string;
    add(path.join(shellDist, src.replace(/^\//, '')), src);
  }
  const shellShared = sharedChunkIds(shellEntry() ?? '');
  for (const file of readdirSync(path.join(shellDist, 'assets'))) {
    const id = /^(\d+)\./.exec(file)?.[1];
    if (file.endsWith('.js') && id && shellShared.has(id)) add(path.join(shellDist, 'assets', file), `/assets/${file}`);
  }
  const remoteDist = path.join(ROOT, 'mfe-register', 'dist');
  const remoteShared = sharedChunkIds(path.join(remoteDist, 'remoteEntry.js'));
  for (const file of readdirSync(remoteDist)) {
    const id = /^(\d+)\./.exec(file)?.[1];
    // main.*.js is the standalone page; shared copies are not loaded when the shell provides them.
    if (!file.endsWith('.js') || file.startsWith('main.') || (id && remoteShared.has(id))) continue;
    add(path.join(remoteDist, file), `/remotes/mfe-register/${file}`);
  }
  return scripts;
}

function print(scripts: Script[], source: string) {
  console.log(`JavaScript downloaded to reach the register (${source}):`);
  const width = Math.max(...scripts.map((s) => s.url.length), 10);
  for (const part of PARTS) {
    const files = scripts.filter((s) => s.part === part);
    const bytes = files.reduce((sum, s) => sum + s.bytes, 0);
    const gzip = files.reduce((sum, s) => sum + s.gzip, 0);
    console.log(`  ${part.padEnd(16)} ${String(files.length).padStart(2)} file(s)  ${kb(bytes).padStart(9)} raw  ${kb(gzip).padStart(9)} gzip`);
    for (const s of files.sort((a, b) => b.gzip - a.gzip)) {
      console.log(`      ${s.url.padEnd(width)}  ${kb(s.bytes).padStart(9)}  ${kb(s.gzip).padStart(9)} gzip`);
    }
  }
  const bytes = scripts.reduce((sum, s) => sum + s.bytes, 0);
  const gzip = scripts.reduce((sum, s) => sum + s.gzip, 0);
  console.log(`  ${'total'.padEnd(16)} ${String(scripts.length).padStart(2)} file(s)  ${kb(bytes).padStart(9)} raw  ${kb(gzip).padStart(9)} gzip`);
  console.log(`  aim ≤ ${kb(AIM_GZIP_BYTES)} gzip: ${gzip <= AIM_GZIP_BYTES ? 'OK' : 'ABOVE AIM'}`);
  const others = scripts.filter((s) => s.part === 'other remotes');
  if (others.length > 0) console.log(`  WARNING: other remotes were downloaded: ${others.map((s) => s.url).join(', ')}`);
}

export default async function bench(): Promise<void> {
  let scripts: Script[];
  let source = "Chromium's network log, built system, /caisse → « Kermesse de printemps » → « Caisse Buvette »";
  try {
    scripts = await measureInBrowser();
  } catch (error) {
    console.log(`(system or browser unavailable: ${error instanceof Error ? error.message : String(error)})`);
    scripts = measureFromFiles();
    source = "built files: the shell's index.html scripts, the shared chunks, every chunk of the register remote";
  }
  print(scripts, source);
}
