/**
 * A remote deployed alone, in Chromium on the whole system: mfe-stock is served on its own
 * port (as its front-end container would be, `REMOTE_ENTRIES=mfe_stock=…` tells the gateway), the
 * shell and the other remotes from the gateway. While the page stays open, a new mfe-stock is built —
 * a visible string changed, and built against an older UI kit (its shared `@kermesse/ui-kit` says
 * 0.0.9) — and served on the same port. Leaving the stock screen and coming back in the same page
 * shows the new string: the shell was not reloaded (a marker set on `window` survives), and the old-kit
 * remote shares the shell's UI kit (the admin session reaches its admin-only tabs), without any
 * federation warning.
 */
import { createHash } from 'node:crypto';
import { createReadStream, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { rspack, type RspackPluginInstance } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { federationExperiments, frontEndConfig, sharedSingletons, shareStrategy } from '../shell/ui-kit/rspack.ts';
import { launchBrowser, signInThroughForm } from './support/browser.ts';
import { startTestSystem, type TestSystem } from './support/system.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const NEW_LABEL = 'État du stock (nouvelle version)';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json',
};

/** A remote's own static server (what nginx does in deploy/docker/frontend.Dockerfile); `dir` can be switched. */
function startRemoteServer(initialDir: string) {
  let dir = initialDir;
  const server = http.createServer((req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://remote').pathname);
    const file = path.join(dir, pathname);
    let stats;
    try {
      stats = file.startsWith(dir + path.sep) ? statSync(file) : undefined;
    } catch {
      stats = undefined;
    }
    if (!stats?.isFile()) {
      res.writeHead(404, { 'Access-Control-Allow-Origin': '*' }).end();
      return;
    }
    res.writeHead(200, {
      'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream',
      'Content-Length': stats.size,
      ETag: `"${createHash('sha1').update(`${file}:${stats.size}:${stats.mtimeMs}`).digest('hex').slice(0, 16)}"`,
      'Cache-Control': pathname.endsWith('remoteEntry.js') ? 'no-cache' : 'public, max-age=31536000, immutable',
      'Access-Control-Allow-Origin': '*',
      'Cross-Origin-Resource-Policy': 'cross-origin',
    });
    if (req.method === 'HEAD') res.end();
    else createReadStream(file).pipe(res);
  });
  return {
    server,
    deploy(next: string) {
      dir = next;
    },
    listen: () => new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port))),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/**
 * The new mfe-stock: the same sources with one visible string changed, built as an older remote
 * would have been — its UI kit declared as 0.0.9, compatible up to the next major.
 */
async function buildNewStock(outDir: string, loaderDir: string): Promise<void> {
  const loader = path.join(loaderDir, 'newLabel.cjs');
  writeFileSync(
    loader,
    `module.exports = function (source) { return source.replace("label: 'État du stock'", ${JSON.stringify(`label: '${NEW_LABEL}'`)}); };\n`,
  );
  const config = frontEndConfig(pathToFileURL(path.join(ROOT, 'mfe-stock', 'rspack.config.ts')).href, {
    kind: 'remote',
    name: 'mfe_stock',
  });
  config.output = { ...config.output, path: outDir };
  config.module!.rules!.push({ test: /mfe-stock[\\/]src[\\/]App\.tsx$/, enforce: 'pre', use: [{ loader }] });
  config.plugins = (config.plugins ?? []).map((plugin) =>
    plugin instanceof ModuleFederationPlugin
      ? (new ModuleFederationPlugin({
          name: 'mfe_stock',
          filename: 'remoteEntry.js',
          exposes: { './App': './src/App.tsx' },
          shared: { ...sharedSingletons, '@kermesse/ui-kit': { singleton: true, version: '0.0.9', requiredVersion: '>=0.0.9 <1.0.0' } },
          shareStrategy,
          experiments: federationExperiments('remote'),
          dts: false,
          manifest: false,
        }) as unknown as RspackPluginInstance)
      : plugin,
  );
  await new Promise<void>((resolve, reject) => {
    rspack(config).run((err, stats) => {
      if (err) return reject(err);
      if (stats?.hasErrors()) return reject(new Error(stats.toString({ all: false, errors: true })));
      resolve();
    });
  });
}

let sys: TestSystem;
let browser: Browser;
let remote: ReturnType<typeof startRemoteServer>;
let newBuild: Promise<void>;
let workDir: string;
let newDir: string;

