/**
 * The supervisor behind `npm start`: keeps one part of the system (a service, the gateway, the
 * launcher's nats-server) running. A part that exits on its own is started again after a backoff
 * (1 s, 2 s, 4 s… up to 30 s; back to 1 s once it has stayed up a minute) while the others keep
 * running; a part that stops answering its `/healthz` is killed and started again. Only `stop()` —
 * Ctrl-C / SIGTERM through the launcher — ends it for good. Every decision is one JSON line in French.
 */
import { describeExit, waitUntil, type Exit, type ManagedProcess, type Output } from './processes.ts';

export interface BackoffSettings {
  initialMs: number;
  maxMs: number;
  /** Up this long, a part is considered healthy again: its next crash waits `initialMs`. */
  stableMs: number;
}

export const DEFAULT_BACKOFF: BackoffSettings = { initialMs: 1_000, maxMs: 30_000, stableMs: 60_000 };

/** Delay before the `attempt`-th restart in a row (1-based): initial × 2^(attempt-1), capped. */
export function backoffDelay(attempt: number, settings: BackoffSettings = DEFAULT_BACKOFF): number {
  return Math.min(settings.maxMs, settings.initialMs * 2 ** Math.max(0, attempt - 1));
}

export interface SupervisorLogEntry {
  level: 'info' | 'warn' | 'error';
  msg: string;
  process: string;
  [field: string]: unknown;
}

/** Writes a supervisor decision as one JSON line (the services' log format). */
export function jsonLog(output: Output): (entry: SupervisorLogEntry) => void {
  return (entry) =>
    output(JSON.stringify({ time: new Date().toISOString(), service: 'supervisor', ...entry }), entry.level === 'info' ? 'out' : 'err');
}

export interface SupervisedOptions {
  name: string;
  /** Starts a new process of this part (resolves once it is spawned, or once it answers for NATS). */
  spawn: () => Promise<ManagedProcess> | ManagedProcess;
  /** Awaited after each restart before the part counts as back (`/readyz`). */
  ready?: () => Promise<boolean>;
  /** Liveness probe (`/healthz`), checked every `probeIntervalMs` while the part is up. */
  alive?: () => Promise<boolean>;
  probeIntervalMs?: number;
  /** Consecutive failed probes before the part is killed and restarted. */
  probeFailures?: number;
  readyTimeoutMs?: number;
  backoff?: BackoffSettings;
  log: (entry: SupervisorLogEntry) => void;
  /**
   * Called when the part exits on its own; return false to leave it down (the launcher does so while
   * it is still starting the system: a part that cannot start is an error to report, not to retry).
   */
  onUnexpectedExit?: (exit: Exit) => boolean;
}

/** One supervised part; see the module comment. */
export class Supervised {
  current: ManagedProcess | undefined;
  /** Restarts so far (all causes). */
  restarts = 0;
  private attempt = 0;
  private startedAt = 0;
  private stopping = false;
  private timer: NodeJS.Timeout | undefined;
  private probe: NodeJS.Timeout | undefined;
  private failedProbes = 0;
  private probing = false;
  /** The process the liveness probe watches: only one that has answered ready (a booting one is left alone). */
  private live: ManagedProcess | undefined;
  private readonly backoff: BackoffSettings;

  constructor(private readonly options: SupervisedOptions) {
    this.backoff = options.backoff ?? DEFAULT_BACKOFF;
  }

  get name(): string {
    return this.options.name;
  }

  get pid(): number | undefined {
    return this.current?.pid;
  }

  /** Spawns the first process. */
  async start(): Promise<ManagedProcess> {
    const child = await this.options.spawn();
    this.adopt(child);
    return child;
  }

  /** Begins the liveness probe (once the part has answered ready the first time). */
  watchLiveness(): void {
    this.live = this.current;
    if (!this.options.alive || this.probe || this.stopping) return;
    this.probe = setInterval(() => void this.checkAlive(), this.options.probeIntervalMs ?? 5_000);
    this.probe.unref();
  }

