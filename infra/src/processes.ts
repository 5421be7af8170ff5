import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import readline from 'node:readline';
import type { Readable } from 'node:stream';

/** Where the launcher writes: its own messages and its children's lines, already prefixed. */
export type Output = (line: string, stream: 'out' | 'err') => void;

export const consoleOutput: Output = (line, stream) => (stream === 'err' ? process.stderr : process.stdout).write(`${line}\n`);

/** `register   | …`: names padded so the columns line up. */
export function prefixLine(name: string, line: string, width = 10): string {
  return `${name.padEnd(width)} | ${line}`;
}

/** Sends each line of a child's stream to `output` with the child's name in front. */
export function pipeLines(stream: Readable | null, name: string, kind: 'out' | 'err', output: Output): void {
  if (!stream) return;
  const lines = readline.createInterface({ input: stream, crlfDelay: Infinity });
  lines.on('line', (line) => output(prefixLine(name, line), kind));
}

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export function describeExit({ code, signal }: Exit): string {
  return signal ? `signal ${signal}` : `code ${code}`;
}

/** What the supervisor needs of a process it keeps running (a ManagedProcess, the embedded Postgres). */
export interface SupervisedProcess {
  readonly pid: number | undefined;
  readonly running: boolean;
  /** Set before the launcher stops it, so its exit is not reported as a crash. */
  readonly stopping: boolean;
  readonly exited: Promise<Exit>;
  stop(): Promise<unknown>;
  kill(signal: NodeJS.Signals): void;
}

// util-linux's setpriv sets the child's parent-death signal before exec'ing it: if the launcher is
// killed outright (SIGKILL, OOM), its children get SIGTERM instead of running on without it.
const SETPRIV = process.platform === 'linux' ? ['/usr/bin/setpriv', '/bin/setpriv'].find((file) => existsSync(file)) : undefined;

/** A child process of the launcher: started, watched, stopped in order (and ended with the launcher). */
export class ManagedProcess implements SupervisedProcess {
  readonly child: ChildProcess;
  readonly exited: Promise<Exit>;
  exit: Exit | undefined;
  /** Set before the launcher stops it, so its exit is not reported as a crash. */
  stopping = false;

  constructor(
    readonly name: string,
    command: string,
    args: string[],
    options: { cwd: string; env: NodeJS.ProcessEnv; output: Output },
  ) {
    const [file, argv] = SETPRIV ? [SETPRIV, ['--pdeathsig', 'TERM', '--', command, ...args]] : [command, args];
    this.child = spawn(file, argv, { cwd: options.cwd, env: options.env, stdio: ['ignore', 'pipe', 'pipe'] });
    pipeLines(this.child.stdout, name, 'out', options.output);
    pipeLines(this.child.stderr, name, 'err', options.output);
    this.exited = new Promise((resolve) => {
      this.child.once('error', (err) => {
        options.output(prefixLine(name, `cannot start ${command}: ${err.message}`), 'err');
        this.exit = { code: -1, signal: null };
        resolve(this.exit);
      });
      this.child.once('exit', (code, signal) => {
        this.exit = { code, signal };
        resolve(this.exit);
      });
    });
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  get running(): boolean {
    return this.exit === undefined;
  }

  kill(signal: NodeJS.Signals): void {
    this.child.kill(signal);
  }

  /** Asks it to stop (SIGTERM by default), then kills it if it is still there after `graceMs`. */
  async stop(signal: NodeJS.Signals = 'SIGTERM', graceMs = 10_000): Promise<Exit> {
    this.stopping = true;
    if (!this.running) return this.exit!;
    this.child.kill(signal);
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), graceMs);
    });
    const first = await Promise.race([this.exited, late]);
    clearTimeout(timer);
    if (first !== 'late') return first;
    this.child.kill('SIGKILL');
    return this.exited;
  }
}

/** Resolves when `check` returns true; rejects after `timeoutMs` or as soon as `abort` rejects. */
export async function waitUntil(
  what: string,
  check: () => Promise<boolean>,
  options: { timeoutMs: number; intervalMs?: number; abort?: Promise<never> },
): Promise<void> {
  const deadline = Date.now() + options.timeoutMs;
  let aborted: unknown;
  options.abort?.catch((err) => {
    aborted = err;
  });
  for (;;) {
    if (aborted) throw aborted;
    if (await check().catch(() => false)) return;
    if (aborted) throw aborted;
    if (Date.now() > deadline) throw new Error(`${what}: still not ready after ${options.timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, options.intervalMs ?? 100));
  }
}

/** True when GET url answers 200. */
export async function answers200(url: string): Promise<boolean> {
  const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
  await response.body?.cancel();
  return response.status === 200;
}

/** Whether a process exists (signal 0 only checks). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The parent pid of a process (Linux /proc), or undefined when unknown. */
export async function parentPid(pid: number): Promise<number | undefined> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => undefined);
  if (!stat) return undefined;
  // "pid (comm) state ppid …" — comm may hold spaces and parentheses: split after the last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ppid = Number(fields[1]);
  return Number.isInteger(ppid) ? ppid : undefined;
}

/** The command name of a process (Linux /proc), or undefined. */
export async function processName(pid: number): Promise<string | undefined> {
  return readFile(`/proc/${pid}/comm`, 'utf8').then(
    (text) => text.trim(),
    () => undefined,
  );
}
