/**
 * The supervisor behind `npm start`: keeps one part of the system (a service, the gateway, the
 * launcher's nats-server, the embedded Postgres) running. A part that exits on its own is started
 * again after a backoff (1 s, 2 s, 4 s… up to 30 s; back to 1 s once it has stayed up a minute) while
 * the others keep running — and at once from 1 s when what it depends on (NATS, Postgres) comes back
 * (`dependencyBack`); a part that stops answering its `/healthz` is killed and started again. A part
 * given `maxRestarts` is given up after that many failed restarts in a row (`onGiveUp`). Otherwise
 * only `stop()` — Ctrl-C / SIGTERM through the launcher — ends it. Every decision is one JSON line
 * in French.
 */
import { describeExit, waitUntil, type Exit, type Output, type SupervisedProcess } from './processes.ts';

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
  spawn: () => Promise<SupervisedProcess> | SupervisedProcess;
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
  /** Failed restarts in a row (exits before `stableMs`, spawns that throw) before giving up; default never. */
  maxRestarts?: number;
  /** Called once when the part is given up (see `maxRestarts`); the supervisor leaves it down. */
  onGiveUp?: (attempts: number) => void;
  /** Called each time a restarted part counts as back (ready). */
  onBack?: () => void;
}

/** One supervised part; see the module comment. */
export class Supervised {
  current: SupervisedProcess | undefined;
  /** Restarts so far (all causes). */
  restarts = 0;
  private attempt = 0;
  private startedAt = 0;
  private stopping = false;
  private timer: NodeJS.Timeout | undefined;
  /** The delay of the restart now waiting on `timer`, if any. */
  private waitingMs: number | undefined;
  private givenUp = false;
  private probe: NodeJS.Timeout | undefined;
  private failedProbes = 0;
  private probing = false;
  /** The process the liveness probe watches: only one that has answered ready (a booting one is left alone). */
  private live: SupervisedProcess | undefined;
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
  async start(): Promise<SupervisedProcess> {
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

  /**
   * What this part needs (NATS, Postgres) answers again: a restart waiting longer than the first
   * delay — the backoff grown while it could not start without it — happens after the first delay,
   * and the backoff starts over.
   */
  dependencyBack(what: string): void {
    if (this.stopping || this.givenUp || this.waitingMs === undefined) return;
    this.attempt = 0;
    if (this.waitingMs <= this.backoff.initialMs) return;
    this.options.log({
      level: 'info',
      msg: `${what} répond de nouveau : « ${this.name} » redémarre dans ${formatDelay(this.backoff.initialMs)} au lieu de ${formatDelay(this.waitingMs)}.`,
      process: this.name,
      dependency: what,
    });
    this.schedule(this.backoff.initialMs);
  }

  /** Stops the part for good: no restart after this. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.waitingMs = undefined;
    clearTimeout(this.timer);
    clearInterval(this.probe);
    this.probe = undefined;
    if (this.current) await this.current.stop();
  }

  private schedule(delayMs: number): void {
    clearTimeout(this.timer);
    this.waitingMs = delayMs;
    this.timer = setTimeout(() => {
      this.waitingMs = undefined;
      void this.restart();
    }, delayMs);
  }

  /** Counts one more failed start in a row; false (and the part given up) past `maxRestarts`. */
  private nextAttempt(): boolean {
    if (Date.now() - this.startedAt >= this.backoff.stableMs) this.attempt = 0;
    this.attempt += 1;
    const max = this.options.maxRestarts;
    if (max === undefined || this.attempt <= max) return true;
    this.givenUp = true;
    this.options.onGiveUp?.(this.attempt - 1);
    return false;
  }

  private adopt(child: SupervisedProcess): void {
    this.current = child;
    this.startedAt = Date.now();
    this.failedProbes = 0;
    void child.exited.then((exit) => this.onExit(child, exit));
  }

  private onExit(child: SupervisedProcess, exit: Exit): void {
    if (this.stopping || child.stopping || child !== this.current) return;
    if (this.options.onUnexpectedExit && !this.options.onUnexpectedExit(exit)) return;
    if (!this.nextAttempt()) return;
    const delayMs = backoffDelay(this.attempt, this.backoff);
    this.options.log({
      level: 'warn',
      msg: `« ${this.name} » s'est arrêté de lui-même (${describeExit(exit)}) : redémarrage dans ${formatDelay(delayMs)}, les autres parties continuent.`,
      process: this.name,
      exit: describeExit(exit),
      attempt: this.attempt,
      delayMs,
    });
    this.schedule(delayMs);
  }

  private async restart(): Promise<void> {
    if (this.stopping) return;
    this.restarts += 1;
    // A start that fails counts from now: spawns failing for minutes still add up to maxRestarts.
    this.startedAt = Date.now();
    let child: SupervisedProcess;
    try {
      child = await this.options.spawn();
    } catch (err) {
      this.options.log({
        level: 'error',
        msg: `« ${this.name} » ne redémarre pas : ${(err as Error).message}`,
        process: this.name,
        attempt: this.attempt,
      });
      if (!this.nextAttempt()) return;
      this.schedule(backoffDelay(this.attempt, this.backoff));
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
      this.options.onBack?.();
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
      this.options.onBack?.();
    } catch (err) {
      if (child.running && !this.stopping) {
        this.options.log({
          level: 'warn',
          msg: `« ${this.name} » ne se dit pas prêt après son redémarrage (${(err as Error).message}) : arrêt forcé.`,
          process: this.name,
        });
        child.kill('SIGKILL');
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
        child.kill('SIGKILL');
      }
    } finally {
      this.probing = false;
    }
  }
}

function formatDelay(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${(ms / 1000).toFixed(1).replace('.', ',')} s`;
}
