/**
 * Gateway bench (run by `npm run bench`, alone with `npm run bench gateway`): what the gateway costs.
 *
 * Starts the system through the launcher (identity + register + gateway, own database and NATS
 * namespace), then measures `GET /api/cr/events` with a cashier token against
 *   (a) a bare node:http server answering the same JSON,
 *   (b) the register service straight,
 *   (c) a bare node:http reverse proxy in front of the register (bench/bareProxy.ts: keep-alive
 *       Agent, piping, nothing else) — the yardstick of the gateway's own cost,
 *   (d) the gateway in front of the register,
 * each with autocannon (50 connections, 10 s per round after a 3 s warm-up) and with one connection (the
 * latency a single cashier sees). Prints requests/s, p50/p99, the gateway/direct throughput ratio and
 * the added p50 (aims: ≥ 75 % and ≤ 1 ms), then the gzip size of the shell's initial JavaScript and
 * of each remote entry.
 *
 * Each server runs in its own process; autocannon runs here. When the system cannot be launched
 * (no Postgres or NATS), the register is replaced by the bare server and identity by a fake one,
 * which still measures the gateway's own cost.
 *
 * The machine is usually shared, so rounds alternate between targets (BENCH_ROUNDS, 3), the ratio is
 * taken on each target's best round (the least disturbed) as well as over all rounds, and the CPU
 * time each server process spends per request is printed too: unlike requests/s, it hardly depends
 * on what else runs. Last, the gateway and the bare proxy are loaded at the same time (half the
 * connections each) so that the machine's load weighs on both alike, and the last line compares
 * their CPU per proxied request (median over the rounds):
 * `gateway CPU per proxied request: X µs = R× a bare proxy` (aim ≤ 1.0×).
 *
 * Settings: BENCH_DURATION (s, 10), BENCH_WARMUP (s, 3), BENCH_CONNECTIONS (50), BENCH_ROUNDS (3),
 * BENCH_SYNTHETIC=1.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const PATH = '/api/cr/events';
const SEQUENTIAL_REQUESTS = 2_000;

interface Target {
  name: string;
  url: string;
  headers: Record<string, string>;
}

interface Result {
  name: string;
  rps: number;
  /** Requests/s of each round, to show the noise. */
  rounds: number[];
  p50: number;
  p99: number;
  errors: number;
  oneP50: number;
  oneP99: number;
  /** CPU time per request of the gateway and of the register process, in µs (Linux only). */
  gatewayCpu?: number;
  registerCpu?: number;
}

interface System {
  mode: 'launcher' | 'synthetic';
  register: Target;
  gateway: Target;
  pids: { register?: number; gateway?: number };
  stop(): Promise<void>;
}

const children: ChildProcess[] = [];

const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
  } catch {
    return 100;
  }
})();

/** CPU time (user + system) used so far by a process, in µs; undefined off Linux. */
function cpuMicros(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1e6) / CLOCK_TICKS;
  } catch {
    return undefined;
  }
}

/** Runs `script` with tsx in its own process; resolves with the JSON line it prints when ready. */
function startChild<T>(script: string, env: Record<string, string>): Promise<T> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, script)], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    let buffer = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const line = buffer.split('\n').find((l) => l.startsWith('{'));
      if (line) resolve(JSON.parse(line) as T);
    });
    child.once('exit', (code) => reject(new Error(`${script} exited (${code})`)));
  });
}

