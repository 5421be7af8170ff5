/**
 * Compiles a service, or the gateway, to plain JavaScript for its image (docs/decisions/008-node-runtime.md):
 *
 *   node --import tsx deploy/build.ts register   → services/register/dist/server.js, dist/migrate.js
 *                                                  and dist/journal-verify.js
 *   node --import tsx deploy/build.ts gateway    → gateway/dist/server.js
 *
 * esbuild bundles our own TypeScript (the service, the kit, the contracts: workspaces that publish
 * `.ts` sources) into one ES module per entry; every npm package stays an import, resolved at run
 * time from the image's production-only node_modules. The image then runs `node dist/server.js`:
 * no tsx, no TypeScript, no dev dependency.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The services an image can be built for (the folders of services/, the kit excepted). */
export const SERVICES = ['identity', 'register', 'raffle', 'bingo', 'stock', 'swapmeet', 'contact', 'accounting', 'webhooks'] as const;

export type Buildable = (typeof SERVICES)[number] | 'gateway';

/** Commands an image runs besides the server (`dist/<name>.js` from the service's `src/<file>`). */
const COMMANDS: Partial<Record<Buildable, Record<string, string>>> = {
  // The sales journal check, run on the server (docs/deploy.md « The sales journal key »).
  register: { 'journal-verify': 'journal/verifyCli.ts' },
};

/** The folder whose `dist/` receives the JavaScript of `target`. */
export function targetDir(target: Buildable): string {
  return target === 'gateway' ? path.join(REPO_ROOT, 'gateway') : path.join(REPO_ROOT, 'services', target);
}

/** Our workspaces are bundled; every other bare import (npm packages, `node:` built-ins) stays external. */
const npmPackagesExternal: Plugin = {
  name: 'npm-packages-external',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@kermesse/') ? undefined : { path: args.path, external: true }));
  },
};

/**
 * A module finds its files next to its source (`new URL('../../assets/', import.meta.url)`: register's
 * public assets, raffle's demo images, accounting's sample, the gateway's repository root). Once
 * bundled, `import.meta.url` would name the bundle instead: each module gets its source's own URL,
 * computed from the bundle's place, so the files are found wherever the tree is installed. The entry
 * keeps the bundle's URL (its « am I the main module? » check compares it with process.argv[1]).
 */
function sourceRelativeUrls(outdir: string, entry: string | undefined): Plugin {
  return {
    name: 'source-relative-urls',
    setup(b) {
      b.onLoad({ filter: /\.ts$/ }, async (args) => {
        const contents = await readFile(args.path, 'utf8');
        if (args.path === entry || !contents.includes('import.meta.url')) return { contents, loader: 'ts' };
        const relative = path.relative(outdir, args.path).split(path.sep).join('/');
        const own = `new URL(${JSON.stringify(relative)}, import.meta.url).href`;
        return { contents: contents.replaceAll('import.meta.url', own), loader: 'ts' };
      });
    },
  };
}

/** Bundles one entry into `outfile`; returns the npm packages it imports (what node_modules must hold). */
async function bundle(outfile: string, entry: { file: string } | { source: string; resolveDir: string }): Promise<string[]> {
  const outdir = path.dirname(outfile);
  const result = await build({
    ...('file' in entry
      ? { entryPoints: [entry.file] }
      : { stdin: { contents: entry.source, resolveDir: entry.resolveDir, loader: 'ts' } }),
    outfile,
    absWorkingDir: REPO_ROOT,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node26',
    sourcemap: 'linked',
    logLevel: 'warning',
    metafile: true,
    plugins: [npmPackagesExternal, sourceRelativeUrls(outdir, 'file' in entry ? entry.file : undefined)],
  });
  const output = result.metafile.outputs[path.relative(REPO_ROOT, outfile).split(path.sep).join('/')];
  const imports = (output?.imports ?? []).filter((i) => i.external && !i.path.startsWith('node:')).map((i) => packageName(i.path));
  return [...new Set(imports)].sort();
}

/** `@scope/name/sub` → `@scope/name`, `name/sub` → `name`. */
function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

export interface BuiltTarget {
  files: string[];
  /** The npm packages the JavaScript imports at run time. */
  packages: string[];
}

/** Writes `dist/server.js` and the target's commands (for a service, `dist/migrate.js` first of all). */
export async function buildTarget(target: Buildable): Promise<BuiltTarget> {
  const dir = targetDir(target);
  const files: string[] = [];
  const packages = new Set<string>();
  const entry = async (name: string, source: Parameters<typeof bundle>[1]) => {
    const file = path.join(dir, 'dist', `${name}.js`);
    for (const p of await bundle(file, source)) packages.add(p);
    files.push(file);
  };
  await entry('server', { file: path.join(dir, 'src', 'server.ts') });
  for (const [name, file] of Object.entries(COMMANDS[target] ?? {})) await entry(name, { file: path.join(dir, 'src', file) });
  if (target !== 'gateway') await entry('migrate', migrateEntry(target, dir));
  return { files, packages: [...packages].sort() };
}

/** The migration command with this service's parts imported statically (deploy/migrate.ts). */
function migrateEntry(target: Buildable, dir: string): Parameters<typeof bundle>[1] {
  const migrateModule = path.join(REPO_ROOT, 'deploy', 'migrate.ts').split(path.sep).join('/');
  return {
    resolveDir: dir,
    source: [
      `import { runMigrateCommand } from ${JSON.stringify(migrateModule)};`,
      `import { schema, migrations } from '@kermesse/${target}/migrations';`,
      `import { seedDemo } from '@kermesse/${target}/demo';`,
      `await runMigrateCommand(${JSON.stringify(target)}, async () => ({ migrations: { schema, migrations }, seedDemo }));`,
    ].join('\n'),
  };
}

function isBuildable(name: string): name is Buildable {
  return name === 'gateway' || (SERVICES as readonly string[]).includes(name);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const targets = process.argv.slice(2);
  if (targets.length === 0 || !targets.every(isBuildable)) {
    process.stderr.write(`usage: node --import tsx deploy/build.ts <gateway|${SERVICES.join('|')}>…\n`);
    process.exit(2);
  }
  for (const target of targets) {
    const { files } = await buildTarget(target);
    process.stdout.write(`${files.map((file) => path.relative(REPO_ROOT, file)).join('\n')}\n`);
  }
}