  /** Stops the part for good: no restart after this. */
  async stop(): Promise<void> {
    this.stopping = true;
    clearTimeout(this.timer);
    clearInterval(this.probe);
    this.probe = undefined;
    if (this.current) await this.current.stop();
  }

  private adopt(child: ManagedProcess): void {
    this.current = child;
    this.startedAt = Date.now();
    this.failedProbes = 0;
    void child.exited.then((exit) => this.onExit(child, exit));
  }

  private onExit(child: ManagedProcess, exit: Exit): void {
    if (this.stopping || child.stopping || child !== this.current) return;
    if (this.options.onUnexpectedExit && !this.options.onUnexpectedExit(exit)) return;
    if (Date.now() - this.startedAt >= this.backoff.stableMs) this.attempt = 0;
    this.attempt += 1;
    const delayMs = backoffDelay(this.attempt, this.backoff);
    this.options.log({
      level: 'warn',
      msg: `« ${this.name} » s'est arrêté de lui-même (${describeExit(exit)}) : redémarrage dans ${formatDelay(delayMs)}, les autres parties continuent.`,
      process: this.name,
      exit: describeExit(exit),
      attempt: this.attempt,
      delayMs,
    });
    this.timer = setTimeout(() => void this.restart(), delayMs);
  }

  private async restart(): Promise<void> {
    if (this.stopping) return;
    this.restarts += 1;
    let child: ManagedProcess;
    try {
      child = await this.options.spawn();
    } catch (err) {
      this.options.log({
        level: 'error',
        msg: `« ${this.name} » ne redémarre pas : ${(err as Error).message}`,
        process: this.name,
        attempt: this.attempt,
      });
      if (Date.now() - this.startedAt >= this.backoff.stableMs) this.attempt = 0;
      this.attempt += 1;
      const delayMs = backoffDelay(this.attempt, this.backoff);
      this.timer = setTimeout(() => void this.restart(), delayMs);
      return;
    }
    if (this.stopping) {
      await child.stop();
      return;
    }
    this.adopt(child);
    const ready = this.options.ready;
    if (!ready) {
      this.live = child;
      this.options.log({
        level: 'info',
        msg: `« ${this.name} » a redémarré.`,
        process: this.name,
        pid: child.pid,
        restarts: this.restarts,
      });
      return;
    }
    const died = child.exited.then(() => {
      throw new Error("arrêté avant d'être prêt");
    });
    died.catch(() => undefined);
    try {
      await waitUntil(this.name, ready, { timeoutMs: this.options.readyTimeoutMs ?? 60_000, abort: died });
      this.live = child;
      this.options.log({
        level: 'info',
        msg: `« ${this.name} » a redémarré et répond de nouveau.`,
        process: this.name,
        pid: child.pid,
        restarts: this.restarts,
      });
    } catch (err) {
      if (child.running && !this.stopping) {
        this.options.log({
          level: 'warn',
          msg: `« ${this.name} » ne se dit pas prêt après son redémarrage (${(err as Error).message}) : arrêt forcé.`,
          process: this.name,
        });
        child.child.kill('SIGKILL');
      }
    }
  }

  private async checkAlive(): Promise<void> {
    const child = this.current;
    if (this.probing || this.stopping || !child?.running || child !== this.live || !this.options.alive) return;
    this.probing = true;
    try {
      const ok = await this.options.alive().catch(() => false);
      if (child !== this.current || !child.running) return;
      this.failedProbes = ok ? 0 : this.failedProbes + 1;
      const limit = this.options.probeFailures ?? 3;
      if (this.failedProbes >= limit) {
        this.options.log({
          level: 'warn',
          msg: `« ${this.name} » ne répond plus sur /healthz (${limit} essais) : arrêt forcé puis redémarrage.`,
          process: this.name,
          pid: child.pid,
        });
        this.failedProbes = 0;
        child.child.kill('SIGKILL');
      }
    } finally {
      this.probing = false;
    }
  }
}

function formatDelay(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${(ms / 1000).toFixed(1).replace('.', ',')} s`;
}
