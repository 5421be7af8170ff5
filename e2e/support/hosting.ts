/**
 * Calls to a hosting system (KERMESSE_HOSTING=1, domain `localhost`) through its gateway, each on the
 * Host of an association (`<slug>.localhost:<port>`) or of the host console (the bare address).
 * Chromium resolves `*.localhost` by itself; Node does not, so these calls connect to the loopback and
 * name the Host the way a browser would.
 */
import { Agent, fetch as undiciFetch, type RequestInit as UndiciInit } from 'undici';
import { E2E_PASSWORD } from './system.ts';

const loopback = new Agent({
  connect: {
    lookup: (_hostname, options, callback) => {
      if ((options as { all?: boolean }).all) callback(null, [{ address: '127.0.0.1', family: 4 }]);
      else callback(null, '127.0.0.1', 4);
    },
  },
});

/** The URL of an association's host (or of the console, slug null) on the system's gateway. */
export function hostUrl(systemUrl: string, slug: string | null): string {
  const url = new URL(systemUrl);
  return slug ? `http://${slug}.localhost:${url.port}` : `http://127.0.0.1:${url.port}`;
}

export interface HostAnswer<T = unknown> {
  status: number;
  body: T;
  text: string;
}

/** One call on a host; a 503 with Retry-After (a loaded machine) is asked again a few times. */
export async function onHost<T = unknown>(
  base: string,
  method: string,
  path: string,
  options: { token?: string; body?: unknown; rawBody?: string; headers?: Record<string, string> } = {},
): Promise<HostAnswer<T>> {
  for (let attempt = 1; ; attempt++) {
    const init: UndiciInit = {
      method,
      dispatcher: loopback,
      headers: {
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...(options.body !== undefined || options.rawBody !== undefined ? { 'content-type': 'application/json' } : {}),
        ...options.headers,
      },
      body: options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
      signal: AbortSignal.timeout(30_000),
    };
    const res = await undiciFetch(base + path, init);
    const text = await res.text();
    const retryAfter = Number(res.headers.get('retry-after'));
    if (res.status !== 503 || attempt === 5 || !(retryAfter > 0) || text.includes('suspendue')) {
      const json = text && (res.headers.get('content-type') ?? '').includes('json');
      return { status: res.status, body: (json ? JSON.parse(text) : text) as T, text };
    }
    await new Promise((resolve) => setTimeout(resolve, retryAfter * 1000));
  }
}

/** Like onHost, for calls that must succeed. */
export async function okOnHost<T = unknown>(
  base: string,
  method: string,
  path: string,
  options: { token?: string; body?: unknown } = {},
): Promise<T> {
  const answer = await onHost<T>(base, method, path, options);
  if (answer.status >= 400) throw new Error(`${method} ${base}${path} → ${answer.status} ${answer.text.slice(0, 300)}`);
  return answer.body;
}

/** Signs in on a host and returns the bearer token. */
export async function signInOnHost(base: string, email: string, password = E2E_PASSWORD): Promise<string> {
  const answer = await okOnHost<{ token: string }>(base, 'POST', '/api/login', { body: { email, password } });
  return answer.token;
}

export interface HostedAssociation {
  id: string;
  slug: string;
  base: string;
  adminToken: string;
}

/**
 * The host console's first run (its operator), then `slugs` associations created by it, each with an
 * administrator whose password is the e2e one, signed in on its own host.
 */
export async function hostAssociations(
  systemUrl: string,
  slugs: string[],
): Promise<{ hostToken: string; associations: HostedAssociation[] }> {
  const console = hostUrl(systemUrl, null);
  const operator = { email: 'hebergeur@kermesse.test', firstname: 'Hélène', lastname: 'Hébergeuse', password: E2E_PASSWORD };
  const setup = await okOnHost<{ token: string }>(console, 'POST', '/api/setup', { body: operator });
  const associations: HostedAssociation[] = [];
  for (const slug of slugs) {
    const created = await okOnHost<{ id: string; slug: string }>(console, 'POST', '/api/host/associations', {
      token: setup.token,
      body: {
        name: `Association ${slug}`,
        slug,
        admin: { email: `admin@${slug}.test`, firstname: 'Alex', lastname: 'Admin', password: E2E_PASSWORD },
      },
    });
    const base = hostUrl(systemUrl, slug);
    associations.push({ id: created.id, slug, base, adminToken: await signInOnHost(base, `admin@${slug}.test`) });
  }
  return { hostToken: setup.token, associations };
}
