/**
 * Early requests: the GETs a page will make as soon as its code runs, asked by a tiny script while
 * the big ones are still downloading. On a phone on slow 4G every request costs half a second of
 * round trip; asked from here, the register's till session and catalogue arrive with its code
 * instead of one round trip after it (first-visit LCP).
 *
 * The page's code is not told: the first `fetch` of the same URL with the same Authorization header
 * (a GET without `Cache-Control`, i.e. one that accepts any fresh answer) takes the early answer, once
 * (every such `fetch`, for a `shared` one), within EARLY_ANSWER_TTL_MS. Any other request goes to the network as usual. (A `Link: rel=preload`
 * cannot do this: it cannot carry the bearer token, and Chromium did not hand a preloaded
 * `/remotes.json` to the shell's own fetch of it.)
 */

/** One GET to ask early: a path of this origin, with the bearer token when the API needs it. */
export interface EarlyRequest {
  path: string;
  token?: string;
  /**
   * The answer of a plain read (the event's settings): every identical GET within EARLY_ANSWER_TTL_MS
   * takes it, not only the first — the shell's idle lock and the register both read the settings as
   * the page opens, and a second request would wait for a connection on a phone. Without it, the
   * answer serves once (the till session: a later reading is the page asking for news).
   */
  shared?: boolean;
}

/** How long an early answer may stand in for the page's own request. */
export const EARLY_ANSWER_TTL_MS = 20_000;

interface Early {
  authorization: string | null;
  at: number;
  shared: boolean;
  answer: Promise<Response>;
}

function pathOf(input: RequestInfo | URL): string | undefined {
  const raw = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  try {
    const url = new URL(raw, window.location.href);
    return url.origin === window.location.origin ? url.pathname + url.search : undefined;
  } catch {
    return undefined;
  }
}

function headerOf(headers: HeadersInit | undefined, name: string): string | null {
  return headers ? new Headers(headers).get(name) : null;
}

/**
 * Asks each path now (GET, JSON, with its bearer token if any) and lets the page's first identical
 * `fetch` take the answer. A failed early request is simply forgotten: the page asks again itself.
 */
export function startEarlyRequests(requests: readonly EarlyRequest[], now: () => number = Date.now): void {
  if (requests.length === 0) return;
  const pageFetch = window.fetch.bind(window);
  const early = new Map<string, Early>();
  for (const { path, token, shared = false } of requests) {
    const authorization = token ? `Bearer ${token}` : null;
    const answer = pageFetch(path, { headers: { Accept: 'application/json', ...(authorization ? { Authorization: authorization } : {}) } });
    answer.catch(() => early.delete(path));
    early.set(path, { authorization, at: now(), shared, answer });
  }
  window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    const path = method === 'GET' ? pathOf(input) : undefined;
    const kept = path === undefined ? undefined : early.get(path);
    if (kept && path !== undefined) {
      const headers = init?.headers ?? (input instanceof Request ? input.headers : undefined);
      const fresh = now() - kept.at <= EARLY_ANSWER_TTL_MS;
      if (!kept.shared || !fresh) early.delete(path);
      const usable =
        fresh &&
        headerOf(headers, 'Authorization') === kept.authorization &&
        headerOf(headers, 'Cache-Control') === null &&
        !init?.signal?.aborted;
      if (usable)
        return kept.answer.then(
          (response) => response.clone(),
          () => pageFetch(input, init),
        );
    }
    return pageFetch(input, init);
  };
}
