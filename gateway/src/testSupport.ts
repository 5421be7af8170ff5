/**
 * Test fixtures for the gateway: a fake identity (JWKS, revocation status, token release) that signs
 * tokens in the exact format of docs/platform.md, echo services that answer 200 with what they
 * received, and a gateway wired to them. Everything listens on port 0 so test files run in parallel.
 */
import { createHash, randomUUID } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { listen, type Logger } from '@kermesse/kit/http';
import { buildApp, type GatewayApp, type GatewayDeps } from './app.ts';
import { SERVICE_NAMES, type Role, type ServiceName } from './routeTable.ts';
import type { AssociationLimits } from '@kermesse/kit/tenancy';

/** Tests provoke 503s on purpose; their logs would only be noise. */
export const silentLogger: Logger = {
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
  child: () => silentLogger,
};

export interface TestServer {
  url: string;
  close(): Promise<void>;
}

/** A plain node:http server on a free port. */
export async function startServer(
  handler: (req: IncomingMessage, res: ServerResponse) => void,
): Promise<TestServer & { server: http.Server }> {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    server,
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** What an echo service saw, as it answers it. */
export interface Echo {
  service: string;
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  bodyLength: number;
  bodySha256: string;
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}

/** Answers every request with 200 and an {@link Echo} of it. */
export function echoHandler(service: string) {
  return async (req: IncomingMessage, res: ServerResponse) => {
    const body = await readBody(req);
    const echo: Echo = {
      service,
      method: req.method ?? '',
      url: req.url ?? '',
      headers: req.headers,
      bodyLength: body.length,
      bodySha256: createHash('sha256').update(body).digest('hex'),
    };
    sendJson(res, 200, echo);
  };
}

export interface TokenOptions {
  roles?: Role[];
  /** Seconds from now; negative for an expired token. */
  expiresIn?: number;
  jti?: string;
  /** The person (`sub`), '42' unless told. */
  sub?: string;
  /** Sign with another key (forged token). */
  forged?: boolean;
  /** The association (`aid`); none unless told (a single install's token). */
  aid?: string;
}

/** A directory entry as identity answers it; `limits` as the host set them (the kit's defaults otherwise). */
export interface DirectoryStub {
  id: string;
  state: 'active' | 'suspended';
  limits?: Partial<AssociationLimits>;
}

export interface FakeIdentity extends TestServer {
  sign(options?: TokenOptions): Promise<string>;
  /** A token with `alg: none` and no signature. */
  unsigned(options?: TokenOptions): string;
  revoke(jti: string): void;
  /** Number of revocation checks received. */
  revocationChecks(): number;
  /** Hosting: identity's directory, slug → association (change it to suspend one). */
  directory: Map<string, DirectoryStub>;
  /** Number of directory look-ups received. */
  directoryLookUps(): number;
}

/**
 * Identity as the gateway sees it: `/.well-known/jwks.json`, `/internal/tokens/{jti}`, an echo for
 * every other path and, with `releaseRevokes`, `POST /api/token/release` revoking the bearer token
 * (off by default so the matrix can call the release path with every token).
 */
export async function startFakeIdentity({
  releaseRevokes = false,
  disableRevokes = false,
  apiTokenRevokes = false,
} = {}): Promise<FakeIdentity> {
  const kid = 'test-key-1';
  const { publicKey, privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
  const other = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
  const jwk = { ...(await exportJWK(publicKey)), kid, alg: 'EdDSA', use: 'sig' };
  const revoked = new Set<string>();
  /** jti → person, for `disableRevokes`. */
  const issued = new Map<string, string>();
  let checks = 0;
  let lookUps = 0;
  const directory = new Map<string, DirectoryStub>();
  const echo = echoHandler('identity');

  const server = await startServer((req, res) => {
    const url = req.url ?? '';
    if (url === '/.well-known/jwks.json') return sendJson(res, 200, { keys: [jwk] });
    if (url.startsWith('/internal/associations/by-slug/')) {
      lookUps += 1;
      const slug = decodeURIComponent(url.slice('/internal/associations/by-slug/'.length));
      const entry = directory.get(slug);
      if (!entry) return sendJson(res, 404, { error: 'Association inconnue sur cet hébergement.', code: 'ASSOCIATION_UNKNOWN' });
      return sendJson(res, 200, { id: entry.id, slug, name: slug, state: entry.state, ...(entry.limits ? { limits: entry.limits } : {}) });
    }
    if (url.startsWith('/internal/tokens/')) {
      checks += 1;
      return sendJson(res, 200, { revoked: revoked.has(decodeURIComponent(url.slice('/internal/tokens/'.length))) });
    }
    if (releaseRevokes && req.method === 'POST' && url === '/api/token/release') {
      const token = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1];
      const payload = token ? (JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { jti?: string }) : {};
      if (!payload.jti) return sendJson(res, 401, { error: 'Authentification requise.' });
      revoked.add(payload.jti);
      req.resume();
      return sendJson(res, 200, { success: true });
    }
    const toolToken = /^\/api\/admin\/api-tokens\/([^/]+)$/.exec(url)?.[1];
    if (apiTokenRevokes && req.method === 'DELETE' && toolToken !== undefined) {
      // As identity does: revoking a tool's token (its id is its jti).
      revoked.add(toolToken);
      req.resume();
      return sendJson(res, 200, { id: toolToken, state: 'revoked' });
    }
    const person = /^\/api\/admin\/users\/([^/]+)$/.exec(url)?.[1];
    if (disableRevokes && req.method === 'PUT' && person !== undefined) {
      // As identity does: disabling a person revokes all their tokens in the same transaction.
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as { disabled?: boolean };
        if (body.disabled === true) for (const [jti, sub] of issued) if (sub === person) revoked.add(jti);
        sendJson(res, 200, { id: person, disabled: body.disabled === true });
      });
      return;
    }
    void echo(req, res);
  });

  function claims(options: TokenOptions) {
    const now = Math.floor(Date.now() / 1000);
    const jti = options.jti ?? randomUUID();
    const sub = options.sub ?? '42';
    issued.set(jti, sub);
    return {
      sub,
      email: 'caissier@kermesse.local',
      roles: options.roles ?? ['cashier'],
      jti,
      iat: now,
      exp: now + (options.expiresIn ?? 12 * 3600),
      iss: 'kermesse-identity',
      aud: 'kermesse',
      ...(options.aid ? { aid: options.aid } : {}),
    };
  }

  return {
    ...server,
    async sign(options = {}) {
      const key: CryptoKey = options.forged ? other.privateKey : privateKey;
      const { iss, aud, ...rest } = claims(options);
      return new SignJWT(rest).setProtectedHeader({ alg: 'EdDSA', typ: 'at+jwt', kid }).setIssuer(iss).setAudience(aud).sign(key);
    },
    unsigned(options = {}) {
      const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
      return `${part({ alg: 'none', typ: 'at+jwt', kid })}.${part(claims(options))}.`;
    },
    revoke(jti) {
      revoked.add(jti);
    },
    revocationChecks: () => checks,
    directory,
    directoryLookUps: () => lookUps,
  };
}

