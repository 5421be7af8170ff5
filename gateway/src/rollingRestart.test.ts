/**
 * Rolling restart: two real register processes behind the gateway, clients reading and
 * selling without pause; one replica gets SIGTERM. It must take itself out of rotation (`/readyz`
 * 503 while it still serves), finish what it has in hand, drain NATS and exit 0 — and no client may
 * see an error: every read answered 200, every sale 201 and stored once.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  eventually,
  freePort,
  startTestIdentity,
  testTokens,
  TEST_NATS_URL,
  TEST_POSTGRES_URL,
  type TestIdentity,
} from '@kermesse/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRegisterHarness, type RegisterHarness } from '../../services/register/src/testing/harness.ts';
import { startTestGateway, type TestGateway } from './testSupport.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const CLIENTS = 6;

interface Replica {
  url: string;
  child: ChildProcess;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  output: string[];
}

let h: RegisterHarness;
// The kit's stand-in identity serves the test key to the replicas and the gateway (no identity service).
let identity: TestIdentity;
let cashierToken: string;
let replicas: Replica[] = [];
let gateway: TestGateway;

async function startReplica(env: Record<string, string>): Promise<Replica> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'services/register/src/server.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });
  const url = `http://127.0.0.1:${port}`;
  const state = await eventually(
    async () => {
      if (child.exitCode !== null) return 'exited';
      return (await fetch(`${url}/readyz`).catch(() => undefined))?.ok ? 'ready' : undefined;
    },
    60_000,
    100,
  );
  if (state !== 'ready') throw new Error(`the register replica exited:\n${output.join('')}`);
  return { url, child, exited, output };
}

beforeAll(async () => {
  h = await startRegisterHarness();
  const { rows } = await h.db.raw('select current_database() as name');
  const adminUrl = new URL(TEST_POSTGRES_URL);
  adminUrl.pathname = `/${(rows as Array<{ name: string }>)[0]!.name}`;
  const databaseUrl = adminUrl.toString();
  identity = await startTestIdentity();
  cashierToken = (await testTokens()).caissier;
  const env = {
    DATABASE_URL: databaseUrl,
    NATS_URL: TEST_NATS_URL,
    NATS_NAMESPACE: h.bus.namespace,
    IDENTITY_URL: identity.url,
    RAFFLE_URL: 'http://127.0.0.1:9',
  };
  replicas = await Promise.all([startReplica(env), startReplica(env)]);
  gateway = await startTestGateway({
    upstreams: { register: replicas.map((r) => r.url), identity: identity.url } as never,
  });
}, 180_000);

afterAll(async () => {
  for (const replica of replicas) if (replica.child.exitCode === null && replica.child.signalCode === null) replica.child.kill('SIGKILL');
  await gateway?.close();
  await identity?.close();
  await h?.close();
});

describe('rolling restart of a register replica', () => {
  it('SIGTERM under steady reads and sales: out of rotation, in-flight requests finished, NATS drained, exit 0, no client error', async () => {
    const [leaving, staying] = replicas as [Replica, Replica];
    const hotDog = await h.productId('Hot-dog');
    const token = cashierToken;
    const errors: string[] = [];
    const created: string[] = [];
    let reads = 0;
    let running = true;

    const client = async (n: number) => {
      for (let i = 0; running; i += 1) {
        try {
          if (i % 2 === 0) {
            const res = await fetch(`${gateway.url}/api/cr/events`, { headers: { authorization: `Bearer ${token}` } });
            await res.arrayBuffer();
            if (res.status !== 200) errors.push(`GET ${res.status}`);
            else reads += 1;
          } else {
            const res = await fetch(`${gateway.url}/api/cr/sale/create`, {
              method: 'POST',
              headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': `rolling-${n}-${i}` },
              body: JSON.stringify({
                sale: {
                  checkoutId: h.checkoutId,
                  eventId: h.eventId,
                  personId: 0,
                  paymentMode: 2,
                  cart: [{ product: { id: hotDog, name: 'Hot-dog' }, quantity: 1 }],
                  payments: [{ method: 'ESP', amount: 3.5, payment_reference: '5' }],
                },
              }),
            });
            const body = (await res.json().catch(() => undefined)) as { sale?: { reference?: string } } | undefined;
            if (res.status !== 201 || !body?.sale?.reference) errors.push(`POST ${res.status} ${JSON.stringify(body)}`);
            else created.push(body.sale.reference);
          }
        } catch (err) {
          errors.push(`network: ${String((err as { cause?: unknown }).cause ?? err)}`);
        }
      }
    };

    const clients = Array.from({ length: CLIENTS }, (_, n) => client(n));
    // Both replicas are serving under load.
    await eventually(() => created.length >= 20 && reads >= 20, 30_000, 20);
    const before = created.length;

    leaving.child.kill('SIGTERM');
    // Out of rotation at once: its /readyz answers 503 while it still runs.
    const readyz = await eventually(
      async () => {
        const res = await fetch(`${leaving.url}/readyz`).catch(() => 'refused' as const);
        if (res === 'refused') return res;
        const body = (await res.json()) as { status?: string };
        return res.status === 503 ? { status: res.status, body } : undefined;
      },
      5_000,
      10,
    );
    expect(readyz).toEqual({ status: 503, body: { service: 'register', status: 'draining' } });
    const exit = await leaving.exited;
    const soldDuringExit = created.length - before;
    // Sales go on through the other replica after it left.
    const afterExit = created.length;
    await eventually(() => created.length >= afterExit + 20, 30_000, 20);
    running = false;
    await Promise.all(clients);

    expect(errors).toEqual([]);
    expect(exit).toEqual({ code: 0, signal: null });
    expect(leaving.output.join('')).toMatch(/shutting down/);
    expect(soldDuringExit).toBeGreaterThan(0);
    expect(staying.child.exitCode).toBeNull();
    // Every 201 is stored once, nothing else is.
    const stored = await h.db('sales').where({ checkout_id: h.checkoutId }).pluck('reference');
    expect(new Set(created).size).toBe(created.length);
    expect([...stored].sort()).toEqual([...created].sort());
  }, 90_000);
});
