/**
 * The register as its integration tests run it: its own database (real Postgres) and NATS namespace
 * (real JetStream), tokens from the kit's test signer (no identity service), the outbox relay and the
 * consumers, optionally the real raffle service (its own process, as the launcher runs it) for the
 * ticket claims, and the register app on a free port.
 */
import '../events.ts';
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  buildEnvelope,
  connectBus,
  startOutboxRelay,
  type Bus,
  type EventPayloads,
  type EventType,
  type OutboxRelay,
} from '@kermesse/kit/bus';
import { createDb, migrateLatest, type Db } from '@kermesse/kit/db';
import { createLogger, listen } from '@kermesse/kit/http';
import {
  createTestDatabase,
  deleteTestStream,
  eventually,
  freePort,
  startTestIdentity,
  testNamespace,
  testTokens,
  testTokenVerifier,
  TEST_ACCOUNTS,
  TEST_NATS_URL,
  type TestDatabase,
} from '@kermesse/kit/testing';
import { appendOnly, updatableColumns, migrations, schema } from '../../migrations/index.ts';
import { buildApp } from '../app.ts';
import { createEventWithCheckouts } from '../commands/createEvent.ts';
import { startRegisterConsumers, type RegisterConsumers } from '../consumers/index.ts';
import { seedDemo } from '../demo.ts';
import type { CardProvider } from '../payments/provider.ts';
import { createRaffleClient } from '../claimsClient.ts';
import { createStaffDirectory } from '../staffDirectory.ts';

export type Who = 'caissier' | 'admin' | 'benevole' | 'tresorier';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read any shape
export interface Answer<T = any> {
  status: number;
  body: T;
  headers: Headers;
  text: string;
}

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..');

/** The real raffle service, and a switch on the register's calls to it (to see it down or slow). */
export interface RaffleService {
  url: string;
  /** Claims the register sent (including refused ones). */
  calls: { claims: number; releases: number };
  /** While true, the register cannot reach the raffle service. */
  down: boolean;
  /** Each claim waits this long before it is sent. */
  delayMs: number;
  /** POST /api/admin/raffle: a raffle of the test event; resolves once the register sells its tickets. */
  createRaffle(input: { name: string; tickets: number; price: Array<{ nb: number; p: number }> }): Promise<number>;
  /** POST /api/admin/gift-basket and its bet types; resolves once the register sells its bets. */
  createGiftBasket(input: {
    name: string;
    price: Array<{ nb: number; p: number }>;
    types: Array<{ name: string; price: number }>;
  }): Promise<{ id: number; types: Array<{ id: number; name: string }> }>;
  /** Numbers the raffle service counts as taken (sold or held by a claim). */
  takenNumbers(raffleId: number): Promise<number[]>;
}

export interface RegisterHarness {
  base: string;
  db: Db;
  bus: Bus;
  relay: OutboxRelay;
  /** Present when started with `{ raffle: true }`. */
  raffle: RaffleService;
  tokens: Record<Who, string>;
  /** A fresh event of the test's own, with one register offering every demo product. */
  eventId: number;
  checkoutId: number;
  productId(name: string): Promise<number>;
  /**
   * A factory: a product of the test's event sold at its register, made through the back office
   * (its category too, once per name), so a test names its own products instead of the demo's;
   * click-and-collect (preparation slip) and alcohol are off unless asked.
   */
  createProduct(input: { name: string; price: number; category: string; clickAndCollect?: boolean; alcohol?: boolean }): Promise<number>;
  /**
   * The test event's own meal deal (back office): `discount` off each set of one product of each
   * item's category (made by createProduct) at the item's price. Set it before the event's first
   * sale: the register reads the rule again only after a few seconds.
   */
  setMealDeal(input: { discount: number; items: Array<{ category: string; price: number }> }): Promise<void>;
  /** createProduct for each product of a list, in order. */
  createProducts(list: Array<Parameters<RegisterHarness['createProduct']>[0]>): Promise<void>;
  /** The id of a product this test made (createProduct), by its name; throws for any other name. */
  madeProduct(name: string): number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read any shape
  request<T = any>(
    method: string,
    path: string,
    options?: { who?: Who | null; body?: unknown; headers?: Record<string, string> },
  ): Promise<Answer<T>>;
  /** Publishes an event as another service would (through JetStream, with its id as message id). */
  publish<T extends EventType>(source: string, type: T, payload: EventPayloads[T]): Promise<void>;
  close(): Promise<void>;
}

/**
 * Migrates the raffle service's schema as a deployment does (`deploy/migrate.ts raffle`, its own
 * process): the register imports nothing of another service, tests included.
 */