function stopChildren() {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** identity + register + gateway through the launcher, in a private data folder and NATS namespace. */
async function launchSystem(): Promise<System> {
  const { launch } = (await import('../infra/src/launch.ts')) as typeof import('../infra/src/launch.ts');
  const { planPorts } = (await import('../infra/src/topology.ts')) as typeof import('../infra/src/topology.ts');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kermesse-bench-'));
  // Run as root, the embedded Postgres runs as user postgres, who must be able to enter the folder.
  chmodSync(dataDir, 0o755);
  // A port base whose gateway port is free; services fall back to other ports if theirs are taken.
  const portBase = await freePort();
  const lines: string[] = [];
  let system: Awaited<ReturnType<typeof launch>>;
  try {
    system = await launch({
      dataDir,
      portBase,
      build: false,
      services: ['identity', 'register'],
      natsNamespace: `bench${randomBytes(4).toString('hex')}`,
      demoPassword: randomBytes(12).toString('base64url'),
      logLevel: 'warn',
      output: (line) => lines.push(line),
      healthTimeoutMs: 120_000,
    });
  } catch (err) {
    rmSync(dataDir, { recursive: true, force: true });
    throw Object.assign(err as Error, { output: lines.slice(-20).join('\n') });
  }
  const stop = async () => {
    await system.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const cashier = system.accounts.find((a) => a.role === 'cashier');
    if (!cashier) throw new Error('no cashier demo account');
    const login = await fetch(`${system.url}/api/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: cashier.email, password: cashier.password }),
    });
    const { token } = (await login.json()) as { token?: string };
    if (!token) throw new Error(`sign-in failed (${login.status})`);
    const registerUrl = `http://127.0.0.1:${planPorts({ portBase }).services.register}`;
    const health = (await fetch(`${registerUrl}/healthz`)
      .then((r) => r.json())
      .catch(() => ({}))) as { service?: string };
    if (health.service !== 'register') throw new Error(`the register is not on its planned port (${registerUrl})`);
    const headers = { Authorization: `Bearer ${token}` };
    const pid = (name: string) => system.processes.find((p) => p.name === name)?.pid;
    return {
      mode: 'launcher',
      register: { name: 'register (direct)', url: registerUrl, headers },
      gateway: { name: 'gateway → register', url: system.url, headers },
      pids: { register: pid('register'), gateway: pid('gateway') },
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}

/** Bare server standing in for the register, fake identity, real gateway. */
async function syntheticSystem(body: string): Promise<System> {
  const { port } = await startChild<{ port: number }>('bench/bareServer.ts', { BENCH_BODY: body });
  const registerPid = children.at(-1)?.pid;
  const registerUrl = `http://127.0.0.1:${port}`;
  const { url, token } = await startChild<{ url: string; token: string }>('bench/syntheticGateway.ts', {
    REGISTER_URL: registerUrl,
    KERMESSE_ROOT: ROOT,
  });
  const headers = { Authorization: `Bearer ${token}` };
  return {
    mode: 'synthetic',
    register: { name: 'stand-in register (bare)', url: registerUrl, headers },
    gateway: { name: 'gateway → stand-in', url, headers },
    pids: { register: registerPid, gateway: children.at(-1)?.pid },
    stop: async () => undefined,
  };
}

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}

interface AutocannonResult {
  duration: number;
  requests: { average: number; total: number };
  errors: number;
  non2xx: number;
}

function runAutocannon(target: Target, duration: number, onLatency?: (ms: number) => void): Promise<AutocannonResult> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      { url: target.url + PATH, headers: target.headers, connections: CONNECTIONS, duration },
      (err: Error | null, result: AutocannonResult) => (err ? reject(err) : resolve(result)),
    );
    if (onLatency) {
      instance.on('response', (_client: unknown, status: number, _bytes: number, ms: number) => {
        if (status >= 200 && status < 300) onLatency(ms);
      });
    }
  });
}

/**
 * Latency with one connection and no queueing (what one cashier's click costs), for all targets
 * in turn, request by request, so that noise from the rest of the machine hits them alike.
 */
async function sequentialLatencies(targets: Target[]): Promise<Array<{ p50: number; p99: number }>> {
  const probes = targets.map((target) => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const url = new URL(target.url + PATH);
    const once = () =>
      new Promise<number>((resolve, reject) => {
        const started = process.hrtime.bigint();
        http
          .get({ hostname: url.hostname, port: url.port, path: url.pathname, headers: target.headers, agent }, (res) => {
            res.resume();
            res.on('end', () => {
              if (res.statusCode !== 200) reject(new Error(`${target.name}: HTTP ${res.statusCode}`));
              else resolve(Number(process.hrtime.bigint() - started) / 1e6);
            });
          })
          .on('error', reject);
      });
    return { agent, once, samples: new Float64Array(SEQUENTIAL_REQUESTS) };
  });
  for (let i = 0; i < 200; i += 1) for (const probe of probes) await probe.once();
  for (let i = 0; i < SEQUENTIAL_REQUESTS; i += 1) {
    for (const probe of probes) probe.samples[i] = await probe.once();
  }
  return probes.map((probe) => {
    probe.agent.destroy();
    probe.samples.sort();
    return { p50: percentile(probe.samples, 50), p99: percentile(probe.samples, 99) };
  });
}

/** What one target gathers over the rounds. */
class Measurement {
  latencies = new Float64Array(1 << 16);
  count = 0;
  requests = 0;
  seconds = 0;
  errors = 0;
  rounds: number[] = [];
  gatewayCpu = 0;
  registerCpu = 0;

