/**
 * Gateway configuration, read from the environment once at boot (docs/platform.md lists the
 * variables). Every variable has a working default; a malformed value stops the boot with a clear
 * message instead of failing later on a request.
 */
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { SERVICE_DEFAULT_PORTS, type RateLimit } from '@kermesse/kit/http';
import type { ServiceName } from './routeTable.ts';
import { LOOPBACK_PROXIES, parseTrustedProxies } from './trustedProxies.ts';

export interface GatewayEnv {
  port: number;
  /** Interface to listen on (`HOST`); the gateway is the one public port, so all by default. */
  host: string;
  /** Repository root holding `shell/dist` and `mfe-<x>/dist`. */
  root: string;
  /** Base URLs of each service's replicas (`REGISTER_URL=http://10.0.0.5:8102,http://10.0.0.6:8102`). */
  upstreams: Record<ServiceName, string[]>;
  /** Origins allowed to serve remote scripts (`REMOTE_ORIGINS`, comma separated). */
  remoteOrigins: string[];
  /**
   * Remotes deployed on their own: `REMOTE_ENTRIES=mfe_stock=https://stock.example.org/remoteEntry.js,…`
   * (container name = URL of its remoteEntry.js). Their origins are allowed like REMOTE_ORIGINS.
   */
  remoteEntries: Record<string, string>;
  /** Trust `X-Forwarded-*` from a front proxy (`TRUST_PROXY=1`); also enables HSTS on https. */
  trustProxy: boolean;
  /** Peers allowed to write those headers (`TRUSTED_PROXIES`, addresses or CIDR, loopback by default). */
  trustedProxies: string[];
  /** Sign-in attempts allowed per IP and window. */
  loginRateLimit: RateLimit;
  /** How often each replica's `/readyz` is asked (`UPSTREAM_CHECK_INTERVAL_MS`, 1000). */
  checkIntervalMs: number;
  /** Connect timeout to a replica (`UPSTREAM_CONNECT_TIMEOUT_MS`, 2000). */
  connectTimeoutMs: number;
  /** On SIGTERM, time between `/readyz` turning 503 and the listener closing (`DRAIN_DELAY_MS`, 0). */
  drainDelayMs: number;
  /**
   * `NATS_URL` (and `NATS_NAMESPACE`): when set, the gateway listens to identity's `user.tokens.revoked`
   * so a disabled person's tokens are refused at once by every replica. Optional: without NATS the
   * gateway still works, revocations then reach the other replicas within the cache's 5 s.
   */
  natsUrl?: string;
  natsNamespace?: string;
  /** `KERMESSE_HOSTING=1`: one installation, many associations, by host name under `KERMESSE_DOMAIN` (docs/hosting.md). */
  hosting?: { domain: string };
}

/** The repository root, two folders above this file (gateway/src/env.ts). */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Reads and checks the gateway's environment; throws an Error naming the faulty variable. */
export function readEnv(source: NodeJS.ProcessEnv = process.env): GatewayEnv {
  const upstreams = {} as Record<ServiceName, string[]>;
  for (const [service, port] of Object.entries(SERVICE_DEFAULT_PORTS) as [ServiceName, number][]) {
    const name = `${service.toUpperCase()}_URL`;
    const list = (source[name] || `http://127.0.0.1:${port}`)
      .split(',')
      .map((url) => url.trim())
      .filter(Boolean);
    if (list.length === 0) throw new Error(`${name} doit contenir au moins une URL http(s)`);
    upstreams[service] = list.map((url) => parseHttpUrl(name, url));
  }
  const remoteEntries: Record<string, string> = {};
  for (const item of (source.REMOTE_ENTRIES ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const equals = item.indexOf('=');
    const name = item.slice(0, equals).trim();
    if (equals <= 0 || !/^[A-Za-z_]\w*$/.test(name))
      throw new Error(`REMOTE_ENTRIES doit lister nom=URL séparés par des virgules (reçu « ${item} »)`);
    remoteEntries[name] = parseHttpUrl('REMOTE_ENTRIES', item.slice(equals + 1).trim());
  }
  const remoteOrigins = (source.REMOTE_ORIGINS ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean)
    .map((origin) => new URL(parseHttpUrl('REMOTE_ORIGINS', origin)).origin);
  for (const entry of Object.values(remoteEntries)) {
    const origin = new URL(entry).origin;
    if (!remoteOrigins.includes(origin)) remoteOrigins.push(origin);
  }
  const trustedProxies = source.TRUSTED_PROXIES?.trim()
    ? source.TRUSTED_PROXIES.split(',')
        .map((entry) => entry.trim())
        .filter(Boolean)
    : [...LOOPBACK_PROXIES];
  parseTrustedProxies(trustedProxies);
  return {
    port: parseInteger('PORT', source.PORT, 8080, 0, 65535),
    host: source.HOST || '0.0.0.0',
    root: path.resolve(source.KERMESSE_ROOT || REPO_ROOT),
    upstreams,
    remoteOrigins,
    remoteEntries,
    trustProxy: source.TRUST_PROXY === '1' || source.TRUST_PROXY === 'true',
    trustedProxies,
    loginRateLimit: {
      max: parseInteger('LOGIN_RATE_LIMIT', source.LOGIN_RATE_LIMIT, 20, 1, 1_000_000),
      windowMs: 60_000,
    },
    checkIntervalMs: parseInteger('UPSTREAM_CHECK_INTERVAL_MS', source.UPSTREAM_CHECK_INTERVAL_MS, 1_000, 50, 600_000),
    connectTimeoutMs: parseInteger('UPSTREAM_CONNECT_TIMEOUT_MS', source.UPSTREAM_CONNECT_TIMEOUT_MS, 2_000, 10, 60_000),
    drainDelayMs: parseInteger('DRAIN_DELAY_MS', source.DRAIN_DELAY_MS, 0, 0, 8_000),
    natsUrl: source.NATS_URL?.trim() || undefined,
    natsNamespace: source.NATS_NAMESPACE?.trim() || undefined,
    hosting: source.KERMESSE_HOSTING === '1' ? { domain: parseDomain(source.KERMESSE_DOMAIN) } : undefined,
  };
}

function parseInteger(name: string, raw: string | undefined, fallback: number, min: number, max: number): number {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(`${name} doit être un entier entre ${min} et ${max} (reçu « ${raw} »)`);
  }
  return value;
}

function parseHttpUrl(name: string, raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`${name} doit être une URL http(s) (reçu « ${raw} »)`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`${name} doit être une URL http(s) (reçu « ${raw} »)`);
  }
  return raw.replace(/\/+$/, '');
}

/** `KERMESSE_DOMAIN`: a host name (`localhost`, `kermesse.example.org`), lower case, without port. */
function parseDomain(raw: string | undefined): string {
  const domain = (raw ?? '').trim().toLowerCase().replace(/\.$/, '') || 'localhost';
  if (!/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*$/.test(domain)) {
    throw new Error(`KERMESSE_DOMAIN doit être un nom de domaine, sans port ni schéma (reçu « ${raw} »)`);
  }
  return domain;
}
