/** Calls to the system under test through its gateway, as the browser's code would make them. */
import { E2E_PASSWORD } from './system.ts';

/**
 * Signs a demo account in (`POST /api/login`) and returns its bearer token. A 503 is asked again for
 * up to 15 s: on a loaded machine the gateway's first readiness checks may time out just after the
 * system said it was ready, and it answers 503 (Retry-After) until the next check a second later.
 */
export async function signInToken(baseUrl: string, email: string): Promise<string> {
  const signIn = () =>
    fetch(`${baseUrl}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: E2E_PASSWORD }),
    });
  let res = await signIn();
  for (const deadline = Date.now() + 15_000; res.status === 503 && Date.now() < deadline; res = await signIn()) {
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  if (res.status !== 200) throw new Error(`sign-in of ${email} answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

export interface GatewayAnswer<T> {
  status: number;
  body: T;
}

/** One call with a bearer token; the answer whatever its status (JSON parsed when it is JSON). */
export async function callGateway<T = unknown>(
  baseUrl: string,
  token: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<GatewayAnswer<T>> {
  const res = await fetch(baseUrl + path, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  const json = text && res.headers.get('content-type')?.includes('json');
  return { status: res.status, body: (json ? JSON.parse(text) : text) as T };
}

/** Like callGateway, for calls that must succeed: a 4xx/5xx fails the test with the server's answer. */
export async function gatewayOk<T = unknown>(
  baseUrl: string,
  token: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  const answer = await callGateway<T>(baseUrl, token, method, path, body, headers);
  if (answer.status >= 400) throw new Error(`${method} ${path} → ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}