async function migrateRaffle(databaseUrl: string): Promise<void> {
  await promisify(execFile)(process.execPath, ['--import', 'tsx', 'deploy/migrate.ts', 'raffle'], {
    cwd: REPO_ROOT,
    env: { ...process.env, DATABASE_URL: databaseUrl, NATS_URL: '', KERMESSE_DEMO: '0' },
  });
}

/** Starts `services/raffle/src/server.ts` the way the launcher does, on a free port. */
async function startRaffleProcess(
  env: Record<string, string>,
): Promise<{ url: string; child: ChildProcess; dataDir: string; stop(): Promise<void> }> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'register-raffle-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'services/raffle/src/server.ts'], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env, PORT: String(port), KERMESSE_DATA_DIR: dataDir, LOG_LEVEL: 'error' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await eventually(async () => (await fetch(`${url}/healthz`).catch(() => undefined))?.ok, 60_000, 100);
  return {
    url,
    child,
    dataDir,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        await new Promise<void>((resolve) => {
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
        });
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function startRegisterHarness(
  options: { cardProvider?: (db: Db) => CardProvider; eventName?: string; raffle?: boolean } = {},
): Promise<RegisterHarness> {
  const logger = createLogger('test', 'error');
  const database: TestDatabase = await createTestDatabase();
  const namespace = testNamespace();
  // The raffle process (its own process) verifies the same test tokens against this stand-in identity.
  const identity = await startTestIdentity();
  const identityUrl = identity.url;

  const db = createDb(database.url, { schema, poolMax: 20 });
  await migrateLatest(db, { schema, migrations, appendOnly, updatableColumns });
  await seedDemo({ db });
  const bus = await connectBus({ url: TEST_NATS_URL, namespace, name: 'register-test' });
  const relay = startOutboxRelay({ db, bus, logger, pollMs: 50 });
  const consumers: RegisterConsumers = await startRegisterConsumers({ db, bus, logger });
  const { event, checkouts } = await createEventWithCheckouts(db, {
    name: options.eventName ?? "Fête de l'école",
    checkouts: ['Caisse test'],
  });
  const checkoutId = checkouts[0]!.id;
  const productIds: Array<{ id: number }> = await db('products').select('id');
  await db('checkout_products').insert(productIds.map((p) => ({ checkout_id: checkoutId, product_id: p.id })));

  let raffleProcess: Awaited<ReturnType<typeof startRaffleProcess>> | undefined;
  const registerPort = await freePort();
  if (options.raffle) {
    await migrateRaffle(database.url);
    raffleProcess = await startRaffleProcess({
      DATABASE_URL: database.url,
      NATS_URL: TEST_NATS_URL,
      NATS_NAMESPACE: namespace,
      IDENTITY_URL: identityUrl,
      // The raffle service asks this register about an event it has not heard of yet.
      REGISTER_URL: `http://127.0.0.1:${registerPort}`,
    });
  }
  const raffleUrl = raffleProcess?.url ?? 'http://127.0.0.1:9';
  const control = { calls: { claims: 0, releases: 0 }, down: false, delayMs: 0 };
  const controlledFetch: typeof fetch = async (input, init) => {
    const release = init?.method === 'DELETE';
    if (release) control.calls.releases += 1;
    else control.calls.claims += 1;
    if (control.down) throw new TypeError('fetch failed');
    if (!release && control.delayMs) await new Promise((resolve) => setTimeout(resolve, control.delayMs));
    return fetch(input, init);
  };

  // Identity as the register asks it about a person: the test signer's accounts exist, nobody else does.
  const knownStaff = new Set(Object.keys(TEST_ACCOUNTS).map((name) => `test-${name}`));
  const identityAccounts: typeof fetch = async (input) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const id = decodeURIComponent(url.pathname.split('/').pop() ?? '');
    return knownStaff.has(id)
      ? Response.json({ id })
      : Response.json({ error: 'Personne introuvable.', code: 'PERSON_NOT_FOUND' }, { status: 404 });
  };

  const register = await listen(
    await buildApp({
      db,
      logger,
      bus,
      verifier: testTokenVerifier(),
      raffle: createRaffleClient({ baseUrl: raffleUrl, fetch: controlledFetch }),
      staff: createStaffDirectory({ identityUrl, fetch: identityAccounts }),
      cardProvider: options.cardProvider?.(db),
      wake: () => relay.wake(),
    }),
    registerPort,
  );
  const base = `http://127.0.0.1:${register.port}`;

  const tokens: Record<Who, string> = await testTokens();

  const asAdmin = async (method: string, target: string, body?: unknown) => {
    const res = await fetch(raffleUrl + target, {
      method,
      headers: { authorization: `Bearer ${tokens.admin}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json().catch(() => undefined)) as any }; // eslint-disable-line @typescript-eslint/no-explicit-any -- raffle answers
  };
  const raffle: RaffleService = Object.assign(control, {
    url: raffleUrl,
    async createRaffle(input: { name: string; tickets: number; price: Array<{ nb: number; p: number }> }) {
      // The raffle service learns the test event from catalog.event.created first.
      const created = await eventually(
        async () => {
          const res = await asAdmin('POST', '/api/admin/raffle', { ...input, eventId: event.id });
          return res.status === 201 ? res.body : undefined;
        },
        20_000,
        100,
      );
      const id = created.id as number;
      await eventually(async () => (await db('raffles').where({ id }).first())?.total_tickets === input.tickets, 20_000);
      return id;
    },
    async createGiftBasket(input: {
      name: string;
      price: Array<{ nb: number; p: number }>;
      types: Array<{ name: string; price: number }>;
    }) {
      const created = await eventually(
        async () => {
          const res = await asAdmin('POST', '/api/admin/gift-basket', { name: input.name, price: input.price, eventId: event.id });
          return res.status === 201 ? res.body : undefined;
        },
        20_000,
        100,
      );
      const id = created.id as number;
      const types: Array<{ id: number; name: string }> = [];
      for (const type of input.types) {
        const res = await asAdmin('POST', `/api/admin/gift-basket/${id}/prizes`, type);
        types.push({ id: res.body.id, name: res.body.name });
      }
      await eventually(async () => ((await db('gift_baskets').where({ id }).first())?.types ?? []).length === types.length, 20_000);
      return { id, types };
    },
    async takenNumbers(raffleId: number) {
      const res = await fetch(`${raffleUrl}/api/cr/raffle/${raffleId}/tickets/sold`, {
        headers: { authorization: `Bearer ${tokens.caissier}` },
      });
      return ((await res.json()) as Array<{ number: number }>).map((t) => t.number);
    },
  });

  const encoder = new TextEncoder();
  const categories = new Map<string, number>();
  /** The products this test made (createProduct), by name. */
  const made = new Map<string, number>();
  const harness: RegisterHarness = {
    base,
    db,
    bus,
    relay,
    raffle,
    tokens,
    eventId: event.id,
    checkoutId,
    async productId(name) {
      const row = await db('products').where({ name }).first('id');
      if (!row) throw new Error(`no product named ${name}`);
      return row.id as number;
    },
    async createProduct({ name, price, category, clickAndCollect, alcohol }) {
      let categoryId = categories.get(category);
      if (categoryId === undefined) {
        const made = await harness.request('POST', '/api/admin/categories', { who: 'admin', body: { name: category, eventId: event.id } });
        if (made.status !== 201) throw new Error(`category ${category}: ${made.status} ${made.text}`);
        categoryId = made.body.id as number;
        categories.set(category, categoryId);
      }
      const product = await harness.request('POST', '/api/admin/products', {
        who: 'admin',
        body: {
          name,
          price,
          categoryId,
          eventId: event.id,
          checkoutIds: [checkoutId],
          clickAndCollectEligible: clickAndCollect,
          alcoohol: alcohol,
        },
      });
      if (product.status !== 201) throw new Error(`product ${name}: ${product.status} ${product.text}`);
      made.set(name, product.body.id as number);
      return product.body.id as number;
    },
    async createProducts(list) {
      for (const product of list) await harness.createProduct(product);
    },
    madeProduct(name) {
      const id = made.get(name);
      if (id === undefined) throw new Error(`no product ${name} made by this test`);
      return id;
    },
    async setMealDeal({ discount, items }) {
      const body = {
        discount,
        items: items.map(({ category, price }) => {
          const categoryId = categories.get(category);
          if (categoryId === undefined) throw new Error(`no category ${category} made by createProduct`);
          return { categoryId, price };
        }),
      };
      const res = await harness.request('PUT', `/api/admin/events/${event.id}/meal-deal`, { who: 'admin', body });
      if (res.status !== 200) throw new Error(`meal deal: ${res.status} ${res.text}`);
    },
    async request(method, path, { who = 'caissier', body, headers = {} } = {}) {
      const res = await fetch(base + path, {
        method,
        headers: {
          ...(who ? { authorization: `Bearer ${tokens[who]}` } : {}),
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...headers,
        },
        body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      });
      const text = await res.text();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        // HTML or empty answers stay text
      }
      return { status: res.status, body: parsed as never, headers: res.headers, text };
    },
    async publish(source, type, payload) {
      const envelope = buildEnvelope(source, type, payload);
      await bus.js.publish(bus.subjectOf(envelope), encoder.encode(JSON.stringify(envelope)), { msgID: envelope.id });
    },
    async close() {
      await register.close();
      await consumers.stop();
      await relay.stop();
      await raffleProcess?.stop();
      await bus.close();
      await identity.close();
      await db.destroy();
      await deleteTestStream(namespace);
      await database.drop();
    },
  };
  return harness;
}
