import { readFile } from 'node:fs/promises';
import { LaunchError } from './errors.ts';
import { isAlive, parentPid, processName, type Output } from './processes.ts';

/**
 * Deals with a server still running on our data folder (its pid file names a live process).
 * Left behind by a launcher that was killed (its parent is no longer a node process): stopped, so
 * this run can start its own. Still owned by a running launcher: a clear error instead of two
 * servers on one data folder.
 */
export async function clearLeftover(options: {
  pidFile: string;
  /** Process name as /proc shows it (`postgres`, `nats-server`). */
  processName: string;
  stopSignal: NodeJS.Signals;
  label: string;
  dataDir: string;
  output: Output;
}): Promise<void> {
  const text = await readFile(options.pidFile, 'utf8').catch(() => '');
  const pid = Number(text.split('\n')[0]?.trim());
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return;
  if ((await processName(pid)) !== options.processName) return; // pid reused by something else
  const parent = await parentPid(pid);
  const parentName = parent === undefined ? undefined : await processName(parent);
  if (parentName === 'node') {
    throw new LaunchError(
      `${options.label} tourne déjà sur ${options.dataDir} (pid ${pid}) : un autre lancement de Kermesse utilise ce dossier. Arrêtez-le, ou choisissez un autre dossier avec KERMESSE_DATA_DIR.`,
      `${options.label} is already running on ${options.dataDir} (pid ${pid}): another Kermesse launcher uses this folder. Stop it, or choose another folder with KERMESSE_DATA_DIR.`,
    );
  }
  options.output(`[kermesse] ${options.label} left running by an earlier launch (pid ${pid}): stopping it`, 'out');
  process.kill(pid, options.stopSignal);
  const deadline = Date.now() + 20_000;
  while (isAlive(pid)) {
    if (Date.now() > deadline) {
      throw new LaunchError(
        `${options.label} (pid ${pid}) ne s'arrête pas ; arrêtez-le à la main (kill ${pid}).`,
        `${options.label} (pid ${pid}) does not stop; stop it by hand (kill ${pid}).`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
