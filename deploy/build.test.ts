import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, realpathSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  deleteTestStream,
  eventually,
  freePort,
  testNamespace,
  TEST_NATS_URL,
  type TestDatabase,
} from '@kermesse/kit/testing';
import { buildTarget, REPO_ROOT, targetDir, type BuiltTarget } from './build.ts';

interface Manifest {
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

/** The npm packages `npm ci --omit=dev --workspace <dir>` installs directly: dependencies, through our workspaces. */
function productionPackages(dir: string, seen = new Set<string>()): Set<string> {
  const packages = new Set<string>();
  if (seen.has(dir)) return packages;
  seen.add(dir);
  const manifest = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as Manifest;
  for (const name of Object.keys(manifest.dependencies ?? {})) {
    if (!name.startsWith('@kermesse/')) packages.add(name);
    else for (const p of productionPackages(realpathSync(path.join(REPO_ROOT, 'node_modules', name)), seen)) packages.add(p);
  }
  return packages;
}

/** An environment without tsx or any loader: what the image's `node dist/server.js` gets. */
function plainEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const { NODE_OPTIONS: _loader, ...env } = process.env;
  return { ...env, LOG_LEVEL: 'error', ...extra };
}

let built: BuiltTarget;
let db: TestDatabase;
let namespace: string;
let server: ChildProcess | undefined;

beforeAll(async () => {
  built = await buildTarget('register');
  db = await createTestDatabase();
  namespace = testNamespace();
}, 120_000);

afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  await db?.drop();
  if (namespace) await deleteTestStream(namespace);
});

describe('a service compiled for its image (deploy/build.ts)', () => {
  it('imports only npm packages its production dependencies install', () => {
    const allowed = productionPackages(targetDir('register'));
    const missing = built.packages.filter((p) => !allowed.has(p) && !builtinModules.includes(p));
    expect(missing).toEqual([]);
    // What the image must not carry: the tools that build and test.
    for (const tool of ['tsx', 'typescript', 'vitest', 'esbuild']) expect(built.packages).not.toContain(tool);
  });

  it('migrates with `node dist/migrate.js`, then serves with `node dist/server.js`: /healthz answers 200 and its own assets are found', async () => {
    const migrate = path.join(targetDir('register'), 'dist', 'migrate.js');
    const { stdout } = await promisify(execFile)(process.execPath, [migrate], {
      cwd: REPO_ROOT,
      env: plainEnv({ DATABASE_URL: db.url, NATS_URL: TEST_NATS_URL, NATS_NAMESPACE: namespace }),
      timeout: 60_000,
    });
    expect(stdout).toContain('schema up to date');

    const port = await freePort();
    server = spawn(process.execPath, [path.join(targetDir('register'), 'dist', 'server.js')], {
      cwd: REPO_ROOT,
      env: plainEnv({
        PORT: String(port),
        DATABASE_URL: db.url,
        NATS_URL: TEST_NATS_URL,
        NATS_NAMESPACE: namespace,
        JOURNAL_HMAC_KEY: 'ab'.repeat(32),
        KERMESSE_SECRET_KEY: 'cd'.repeat(32),
      }),
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const health = await eventually(
      async () => {
        const res = await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => undefined);
        return res?.status === 200 ? ((await res.json()) as { status: string; database: string }) : undefined;
      },
      30_000,
      100,
    );
    expect(health).toMatchObject({ status: 'ok', database: 'ok' });
    // The fallback product picture sits next to the sources (services/register/assets), found from dist/.
    const icon = await fetch(`http://127.0.0.1:${port}/icon/product404.png`);
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toBe('image/png');

    // The journal check the deployment guide runs in the container.
    const verify = await promisify(execFile)(process.execPath, [path.join(targetDir('register'), 'dist', 'journal-verify.js')], {
      cwd: REPO_ROOT,
      env: plainEnv({ DATABASE_URL: db.url, JOURNAL_HMAC_KEY: 'ab'.repeat(32), KERMESSE_SECRET_KEY: 'cd'.repeat(32) }),
      timeout: 30_000,
    });
    expect(JSON.parse(verify.stdout)).toMatchObject({ ok: true, records: 0 });
  });
});
