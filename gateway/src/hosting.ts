/**
 * Hosting (docs/hosting.md): the gateway turns the Host a browser asked for into the association it
 * serves. `<slug>.<KERMESSE_DOMAIN>` is that association (asked of identity's directory, cached a
 * little while); the bare domain or an IP address is the host's console. Whatever the client sent
 * as the association header is dropped: only the gateway names a request's association.
 */
import { isIP } from 'node:net';
import type { IncomingMessage } from 'node:http';
import {
  ASSOCIATION_HEADER,
  DEFAULT_LIMITS,
  formatLimitsHeader,
  HOST_CONSOLE_ID,
  LIMITS_HEADER,
  SINGLE_ASSOCIATION_ID,
  type AssociationLimits,
} from '@kermesse/kit/tenancy';
import type { Upstream } from './upstreams.ts';

/** Identity's directory entry for a slug (`GET /internal/associations/by-slug/{slug}`). */
export const BY_SLUG_PATH = '/internal/associations/by-slug/';

export type HostResolution =
  | { kind: 'console'; associationId: string }
  | { kind: 'association'; associationId: string; slug: string; limits: AssociationLimits; limitsHeader: string }
  | { kind: 'unknown' }
  | { kind: 'suspended'; slug: string }
  /** Identity could not be asked (down, slow): a 503, never « unknown » (a bookmark must not look erased). */
  | { kind: 'unavailable' };

export interface HostingOptions {
  /** `KERMESSE_DOMAIN`, default `localhost`. */
  domain: string;
  /** How long a directory answer is kept (ms, default 30 s). An unknown slug is kept 5 s at most. */
  ttlMs?: number;
  fetch?: typeof fetch;
  now?: () => number;
}

export interface HostDirectory {
  /** The resolution of a Host held in the cache, without waiting; undefined means « call resolve() ». */
  peek(host: string | undefined): HostResolution | undefined;
  resolve(host: string | undefined): Promise<HostResolution>;
  /** Drops what is cached of a slug (created, suspended, resumed, erased): the next request asks again. */
  forget(slug: string): void;
  /** Drops every « unknown » answer (an association was just created). */
  forgetUnknown(): void;
}

/** The host name of a Host header, lower case, without port or trailing dot. */
export function hostNameOf(host: string | undefined): string {
  if (!host) return '';
  let name = host.trim().toLowerCase();
  if (name.startsWith('[')) return name.slice(1, name.indexOf(']') === -1 ? undefined : name.indexOf(']'));
  const colon = name.lastIndexOf(':');
  if (colon !== -1 && name.indexOf(':') === colon) name = name.slice(0, colon);
  return name.endsWith('.') ? name.slice(0, -1) : name;
}

/** What a host name is: the console, an association's slug, or a name this host does not serve. */
export function classifyHost(hostName: string, domain: string): { kind: 'console' } | { kind: 'slug'; slug: string } | { kind: 'foreign' } {
  if (!hostName || hostName === domain || isIP(hostName)) return { kind: 'console' };
  if (!hostName.endsWith('.' + domain)) return { kind: 'foreign' };
  const slug = hostName.slice(0, -domain.length - 1);
  return slug.includes('.') ? { kind: 'foreign' } : { kind: 'slug', slug };
}

const CONSOLE: HostResolution = { kind: 'console', associationId: HOST_CONSOLE_ID };
const UNKNOWN_TTL_MS = 5_000;