  constructor(
    readonly target: Target,
    readonly pids: { gateway?: number; register?: number },
  ) {}

  record = (ms: number) => {
    if (this.count === this.latencies.length) {
      const bigger = new Float64Array(this.latencies.length * 2);
      bigger.set(this.latencies);
      this.latencies = bigger;
    }
    this.latencies[this.count++] = ms;
  };

  async round(): Promise<void> {
    const cpuBefore = [cpuMicros(this.pids.gateway), cpuMicros(this.pids.register)];
    const result = await runAutocannon(this.target, DURATION, this.record);
    const cpuAfter = [cpuMicros(this.pids.gateway), cpuMicros(this.pids.register)];
    this.gatewayCpu += (cpuAfter[0] ?? 0) - (cpuBefore[0] ?? 0);
    this.registerCpu += (cpuAfter[1] ?? 0) - (cpuBefore[1] ?? 0);
    this.requests += result.requests.total;
    this.seconds += result.duration;
    this.errors += result.errors + result.non2xx;
    this.rounds.push(result.requests.total / result.duration);
  }

  result(): Result {
    const sorted = this.latencies.subarray(0, this.count).sort();
    const perRequest = (micros: number, pid: number | undefined) =>
      pid === undefined || !this.requests ? undefined : micros / this.requests;
    return {
      name: this.target.name,
      rps: this.requests / this.seconds,
      rounds: this.rounds,
      p50: percentile(sorted, 50),
      p99: percentile(sorted, 99),
      errors: this.errors,
      oneP50: NaN,
      oneP99: NaN,
      gatewayCpu: perRequest(this.gatewayCpu, this.pids.gateway),
      registerCpu: perRequest(this.registerCpu, this.pids.register),
    };
  }
}