beforeAll(async () => {
  workDir = mkdtempSync(path.join(tmpdir(), 'kermesse-remote-alone-'));
  newDir = path.join(workDir, 'dist');
  // Version 1: the repository's build of mfe-stock (the launcher builds it), served on its own port.
  remote = startRemoteServer(path.join(ROOT, 'mfe-stock', 'dist'));
  const port = await remote.listen();
  process.env.REMOTE_ENTRIES = `mfe_stock=http://127.0.0.1:${port}/remoteEntry.js`;
  [sys, browser] = await Promise.all([startTestSystem(), launchBrowser()]);
  // Version 2 is built meanwhile, once the launcher's front-end builds are done.
  newBuild = buildNewStock(newDir, workDir);
  newBuild.catch(() => undefined);
});

afterAll(async () => {
  delete process.env.REMOTE_ENTRIES;
  await browser?.close();
  await sys?.stop();
  await remote?.close();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

describe('a remote deployed alone', () => {
  it('loads the new mfe-stock at the next navigation without reloading the shell, built against an older UI kit', async () => {
    const context = await browser.newContext({ baseURL: sys.url, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const messages: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') messages.push(`${message.type()}: ${message.text()}`);
    });
    page.on('pageerror', (err) => messages.push(`pageerror: ${err.message}`));
    const requests: string[] = [];
    page.on('request', (request) => {
      if (/remotes\.json|remoteEntry|:\d+\/[^/]*\.js/.test(request.url()) && !request.url().includes('/assets/'))
        requests.push(request.url());
    });
    await signInThroughForm(page, 'admin@kermesse.local').catch(async (err: Error) => {
      throw new Error(`${err.message}\n${messages.join('\n')}\n${(await page.content()).slice(0, 2_000)}`);
    });
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 30_000 }).toBe('/');
    await page.getByRole('button', { name: 'Plus tard' }).click();

    // Version 1, from the remote's own port.
    const stockEntry = page.waitForRequest((request) =>
      request.url().startsWith(process.env.REMOTE_ENTRIES!.split('=')[1]!.replace('/remoteEntry.js', '/')),
    );
    await page.getByRole('link', { name: 'Stock', exact: true }).click();
    await page.getByRole('link', { name: 'État du stock', exact: true }).waitFor({ timeout: 30_000 });
    await stockEntry;
    await page.evaluate(() => {
      (window as unknown as { shellMarker: string }).shellMarker = 'same page';
    });

    // The new build is served in place of the old one; the shell and the other remotes keep running.
    await newBuild;
    // The gateway asks a remote deployed on its own for its version at most once a second: wait until
    // the manifest gives the new build, so the next navigation is the first to see it.
    const manifestStockEntry = async () => {
      const manifest = (await (await fetch(`${sys.url}/remotes.json`)).json()) as { remotes: Array<{ name: string; entry: string }> };
      return manifest.remotes.find((r) => r.name === 'mfe_stock')?.entry;
    };
    const oldEntry = await manifestStockEntry();
    remote.deploy(newDir);
    await expect.poll(manifestStockEntry, { timeout: 15_000 }).not.toBe(oldEntry);

    // Away (another remote) and back, in the same page.
    await page.getByRole('link', { name: 'Tombola', exact: true }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/tombola');
    await page.getByRole('link', { name: 'Stock', exact: true }).click();
    await page
      .getByRole('link', { name: NEW_LABEL, exact: true })
      .waitFor({ timeout: 30_000 })
      .catch(async (err: Error) => {
        const tabs = await page.locator('nav a').allTextContents();
        throw new Error(`${err.message}\nrequests:\n${requests.join('\n')}\nconsole:\n${messages.join('\n')}\nlinks: ${tabs.join(' | ')}`);
      });
    // The admin-only tabs show: the old-kit remote reads the session of the shell's one UI kit.
    await page.getByRole('link', { name: 'Liste des prix', exact: true }).waitFor();
    expect(await page.getByRole('link', { name: 'État du stock', exact: true }).count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { shellMarker?: string }).shellMarker)).toBe('same page');
    expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(1);

    // Its screen works (the stock state is read through the gateway).
    await page.getByRole('heading', { name: 'État du stock' }).waitFor({ timeout: 30_000 });
    expect(
      messages.filter(
        (m) =>
          !/is already registered|overriding it may cause/.test(m) &&
          // The demo's first screens may ask for a session that is not there yet.
          !/401|Unauthorized/.test(m),
      ),
    ).toEqual([]);
    await context.close();
  }, 240_000);
});
