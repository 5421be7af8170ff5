/**
 * Bad requests on every route and every role, through the gateway of the whole system (demo data): the
 * routes and their schemas are read from the services themselves (`describeRoutes`), the requests are
 * generated from those schemas by a seeded generator (support/fuzz.ts), and every answer must be a
 * 4xx whose body has a French `error` and a `code` (or a success, when what was odd did not matter),
 * never a 5xx.
 * A route added to a service is covered without any edit here. Internal routes (never behind the
 * gateway) are sent to their service directly.
 *
 * Also checked from the same list: every id, count and amount a route reads is bounded (docs/platform.md
 * « Ranges »), so a value past a column's range is refused before any SQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TSchema } from '@sinclair/typebox';
import { randomBytes } from 'node:crypto';
import { secretBoxFromEnv } from '@kermesse/kit/secrets';
import { eventually } from '@kermesse/kit/testing';
import { signInToken } from './support/api.ts';
import { badRequests, sample, seededRandom, type BadRequest } from './support/fuzz.ts';
import { serviceRoutes, type ServiceRoute, type ServiceRoutes } from './support/routes.ts';
import { startTestSystem, type TestSystem } from './support/system.ts';

const ROLES = ['admin', 'treasurer', 'cashier', 'volunteer'] as const;
type Who = (typeof ROLES)[number] | 'none';
const ACCOUNTS: Record<(typeof ROLES)[number], string> = {
  admin: 'admin@kermesse.local',
  treasurer: 'tresorier@kermesse.local',
  cashier: 'caissier@kermesse.local',
  volunteer: 'benevole@kermesse.local',
};
/** Bad requests per route and role: many for the roles the route serves, a few for the others (401/403). */
const ALLOWED_BUDGET = 24;
const REFUSED_BUDGET = 2;
const SEED = 20261128;
/** Routes that end the caller's own session: sent with tokens of their own, so the others stay valid. */
const ENDS_SESSION = /\/token\/release$/;

let system: TestSystem;
let found: ServiceRoutes;
const tokens = new Map<Who, string>();
const sessionTokens = new Map<Who, string>();

beforeAll(async () => {
  // A thousand bad sign-ins from one address would trip the gateway's limit meant for people.
  // The secret key is the test's own, so that the apps built here open the keys the system sealed.
  const secret = { KERMESSE_SECRET_KEY: randomBytes(32).toString('hex') };
  system = await startTestSystem({ build: false, env: { LOGIN_RATE_LIMIT: '1000000', ...secret } });
  // The gateway may still be finding identity right after the start (503): sign in once it answers.
  for (const role of ROLES) tokens.set(role, await eventually(() => signInToken(system.url, ACCOUNTS[role]), 30_000, 250));
  for (const role of ROLES) sessionTokens.set(role, await signInToken(system.url, ACCOUNTS[role]));
  found = await serviceRoutes(system.system.databaseUrl, secretBoxFromEnv(secret));
});

afterAll(async () => {
  await found?.close();
  await system?.stop();
});

const allows = (route: ServiceRoute, who: Who) =>
  !route.roles || (who !== 'none' && (who === 'admin' || (route.roles as readonly string[]).includes(who)));

interface Failure {
  route: string;
  who: Who;
  what: string;
  status: number;
  body: string;
}

/**
 * Sends one request as a client does: a 503 UNAVAILABLE (no database connection in time on a machine
 * busy with this very test) is sent again after its Retry-After, three times at most — still 503, it fails.
 */
async function answer(route: ServiceRoute, who: Who, request: BadRequest): Promise<{ res: Response; text: string }> {
  const base = route.path.startsWith('/internal/') ? system.system.serviceUrls[route.service] : system.url;
  const token = (ENDS_SESSION.test(route.path) ? sessionTokens : tokens).get(who);
  for (let attempt = 1; ; attempt++) {
    const res = await fetch(base + request.path, {
      method: route.method.toUpperCase(),
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(request.body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: request.body,
      signal: AbortSignal.timeout(30_000),
    });
    const text = await res.text();
    const retryAfter = Number(res.headers.get('retry-after'));
    if (res.status !== 503 || attempt === 3 || !(retryAfter > 0)) return { res, text };
    await new Promise((resolve) => setTimeout(resolve, retryAfter * 1000));
  }
}

async function send(route: ServiceRoute, who: Who, request: BadRequest): Promise<Failure | undefined> {
  const { res, text } = await answer(route, who, request);
  // A page meant for a person (the receipt at /s/{reference}) refuses with a French page, not JSON.
  const page = (res.headers.get('content-type') ?? '').startsWith('text/html');
  if (page && res.status >= 400 && res.status < 500 && text.includes('<html lang="fr"')) return undefined;
  let body: { error?: unknown; code?: unknown } | undefined;
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    body = undefined;
  }
  const french =
    typeof body?.error === 'string' &&
    body.error.length > 0 &&
    !/^(Internal Server Error|Bad Request|Not Found|Method Not Allowed)$/.test(body.error);
  const refusedWell = res.status >= 400 && res.status < 500 && french && typeof body?.code === 'string';
  // A success is acceptable only when what was hostile did not matter (an ignored field, a free text).
  if (res.status < 300 || refusedWell) return undefined;
  return { route: `${route.method.toUpperCase()} ${route.path}`, who, what: request.what, status: res.status, body: text.slice(0, 300) };
}

