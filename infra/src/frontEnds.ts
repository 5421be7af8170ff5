import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { LaunchError } from './errors.ts';
import { ManagedProcess, describeExit, type Output } from './processes.ts';
import { FRONT_END_SHARED_SOURCES, FRONT_ENDS } from './topology.ts';

/** Newest modification time under `target` (a file or a folder, node_modules and dist skipped); 0 if absent. */
export async function newestMtime(target: string): Promise<number> {
  const info = await stat(target).catch(() => undefined);
  if (!info) return 0;
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = 0;
  for (const entry of await readdir(target, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    newest = Math.max(newest, await newestMtime(path.join(target, entry.name)));
  }
  return newest;
}

/** Whether `<dir>/dist` is missing or older than the sources that make it. */
export async function needsBuild(rootDir: string, dir: string): Promise<boolean> {
  const built = await newestDistMtime(path.join(rootDir, dir, 'dist'));
  if (built === 0) return true;
  const sources = [
    path.join(rootDir, dir, 'src'),
    path.join(rootDir, dir, 'package.json'),
    ...(await configFiles(path.join(rootDir, dir))),
    ...FRONT_END_SHARED_SOURCES.map((source) => path.join(rootDir, source)),
  ];
  for (const source of sources) {
    if ((await newestMtime(source)) > built) return true;
  }
  return false;
}

async function newestDistMtime(dist: string): Promise<number> {
  const info = await stat(dist).catch(() => undefined);
  if (!info?.isDirectory()) return 0;
  let newest = 0;
  for (const entry of await readdir(dist, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) newest = Math.max(newest, (await stat(path.join(entry.parentPath, entry.name))).mtimeMs);
  }
  return newest;
}

async function configFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir).catch(() => [] as string[]);
  return entries
    .filter((name) => /^(rspack|tsconfig|postcss|babel)\b.*\.(ts|js|mjs|cjs|json)$/.test(name))
    .map((name) => path.join(dir, name));
}

async function hasBuildScript(rootDir: string, dir: string): Promise<boolean> {
  const text = await readFile(path.join(rootDir, dir, 'package.json'), 'utf8').catch(() => '{}');
  return Boolean((JSON.parse(text) as { scripts?: Record<string, string> }).scripts?.build);
}

/** `npm` as the running npm invoked it (npm_execpath under `npm start`), else from the PATH. */
export function npmCommand(env: NodeJS.ProcessEnv): { command: string; args: string[] } {
  const execPath = env.npm_execpath;
  if (execPath && /npm-cli\.js$/.test(execPath)) return { command: process.execPath, args: [execPath] };
  return { command: 'npm', args: [] };
}

/**
 * Builds the front ends whose dist is missing or older than their sources, with
 * `npm run build -w <workspace>…`. Workspaces without a build script yet are skipped.
 */
export async function buildFrontEnds(options: {
  rootDir: string;
  env: NodeJS.ProcessEnv;
  output: Output;
  track: (child: ManagedProcess) => void;
}): Promise<void> {
  const stale: string[] = [];
  for (const frontEnd of FRONT_ENDS) {
    if (!(await hasBuildScript(options.rootDir, frontEnd.dir))) {
      options.output(`[kermesse] ${frontEnd.dir}: no build script yet, skipped`, 'out');
      continue;
    }
    if (await needsBuild(options.rootDir, frontEnd.dir)) stale.push(frontEnd.workspace);
  }
  if (stale.length === 0) return;
  options.output(`[kermesse] building ${stale.join(', ')}`, 'out');
  const npm = npmCommand(options.env);
  const child = new ManagedProcess('build', npm.command, [...npm.args, 'run', 'build', ...stale.flatMap((name) => ['-w', name])], {
    cwd: options.rootDir,
    env: options.env,
    output: options.output,
  });
  options.track(child);
  const exit = await child.exited;
  if (child.stopping) return;
  if (exit.code !== 0) {
    throw new LaunchError(
      `La construction des interfaces a échoué (${describeExit(exit)}) ; voir les lignes « build » ci-dessus. KERMESSE_SKIP_BUILD=1 démarre sans reconstruire.`,
      `Building the front ends failed (${describeExit(exit)}); see the "build" lines above. KERMESSE_SKIP_BUILD=1 starts without rebuilding.`,
    );
  }
}