/** Gzip sizes (level 9, as the gateway serves them) of the shell's initial scripts and each remote entry. */
function frontEndSizes(): string[] {
  const lines: string[] = [];
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
  const gz = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;
  const shellDist = path.join(ROOT, 'shell', 'dist');
  const index = path.join(shellDist, 'index.html');
  if (!existsSync(index)) {
    lines.push('  shell: no build (npm run build -w @kermesse/shell)');
  } else {
    const html = readFileSync(index, 'utf8');
    const sources = [
      ...html.matchAll(/<script\b[^>]*\bsrc=["']([^"']+)["']/gi),
      ...html.matchAll(/<link\b[^>]*rel=["']modulepreload["'][^>]*href=["']([^"']+)["']/gi),
    ]
      .map((m) => m[1] as string)
      .filter((src) => !/^(https?:)?\/\//.test(src));
    let total = 0;
    let raw = 0;
    for (const src of new Set(sources)) {
      const file = path.join(shellDist, src.replace(/^\//, '').split('?')[0] as string);
      if (!existsSync(file)) {
        lines.push(`    ${src}: missing`);
        continue;
      }
      const size = gz(file);
      total += size;
      raw += readFileSync(file).length;
      lines.push(`    ${src}: ${kb(size)} gzip`);
    }
    lines.unshift(
      `  shell initial JavaScript (${sources.length} file${sources.length > 1 ? 's' : ''} loaded by index.html): ${kb(total)} gzip (${kb(raw)} raw)`,
    );
  }
  for (const dir of readdirSync(ROOT)
    .filter((d) => d.startsWith('mfe-'))
    .sort()) {
    const entry = path.join(ROOT, dir, 'dist', 'remoteEntry.js');
    lines.push(existsSync(entry) ? `  ${dir}/remoteEntry.js: ${kb(gz(entry))} gzip` : `  ${dir}: no build`);
  }
  return lines;
}

const ms = (value: number) => value.toFixed(2);
const micros = (value: number | undefined) => (value === undefined ? '–' : value.toFixed(0));

function printResults(results: Result[], system: System, bareProxyName: string) {
  console.log(
    `\nGET ${PATH} — ${CONNECTIONS} connections, ${ROUNDS} × ${DURATION} s per target (rounds interleaved, after ${WARMUP} s warm-up);`,
  );
  console.log(`then 1 connection × ${SEQUENTIAL_REQUESTS} requests per target. CPU columns: µs of CPU per request in that process.`);
  const header = ['target', 'req/s', 'p50 ms', 'p99 ms', '1-conn p50', '1-conn p99', 'gw CPU', 'reg CPU', 'errors', 'req/s per round'];
  const rows = results.map((r) => [
    r.name,
    r.rps.toFixed(0),
    ms(r.p50),
    ms(r.p99),
    ms(r.oneP50),
    ms(r.oneP99),
    micros(r.gatewayCpu),
    micros(r.registerCpu),
    String(r.errors),
    r.rounds.map((v) => v.toFixed(0)).join(' / '),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => (row[i] as string).length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 || i === cells.length - 1 ? c.padEnd(widths[i] as number) : c.padStart(widths[i] as number))).join('  ');
  console.log(line(header));
  for (const row of rows) console.log(line(row));

  const direct = results.find((r) => r.name === system.register.name) as Result;
  const gateway = results.find((r) => r.name === system.gateway.name) as Result;
  // Other work on a shared machine only ever slows a round down: the best round of each target is
  // the least disturbed measure; the mean over all rounds is printed beside it.
  const best = (r: Result) => Math.max(...r.rounds);
  const ratio = (best(gateway) / best(direct)) * 100;
  const meanRatio = (gateway.rps / direct.rps) * 100;
  const addedLoaded = gateway.p50 - direct.p50;
  const addedOne = gateway.oneP50 - direct.oneP50;
  console.log('');
  console.log(
    `gateway/direct throughput: ${ratio.toFixed(1)} % on the best rounds (aim ≥ 75 %) ${ratio >= 75 ? 'OK' : 'BELOW AIM'}; ${meanRatio.toFixed(1)} % over all rounds`,
  );
  console.log(
    `added p50: ${addedOne.toFixed(2)} ms with one connection (aim ≤ 1 ms) ${addedOne <= 1 ? 'OK' : 'ABOVE AIM'}; ${addedLoaded.toFixed(2)} ms under load (queueing included)`,
  );
  if (gateway.gatewayCpu !== undefined && direct.registerCpu !== undefined) {
    // When CPU is the limit, each proxied request costs the register's CPU plus the gateway's.
    const cpuBound = (direct.registerCpu / (direct.registerCpu + gateway.gatewayCpu)) * 100;
    console.log(
      `gateway CPU per request: ${gateway.gatewayCpu.toFixed(0)} µs; throughput ratio if all CPU-bound on shared cores: ${cpuBound.toFixed(0)} % (register process only, Postgres not counted)`,
    );
  }
  if (system.mode === 'synthetic') console.log('(synthetic mode: register replaced by a bare server, identity by a fake one)');
  const bareProxy = results.find((r) => r.name === bareProxyName);
  if (gateway.gatewayCpu !== undefined && bareProxy?.gatewayCpu !== undefined) {
    console.log(
      `CPU per proxied request over the rounds above: gateway ${gateway.gatewayCpu.toFixed(0)} µs, bare node:http proxy ${bareProxy.gatewayCpu.toFixed(0)} µs (${(gateway.gatewayCpu / bareProxy.gatewayCpu).toFixed(2)}×; rounds run one after the other, so the machine's load differs)`,
    );
  }
}

/**
 * The gateway's CPU per proxied request against the bare proxy's, both loaded at the same time
 * (half the connections each, same upstream) so that whatever else runs on the machine weighs on
 * both alike; ROUNDS rounds, the median ratio kept. Prints the bench's last line.
 */
async function pairedCpu(system: System, bareProxy: Target, bareProxyPid: number | undefined): Promise<void> {
  const gatewayPid = system.pids.gateway;
  if (gatewayPid === undefined || bareProxyPid === undefined || cpuMicros(gatewayPid) === undefined) {
    console.log('gateway CPU per proxied request: – (CPU times are read from /proc, Linux only)');
    return;
  }
  const half = Math.max(1, Math.floor(CONNECTIONS / 2));
  const load = (target: Target) =>
    new Promise<AutocannonResult>((resolve, reject) => {
      autocannon(
        { url: target.url + PATH, headers: target.headers, connections: half, duration: DURATION },
        (err: Error | null, result: AutocannonResult) => (err ? reject(err) : resolve(result)),
      );
    });
  const rounds: Array<{ gateway: number; bare: number }> = [];
  process.stdout.write(`\n  gateway and bare proxy side by side (${half} connections each, at the same time), ${ROUNDS} × ${DURATION} s… `);
  for (let round = 0; round < ROUNDS; round += 1) {
    const before = [cpuMicros(gatewayPid) ?? 0, cpuMicros(bareProxyPid) ?? 0];
    const [g, b] = await Promise.all([load(system.gateway), load(bareProxy)]);
    const after = [cpuMicros(gatewayPid) ?? 0, cpuMicros(bareProxyPid) ?? 0];
    if (g.requests.total > 0 && b.requests.total > 0) {
      rounds.push({ gateway: (after[0]! - before[0]!) / g.requests.total, bare: (after[1]! - before[1]!) / b.requests.total });
    }
  }
  process.stdout.write('done\n');
  const ratios = rounds.map((r) => r.gateway / r.bare).sort((x, y) => x - y);
  const median = <T>(sorted: T[]) => sorted[Math.floor((sorted.length - 1) / 2)];
  const ratio = median(ratios) ?? NaN;
  const gatewayMicros = median(rounds.map((r) => r.gateway).sort((x, y) => x - y)) ?? NaN;
  const bareMicros = median(rounds.map((r) => r.bare).sort((x, y) => x - y)) ?? NaN;
  console.log(
    `side by side, per round: ${rounds.map((r) => `${r.gateway.toFixed(0)}/${r.bare.toFixed(0)} µs`).join(', ')} (gateway/bare proxy); bare proxy ${bareMicros.toFixed(0)} µs; aim ≤ 1.0× ${ratio <= 1 ? 'OK' : 'ABOVE AIM'}`,
  );
  console.log(`gateway CPU per proxied request: ${gatewayMicros.toFixed(0)} µs = ${ratio.toFixed(2)}× a bare proxy`);
}

/** Prints the front-end sizes and the gateway's overhead. */
export default async function bench(): Promise<void> {
  console.log('Front-end sizes');
  for (const line of frontEndSizes()) console.log(line);

  console.log('\nStarting the system…');
  let system: System;
  if (process.env.BENCH_SYNTHETIC === '1') {
    system = await syntheticSystem(JSON.stringify([{ id: 1, name: 'Kermesse de printemps' }]));
  } else {
    try {
      system = await launchSystem();
    } catch (err) {
      console.log(`  the launcher could not start the system: ${(err as Error).message}`);
      const output = (err as { output?: string }).output;
      if (output) console.log(output.replace(/^/gm, '    | '));
      console.log('  → synthetic mode');
      system = await syntheticSystem(JSON.stringify([{ id: 1, name: 'Kermesse de printemps' }]));
    }
  }

  try {
    const sample = await fetch(system.gateway.url + PATH, { headers: system.gateway.headers });
    const body = await sample.text();
    if (sample.status !== 200) throw new Error(`GET ${PATH} through the gateway answered ${sample.status}: ${body}`);
    const { port } = await startChild<{ port: number }>('bench/bareServer.ts', { BENCH_BODY: body });
    const bare: Target = { name: 'bare node:http', url: `http://127.0.0.1:${port}`, headers: system.gateway.headers };
    const proxied = await startChild<{ port: number }>('bench/bareProxy.ts', { UPSTREAM_URL: system.register.url });
    const bareProxyPid = children.at(-1)?.pid;
    const bareProxy: Target = { name: 'bare proxy → register', url: `http://127.0.0.1:${proxied.port}`, headers: system.gateway.headers };
    console.log(
      `  ${system.mode}: gateway ${system.gateway.url}, register ${system.register.url}, bare ${bare.url}, bare proxy ${bareProxy.url}; body ${body.length} bytes\n`,
    );

    const targets = [bare, system.register, bareProxy, system.gateway];
    // The bare proxy's CPU shows in the « gw CPU » column: it is the process in front of the register.
    const measurements = [
      new Measurement(bare, {}),
      new Measurement(system.register, { register: system.pids.register }),
      new Measurement(bareProxy, { gateway: bareProxyPid, register: system.pids.register }),
      new Measurement(system.gateway, system.pids),
    ];
    process.stdout.write(`  warm-up (${WARMUP} s each)… `);
    for (const target of targets) await runAutocannon(target, WARMUP);
    process.stdout.write('done\n');
    for (let round = 1; round <= ROUNDS; round += 1) {
      process.stdout.write(`  round ${round}/${ROUNDS} (${DURATION} s each)… `);
      for (const measurement of measurements) await measurement.round();
      process.stdout.write('done\n');
    }
    process.stdout.write(`  one connection, ${SEQUENTIAL_REQUESTS} requests per target, interleaved… `);
    const sequential = await sequentialLatencies(targets);
    process.stdout.write('done\n');
    const results = measurements.map((m, i) => ({ ...m.result(), oneP50: sequential[i]!.p50, oneP99: sequential[i]!.p99 }));
    printResults(results, system, bareProxy.name);
    await pairedCpu(system, bareProxy, bareProxyPid);
  } finally {
    stopChildren();
    await system.stop();
  }
}