/** Runs `tasks` with at most `width` at once. */
async function pool<T>(tasks: Array<() => Promise<T>>, width: number): Promise<T[]> {
  const results: T[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < tasks.length) {
        const index = next++;
        results[index] = await (tasks[index] as () => Promise<T>)();
      }
    }),
  );
  return results;
}

/** The paths of the integer and number fields of a schema missing a lower or an upper bound. */
function unbounded(schema: TSchema | undefined): string[] {
  const out: string[] = [];
  const has = (node: Record<string, unknown>, ...keys: string[]) => keys.some((key) => node[key] !== undefined);
  const walk = (node: Record<string, unknown> | undefined, path: string) => {
    if (!node) return;
    // A money union carries its ceiling on the union itself (the `euros` keyword of contracts-common).
    if (node.euros) return;
    const types = ([] as unknown[]).concat(node.type ?? []);
    const numeric = types.includes('integer') || types.includes('number');
    if (numeric && !has(node, 'enum', 'const') && !(has(node, 'minimum', 'exclusiveMinimum') && has(node, 'maximum', 'exclusiveMaximum'))) {
      out.push(`${path || '(tout)'} sans bornes`);
    }
    for (const key of ['anyOf', 'oneOf', 'allOf'])
      for (const branch of (node[key] as Array<Record<string, unknown>>) ?? []) walk(branch, path);
    for (const [key, child] of Object.entries((node.properties as Record<string, Record<string, unknown>>) ?? {}))
      walk(child, path ? `${path}.${key}` : key);
    if (node.items) walk(node.items as Record<string, unknown>, `${path}[]`);
  };
  walk(schema as unknown as Record<string, unknown>, '');
  return out;
}

describe('every route and role, with generated bad requests', () => {
  it('reads the routes of every service', () => {
    const services = new Set(found.routes.map((r) => r.service));
    expect([...services].sort()).toEqual([
      'accounting',
      'bingo',
      'contact',
      'identity',
      'raffle',
      'register',
      'stock',
      'swapmeet',
      'webhooks',
    ]);
    expect(found.routes.length).toBeGreaterThan(150);
  });

  it('bounds every number a route reads, in its path, query and body', () => {
    const gaps = found.routes.flatMap((route) =>
      (['params', 'query', 'body'] as const).flatMap((part) =>
        unbounded(route[part]).map((gap) => `${route.method.toUpperCase()} ${route.path} ${part}: ${gap}`),
      ),
    );
    expect(gaps).toEqual([]);
  });

  it('validates every path parameter a route has', () => {
    const unchecked = found.routes.filter((route) => /:\w+/.test(route.path) && !route.params).map((r) => `${r.method} ${r.path}`);
    expect(unchecked).toEqual([]);
  });

  it('answers each bad request with a 4xx in French and a code, never a 5xx', async () => {
    const random = seededRandom(SEED);
    const tasks: Array<() => Promise<Failure | undefined>> = [];
    for (const route of found.routes) {
      const all = badRequests(route);
      for (const who of [...ROLES, 'none'] as const) {
        const budget = allows(route, who) ? ALLOWED_BUDGET : REFUSED_BUDGET;
        for (const request of sample(all, budget, random)) tasks.push(() => send(route, who, request));
      }
    }
    const started = Date.now();
    const failures = (await pool(tasks, 6)).filter((f): f is Failure => f !== undefined);
    console.info(
      `fuzz: ${found.routes.length} routes × 5 roles, ${tasks.length} bad requests in ${Math.round((Date.now() - started) / 1000)} s, ${failures.length} wrong answers`,
    );
    expect(failures).toEqual([]);
  }, 600_000);
});
