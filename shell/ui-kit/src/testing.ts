/**
 * Test helpers shared by the front-end test suites (never imported by application code):
 * tokens shaped like identity's, and a fake gateway standing in for `fetch`.
 */
import { vi } from 'vitest';
import type { Role } from './session';

const base64Url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A JWT with identity's claims (unsigned: the front end never checks signatures). */
export function buildToken({ email = 'caissier@kermesse.local', roles = ['cashier'] as Role[], expiresInSeconds = 3600 } = {}): string {
  const now = Math.floor(Date.now() / 1000);
  const header = base64Url({ alg: 'EdDSA', typ: 'at+jwt', kid: 'test' });
  const payload = base64Url({
    iss: 'kermesse-identity',
    aud: 'kermesse',
    sub: 'u1',
    email,
    roles,
    jti: 'j1',
    iat: now,
    exp: now + expiresInSeconds,
  });
  return `${header}.${payload}.signature`;
}

/** One request seen by the fake gateway. */
export interface GatewayCall {
  method: string;
  path: string;
  authorization: string | null;
  /** Every request header, names in lower case. */
  headers: Record<string, string>;
  /** The query string, without `?` (empty when none). */
  query: string;
  body: unknown;
}

export type GatewayRoutes = Record<string, (call: GatewayCall) => Response | Promise<Response>>;

/**
 * Replaces the global `fetch` with a gateway answering routes written `'GET /api/cr/events'`;
 * any other path answers 404. Returns the list of calls, in order.
 */
export function fakeGateway(routes: GatewayRoutes): GatewayCall[] {
  const calls: GatewayCall[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://kermesse.test');
    const headers = new Headers(init.headers);
    const call: GatewayCall = {
      method: init.method ?? 'GET',
      path: url.pathname,
      authorization: headers.get('Authorization'),
      headers: Object.fromEntries(headers.entries()),
      query: url.search.replace(/^\?/, ''),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    const route = routes[`${call.method} ${call.path}`];
    return route ? route(call) : Response.json({ error: 'Introuvable' }, { status: 404 });
  });
  return calls;
}

/** A JSON answer. */
export const json = (body: unknown, status = 200) => Response.json(body, { status });

/** What fetch does when the server cannot be reached. */
export const unreachable = () => Promise.reject(new TypeError('Failed to fetch'));
