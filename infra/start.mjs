#!/usr/bin/env node
// `npm start`: plain Node, no dependency — it runs before node_modules exists, on whatever Node the
// machine has (18 or later). Installs the dependencies when needed (npm ci), which brings the
// project's own Node (the `node-<platform>-<arch>` binary package pinned with its checksum in
// package-lock.json: the current LTS), then runs the
// launcher (infra/src/cli.ts under tsx) on that Node, forwarding signals and its exit code.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The project runs on Node 26 (current LTS) everywhere; the pinned `node-<platform>-<arch>` package provides it. */
const MIN_NODE_MAJOR = 26;

/** node_modules missing, or package-lock.json changed since the last install. */
function needsInstall() {
  const installed = path.join(root, 'node_modules', '.package-lock.json');
  if (!existsSync(installed)) return true;
  return statSync(path.join(root, 'package-lock.json')).mtimeMs > statSync(installed).mtimeMs;
}

function npm(args) {
  // Under `npm start`, npm_execpath is the npm that runs us; else the one on the PATH.
  const execPath = process.env.npm_execpath;
  if (execPath && /npm-cli\.js$/.test(execPath)) return spawnSync(process.execPath, [execPath, ...args], { cwd: root, stdio: 'inherit' });
  return spawnSync('npm', args, { cwd: root, stdio: 'inherit' });
}

if (needsInstall()) {
  console.log('[kermesse] installation des dépendances / installing dependencies (npm ci)…');
  const result = npm(['ci']);
  if (result.error || result.status !== 0) {
    console.error(`[kermesse] npm ci a échoué / failed (${result.error?.message ?? `code ${result.status}`})`);
    process.exit(result.status || 1);
  }
}

/** The project's pinned Node (node_modules/.bin/node), checked to run; else this one, if recent enough. */
function projectNode() {
  const pinned = path.join(root, 'node_modules', '.bin', 'node');
  if (existsSync(pinned)) {
    const probe = spawnSync(pinned, ['-p', 'process.versions.node'], { encoding: 'utf8' });
    if (probe.status === 0 && Number(probe.stdout.split('.')[0]) >= MIN_NODE_MAJOR) return pinned;
  }
  if (Number(process.versions.node.split('.')[0]) >= MIN_NODE_MAJOR) return process.execPath;
  console.error(
    `[kermesse] Node ${MIN_NODE_MAJOR} ou plus est nécessaire : « npm ci » installe celui du projet (paquet node-<système>-<processeur>) ; ` +
      `relancez « npm ci » puis « npm start ». / Node ${MIN_NODE_MAJOR}+ is needed: npm ci installs the project's own (node-<platform>-<arch> package).`,
  );
  process.exit(1);
}

// Its own process group: a Ctrl-C in the terminal reaches only us, and the launcher then stops
// gateway, services, NATS and Postgres in that order (instead of all of them at once).
const child = spawn(projectNode(), ['--import', 'tsx', 'infra/src/cli.ts', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  detached: process.platform !== 'win32',
});

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  });
}

// `kill <npm pid>` (a supervisor, docker stop) ends npm and its `sh -c` without telling us: when
// our parent goes away, stop the launcher as if we had received SIGTERM.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent && child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
}, 1000).unref();

child.on('error', (err) => {
  console.error(`[kermesse] cannot run the launcher: ${err.message}`);
  process.exit(1);
});
child.on('exit', (code, signal) => {
  if (signal) {
    // Die the same way so that our parent (npm, a shell) sees it.
    for (const s of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.removeAllListeners(s);
    process.kill(process.pid, signal);
    return;
  }
  process.exit(code ?? 1);
});