export interface TestGateway extends TestServer {
  identity: FakeIdentity;
  services: Record<ServiceName, TestServer>;
  app: GatewayApp;
}

/**
 * A gateway in front of a fake identity and one echo server per service. `deps` may replace any
 * upstream URL (e.g. a port where nothing listens) or setting.
 */
export async function startTestGateway(
  deps: Partial<GatewayDeps> = {},
  identityOptions: { releaseRevokes?: boolean; disableRevokes?: boolean; apiTokenRevokes?: boolean } = {},
): Promise<TestGateway> {
  const identity = await startFakeIdentity(identityOptions);
  const services = {} as Record<ServiceName, TestServer>;
  for (const name of SERVICE_NAMES) {
    services[name] = name === 'identity' ? identity : await startServer(echoHandler(name));
  }
  const upstreams = Object.fromEntries(SERVICE_NAMES.map((name) => [name, services[name].url])) as Record<ServiceName, string>;
  const app = buildApp({
    root: '/nonexistent',
    logger: silentLogger,
    ...deps,
    upstreams: { ...upstreams, ...deps.upstreams },
  });
  const running = await listen(app, 0);
  return {
    url: `http://127.0.0.1:${running.port}`,
    identity,
    services,
    app,
    async close() {
      await running.close();
      app.closeUpstreams();
      await Promise.all(Object.values(services).map((s) => s.close()));
    },
  };
}

/** A raw HTTP request that sends the path exactly as given (fetch would normalise `..`). */
export function rawRequest(
  url: string,
  path: string,
  options: { method?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const req = http.request(
      { hostname: target.hostname, port: target.port, path, method: options.method ?? 'GET', headers: options.headers, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}