export function createHostDirectory(identity: Upstream, options: HostingOptions): HostDirectory {
  const domain = options.domain.toLowerCase();
  const ttl = options.ttlMs ?? 30_000;
  const now = options.now ?? Date.now;
  const fetchFn = options.fetch ?? fetch;
  const cache = new Map<string, { answer: HostResolution; until: number }>();
  const pending = new Map<string, Promise<HostResolution>>();

  async function lookUp(slug: string): Promise<HostResolution> {
    const replica = identity.pick();
    if (!replica) return { kind: 'unavailable' };
    try {
      const res = await fetchFn(replica.origin + BY_SLUG_PATH + encodeURIComponent(slug), {
        headers: { [ASSOCIATION_HEADER]: HOST_CONSOLE_ID },
        signal: AbortSignal.timeout(3_000),
      });
      if (res.status === 404) return { kind: 'unknown' };
      if (!res.ok) return { kind: 'unavailable' };
      const entry = (await res.json()) as { id: string; slug: string; state: string; limits?: Partial<AssociationLimits> };
      if (entry.state !== 'active') return { kind: 'suspended', slug };
      const limits = limitsOf(entry.limits);
      return { kind: 'association', associationId: entry.id, slug, limits, limitsHeader: formatLimitsHeader(limits) };
    } catch {
      return { kind: 'unavailable' };
    }
  }

  function cached(slug: string): HostResolution | undefined {
    const hit = cache.get(slug);
    if (!hit) return undefined;
    if (hit.until > now()) return hit.answer;
    cache.delete(slug);
    return undefined;
  }

  return {
    peek(host) {
      const what = classifyHost(hostNameOf(host), domain);
      if (what.kind === 'console') return CONSOLE;
      if (what.kind === 'foreign') return { kind: 'unknown' };
      return cached(what.slug);
    },
    resolve(host) {
      const what = classifyHost(hostNameOf(host), domain);
      if (what.kind === 'console') return Promise.resolve(CONSOLE);
      if (what.kind === 'foreign') return Promise.resolve({ kind: 'unknown' });
      const { slug } = what;
      const hit = cached(slug);
      if (hit) return Promise.resolve(hit);
      // Many requests of a page at once: one question to identity.
      let asking = pending.get(slug);
      if (!asking) {
        asking = lookUp(slug).then((answer) => {
          pending.delete(slug);
          if (answer.kind !== 'unavailable') {
            cache.set(slug, { answer, until: now() + (answer.kind === 'unknown' ? Math.min(ttl, UNKNOWN_TTL_MS) : ttl) });
            if (cache.size > 10_000) cache.delete(cache.keys().next().value!);
          }
          return answer;
        });
        pending.set(slug, asking);
      }
      return asking;
    },
    forget(slug) {
      cache.delete(slug.toLowerCase());
    },
    forgetUnknown() {
      for (const [slug, hit] of cache) if (hit.answer.kind === 'unknown') cache.delete(slug);
    },
  };
}

/** The limits identity named (it resolves the host's defaults); the kit's defaults for any it did not. */
function limitsOf(named: Partial<AssociationLimits> | undefined): AssociationLimits {
  const pick = (key: keyof AssociationLimits) => {
    const value = named?.[key];
    return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : DEFAULT_LIMITS[key];
  };
  return { requestsPerSecond: pick('requestsPerSecond'), uploadBytes: pick('uploadBytes'), storageBytes: pick('storageBytes') };
}

/**
 * The association's upload limits, for the services (LIMITS_HEADER); a client's own header is always
 * dropped first, and none is set without hosting.
 */
export function setRequestLimits(req: IncomingMessage, header: string | undefined): void {
  delete req.headers[LIMITS_HEADER];
  if (header) req.headers[LIMITS_HEADER] = header;
}

/**
 * The association a request is for, named in the header every service reads. The client's own
 * header is always dropped first; without hosting none is set (the services use their one).
 */
export function setRequestAssociation(req: IncomingMessage, associationId: string | undefined): void {
  delete req.headers[ASSOCIATION_HEADER];
  if (associationId) req.headers[ASSOCIATION_HEADER] = associationId;
}

/** The association a request was resolved to (the single install's one without hosting). */
export function requestAssociationOf(req: IncomingMessage): string {
  const named = req.headers[ASSOCIATION_HEADER];
  return typeof named === 'string' ? named : SINGLE_ASSOCIATION_ID;
}

/** Paths the host console serves besides the shell's pages (docs/hosting.md). */
const CONSOLE_API = /^\/api\/(?:setup|login|token\/release|profile|host|links)(?:\/|$)/;
/** The host operator's passkeys: sign-in with one, and its own devices. */
const CONSOLE_PASSKEYS = /^\/(?:login|profile\/security)(?:\/|$)/;
/** API paths: everything else that a service would answer (the rest is the shell's static files). */
const API_LIKE = /^\/(?:api|login|profile\/security|admin\/security|internal|\.well-known)(?:\/|$)/;

/** True when a path may be served on the host console: its sign-in, its API, and the shell. */
export function consoleServes(path: string): boolean {
  return CONSOLE_API.test(path) || CONSOLE_PASSKEYS.test(path) || !API_LIKE.test(path);
}

/** True when the path is an API call (a JSON answer), false for a page. */
export const isApiPath = (path: string): boolean => API_LIKE.test(path);
