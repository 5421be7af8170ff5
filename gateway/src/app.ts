/**
 * The gateway's Koa app (no listen): the only public entry point of Kermesse.
 *
 * Order of the chain: security headers → request id → error handler → /healthz → the API's description
 * (/api/openapi.json, /api/docs) → API routes of the route table (path check, token and role, sign-in rate limit, streaming proxy) → static front ends.
 *
 * In front of that chain sits a fast path for the bulk of the traffic: an API request whose path is
 * plain, whose route is public or whose token the kit's verifier still holds as checked (signature
 * and revocation answer cached, see `TokenVerifier.peek`) with a role that fits, is proxied straight away, without building a Koa context. Everything else — a first or
 * invalid token, a refused role, an unusual path, sign-in, token release, static files — goes through
 * Koa, which also answers every refusal. Both paths set the same headers and forward the same way.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';
import Koa, { type Middleware } from 'koa';
import { createRemoteJWKSet, decodeJwt, type JWTVerifyGetKey } from 'jose';
// Only the kit's http and auth entry points: the gateway never loads knex, pg or NATS for them.
import {
  createLogger,
  createRateLimiter,
  errorHandler,
  forbidden,
  HttpError,
  INTERNAL_ERROR_MESSAGE,
  requestId,
  REQUEST_ID_PATTERN,
  unauthorized,
  type Logger,
  type RateLimit,
} from '@kermesse/kit/http';
import { bearerToken, createTokenVerifier, forgetRevokedPeople, type RevocationFeed, type TokenVerifier } from '@kermesse/kit/auth';
import { apiDocs } from './apiDocs.ts';
import { invalidPath, routeNotFound, tooManySignIns, upstreamUnavailable } from './errors.ts';
import { createProxy, fastForwardHeaders, type FastForwarded } from './proxy.ts';
import { compileRoutes, isAllowed, ROUTES, SERVICE_NAMES, type RouteEntry, type ServiceName } from './routeTable.ts';
import { createSecurityHeaders, securityHeaderLists, securityHeaders } from './securityHeaders.ts';
import { staticFiles } from './static.ts';
import { dropUntrustedForwarding, LOOPBACK_PROXIES, parseTrustedProxies } from './trustedProxies.ts';
import { createUpstream, startHealthChecks, type Upstream } from './upstreams.ts';
import {
  consoleServes,
  createHostDirectory,
  isApiPath,
  requestAssociationOf,
  setRequestAssociation,
  setRequestLimits,
  type HostDirectory,
  type HostResolution,
} from './hosting.ts';
import { associationSuspended, tooManyRequests, unknownAssociation } from './errors.ts';
import { createRequestLimiter } from './requestLimits.ts';

export interface GatewayDeps {
  /** Base URL of every service; several replicas as a list or comma-separated (`http://a,http://b`). */
  upstreams: Record<ServiceName, string | readonly string[]>;
  /** Repository root holding `shell/dist` and `mfe-<x>/dist`. */
  root: string;
  /** Verifies bearer tokens; by default the kit's verifier against `upstreams.identity`. */
  verifier?: TokenVerifier;
  remoteOrigins?: readonly string[];
  /** Remotes deployed on their own: container name → URL of its remoteEntry.js (see static.ts). */
  remoteEntries?: Readonly<Record<string, string>>;
  trustProxy?: boolean;
  /** Peers whose `X-Forwarded-*` count when `trustProxy` is on (addresses or CIDR); loopback by default. */
  trustedProxies?: readonly string[];
  loginRateLimit?: RateLimit;
  connectTimeoutMs?: number;
  responseTimeoutMs?: number;
  /** How often each replica's `/readyz` is asked (ms, default 1000). */
  checkIntervalMs?: number;
  /** A `/readyz` that does not answer within this marks its replica down (ms, default 1500). */
  checkTimeoutMs?: number;
  /**
   * Services without which the gateway reports itself not ready (`/readyz` 503), default
   * {@link REQUIRED_UPSTREAMS}: the others may be down while it stays ready.
   */
  requiredUpstreams?: readonly ServiceName[];
  logger?: Logger;
  /** Defaults to the route table of docs/spec.md §7; tests may pass their own. */
  routes?: readonly RouteEntry[];
  /**
   * The bus carrying identity's `user.tokens.revoked`: every gateway replica then drops a disabled
   * person's cached tokens at once (without it, only the replica that proxied the change does).
   */
  revocations?: RevocationFeed;
  /**
   * Hosting (`KERMESSE_HOSTING=1`, docs/hosting.md): `<slug>.<domain>` serves that association, the
   * bare domain the host's console. Without it every request is the install's one association.
   */
  hosting?: { domain: string; ttlMs?: number; fetch?: typeof fetch };
}

/** What a gateway hears of identity's directory (`host.association.changed`): a NATS subscription. */
export interface DirectoryFeed {
  nc: RevocationFeed['nc'];
  /** Every association's subject of the event (`<namespace>.<type>.*`). */
  subjects(type: 'host.association.changed'): string;
}

/**
 * The gateway app. `drain()` makes `/readyz` answer 503 (shutdown: the load balancer stops sending
 * new requests while those in flight finish); `closeUpstreams()` stops the health checks and drops the
 * pooled sockets to the services; `upstreams` is what the gateway knows of each service's replicas.
 */
export type GatewayApp = Koa & {
  drain(): void;
  closeUpstreams(): void;
  upstreams: ReadonlyMap<ServiceName, Upstream>;
  /** Starts listening to identity's `user.tokens.revoked` (see `GatewayDeps.revocations`), e.g. once NATS answers. */
  watchRevocations(feed: RevocationFeed): void;
  /** Starts listening to identity's `host.association.changed` (hosting): every replica forgets that host at once. */
  watchDirectory(feed: DirectoryFeed): void;
  /** The host directory's cache (hosting only). */
  directory?: HostDirectory;
};

/**
 * No sale goes through without a ready register, and no sign-in without identity: while either has
 * no ready replica, the gateway's `/readyz` answers 503, so a balancer in front of several gateways
 * (or the one watching this one) knows sales would fail here. Any other service down leaves it ready:
 * the register sells on without stock, raffle, swap-meet…
 */
export const REQUIRED_UPSTREAMS: readonly ServiceName[] = ['identity', 'register'];

/** Paths of the services that must never be reachable from outside, even by mistake. */
const PRIVATE_PREFIXES = ['/internal', '/.well-known'];

/** Sign-in endpoints throttled per client address. */
const SIGN_IN_PATHS = new Set(['/api/login', '/login']);

/** After its release a token must be refused at once (see forgetReleased). */
const RELEASE_PATH = '/api/token/release';
/**
 * `PUT` of a person (disable, roles): identity revokes their tokens in the same transaction, and the
 * gateway forgets its cached « not revoked » answers for that person, so their next call is 401.
 */
const PERSON_PATH = /^\/api\/admin\/users\/([^/]+)$/;
/**
 * `DELETE` of a tool's token (its id is its jti, docs/api-tokens.md): the gateway that proxied the
 * revocation forgets it at once; the other replicas hear `user.tokens.revoked`.
 */
const API_TOKEN_PATH = /^\/api\/admin\/api-tokens\/([0-9a-f-]{36})$/i;
/**
 * The host console's changes to its directory (create, suspend, resume, erase): the gateway that
 * proxied one forgets what it cached of that host, so the change holds on the next request.
 */
const HOST_ACTION_PATH = /^\/api\/host\/associations(?:\/([^/]+)(?:\/(?:suspend|resume))?)?$/;
/** Methods of those changes: a new limit (`PATCH`) holds at once too. */
const HOST_ACTION_METHODS = new Set(['POST', 'DELETE', 'PATCH']);

/** Error codes of a client that closed its connection before the end of the answer. */
const CLIENT_GONE = new Set(['ERR_STREAM_PREMATURE_CLOSE', 'ECONNRESET', 'EPIPE', 'ECONNABORTED']);

/** `..` or `.` segments, doubled slashes, backslashes, NUL: never forwarded to a service. */
const UNSAFE_PATH = /\/\.{1,2}(?:\/|$)|\/\/|\\|\0/;

/** Builds the gateway (see the module comment for the order of the chain). */
export function buildApp(deps: GatewayDeps): GatewayApp {
  const logger = deps.logger ?? createLogger('gateway');
  const matchRoute = compileRoutes(deps.routes ?? ROUTES);
  const upstreamList = SERVICE_NAMES.map((name) =>
    createUpstream(name, deps.upstreams[name], { connectTimeoutMs: deps.connectTimeoutMs, logger }),
  );
  const upstreams = new Map<ServiceName, Upstream>(upstreamList.map((upstream, i) => [SERVICE_NAMES[i]!, upstream]));
  /** Every service has its upstream (built above from SERVICE_NAMES). */
  const upstreamOf = (name: ServiceName): Upstream => {
    const upstream = upstreams.get(name);
    if (!upstream) throw new Error(`no upstream for ${name}`);
    return upstream;
  };
  const verifier = deps.verifier ?? identityVerifier(upstreamOf('identity'));
  const requiredUpstreams = deps.requiredUpstreams ?? REQUIRED_UPSTREAMS;
  let stopRevocations: () => void = () => undefined;
  const watchRevocations = (feed: RevocationFeed) => {
    stopRevocations();
    stopRevocations = forgetRevokedPeople(feed, verifier, (err) => logger.warn('revocation event unreadable', { err: String(err) }));
  };
  if (deps.revocations) watchRevocations(deps.revocations);
  const directory = deps.hosting ? createHostDirectory(upstreamOf('identity'), deps.hosting) : undefined;
  let stopDirectory: () => void = () => undefined;
  const watchDirectory = (feed: DirectoryFeed) => {
    stopDirectory();
    if (!directory) return;
    const decoder = new TextDecoder();
    const subscription = feed.nc.subscribe(feed.subjects('host.association.changed'), {
      callback(err, msg) {
        if (err) return;
        try {
          const slug = (JSON.parse(decoder.decode(msg.data)) as { payload?: { slug?: unknown } }).payload?.slug;
          if (typeof slug === 'string') directory.forget(slug);
          directory.forgetUnknown();
        } catch (parseError) {
          logger.warn('directory event unreadable', { err: String(parseError) });
        }
      },
    });
    stopDirectory = () => subscription.unsubscribe();
  };
  const healthChecks = startHealthChecks(upstreams.values(), { intervalMs: deps.checkIntervalMs, timeoutMs: deps.checkTimeoutMs });
  let draining = false;
  const proxy = createProxy({ logger, responseTimeoutMs: deps.responseTimeoutMs });
  const signInLimiter = createRateLimiter(deps.loginRateLimit ?? { max: 20, windowMs: 60_000 });
  const requestLimiter = createRequestLimiter();
  const applySecurityHeaders = createSecurityHeaders({ remoteOrigins: deps.remoteOrigins ?? [] });
  const answerHeaders = securityHeaderLists({ remoteOrigins: deps.remoteOrigins ?? [] });
  const answerNames = new Set([...answerHeaders.names, 'x-request-id']);
  const trustProxy = deps.trustProxy ?? false;
  const trustedProxies = parseTrustedProxies(deps.trustedProxies ?? LOOPBACK_PROXIES);

  /** Forgets the cached revocation answer of a token its owner just released, so it fails at once. */
  function forgetReleased(authorization: string | undefined, status: number) {
    if (status < 200 || status >= 300) return;
    const token = bearerToken(authorization);
    if (!token) return;
    // Identity has just accepted this token, so its payload is trusted enough to name a cache entry.
    const jti = unverifiedJti(token);
    if (jti) verifier.forget(jti);
  }

  const apiRoutes: Middleware = async function apiRoutesMiddleware(ctx, next) {
    const path = ctx.path;
    const route = matchRoute(path);
    if (!route) {
      if (path.startsWith('/api/') || path === '/api' || PRIVATE_PREFIXES.some((p) => path === p || path.startsWith(p + '/'))) {
        throw routeNotFound();
      }
      return next();
    }
    if (UNSAFE_PATH.test(path) || (path.includes('%') && !isSafeEncodedPath(path))) throw invalidPath();

    if (!route.isPublic) {
      const token = bearerToken(ctx.req.headers.authorization);
      if (!token) throw unauthorized();
      const user = await verifier.verify(token);
      // A token is good on its own association's host only (hosting): elsewhere it is no token.
      if (user.associationId !== requestAssociationOf(ctx.req)) throw unauthorized('Jeton invalide ou expiré.');
      if (!isAllowed(route, user.roles)) throw forbidden();
      ctx.state.user = user;
    }

    const method = ctx.method;
    if (method === 'POST' && isSignIn(path)) {
      // Per association and address: one association's burst does not lock another's volunteers out.
      const wait = signInLimiter.hit(`${requestAssociationOf(ctx.req)} ${ctx.ip}`);
      if (wait > 0) throw tooManySignIns(wait);
    }

    const releasing = method === 'POST' && path === RELEASE_PATH;
    const changedPerson = method === 'PUT' ? PERSON_PATH.exec(path)?.[1] : undefined;
    const revokedToolToken = method === 'DELETE' ? API_TOKEN_PATH.exec(path)?.[1] : undefined;
    const hostAction = directory && HOST_ACTION_METHODS.has(method) ? HOST_ACTION_PATH.exec(path) : null;
    const querystring = ctx.querystring;
    await proxy.forward(
      {
        req: ctx.req,
        res: ctx.res,
        target: querystring ? `${path}?${querystring}` : path,
        clientIp: ctx.ip,
        protocol: ctx.protocol,
        requestId: String(ctx.state.requestId),
        onResponse(status) {
          if (releasing) forgetReleased(ctx.req.headers.authorization, status);
          if (changedPerson !== undefined && status >= 200 && status < 300) verifier.forgetUser?.(changedPerson);
          if (revokedToolToken !== undefined && status >= 200 && status < 300) verifier.forget(revokedToolToken.toLowerCase());
          // A new association (or one imported) may have been asked for a moment ago: forget the « unknown » answers.
          if (hostAction && status >= 200 && status < 300) {
            if (hostAction[1] && hostAction[1] !== 'import') directory?.forget(decodeURIComponent(hostAction[1]));
            else directory?.forgetUnknown();
          }
          // The proxy writes the answer itself.
          ctx.respond = false;
          ctx.status = status;
        },
      },
      upstreamOf(route.service),
    );
  };

  /** The 503/504 of a fast-path request, with the headers every answer carries. */
  function failFast(request: FastForwarded, err: HttpError): void {
    applySecurityHeaders(request.res, request.secure);
    request.res.setHeader('X-Request-Id', request.requestId);
    sendError(request.res, err);
  }

  /**
   * Proxies the request at once when nothing about it needs Koa (see the module comment); returns
   * false to let the Koa chain handle it from the start.
   */
  function fastPath(req: IncomingMessage, res: ServerResponse): boolean {
    const url = req.url;
    if (url === undefined || url.charCodeAt(0) !== 47 /* / */) return false;
    const query = url.indexOf('?');
    const path = query === -1 ? url : url.slice(0, query);
    if (path.includes('%') || path.includes('#') || UNSAFE_PATH.test(path)) return false;
    const route = matchRoute(path);
    if (!route) return false;
    if (req.method === 'POST' && (path === RELEASE_PATH || isSignIn(path))) return false;
    if (req.method === 'PUT' && PERSON_PATH.test(path)) return false;
    if (req.method === 'DELETE' && API_TOKEN_PATH.test(path)) return false;
    if (req.method !== 'GET' && HOST_ACTION_PATH.test(path)) return false;
    if (!route.isPublic) {
      const token = bearerToken(req.headers.authorization);
      const user = token === undefined ? undefined : verifier.peek(token);
      // Another association's token goes through Koa, which refuses it.
      if (!user || user.associationId !== requestAssociationOf(req) || !isAllowed(route, user.roles)) return false;
    }

    const { clientIp, protocol } = clientOf(req, trustProxy);
    const incomingId = req.headers['x-request-id'];
    const id = typeof incomingId === 'string' && REQUEST_ID_PATTERN.test(incomingId) ? incomingId : randomUUID();
    const secure = protocol === 'https';
    const method = req.method;
    const headers = req.headers;
    // The bulk of the traffic — a bodiless GET or HEAD — goes through the undici pool in one writeHead.
    if (
      (method === 'GET' || method === 'HEAD') &&
      headers['content-length'] === undefined &&
      headers['transfer-encoding'] === undefined &&
      (headers.connection === undefined || headers.connection === 'keep-alive' || headers.connection === 'close')
    ) {
      proxy.forwardFast(
        {
          res,
          method,
          target: url,
          requestId: id,
          secure,
          fail: failFast,
          headers: fastForwardHeaders(headers, clientIp, protocol, id),
          answerHeaders: secure ? answerHeaders.secure : answerHeaders.plain,
          answerNames,
        },
        upstreamOf(route.service),
      );
      return true;
    }
    applySecurityHeaders(res, secure);
    res.setHeader('X-Request-Id', id);
    proxy
      .forward({ req, res, target: url, clientIp, protocol, requestId: id }, upstreamOf(route.service))
      .catch((err: unknown) => sendError(res, err));
    return true;
  }

  const app: GatewayApp = Object.assign(new Koa(), {
    upstreams,
    drain() {
      draining = true;
    },
    watchRevocations,
    watchDirectory,
    directory,
    closeUpstreams() {
      stopRevocations();
      stopDirectory();
      healthChecks.stop();
      for (const upstream of upstreams.values()) upstream.close();
    },
  });
  // Behind a front proxy of ours (TRUST_PROXY=1, TRUSTED_PROXIES), the client is the last address it appended.
  app.proxy = trustProxy;
  app.maxIpsCount = 1;
  app.use(securityHeaders(applySecurityHeaders));
  app.use(requestId());
  app.use(errorHandler(logger));
  app.use(async function healthMiddleware(ctx, next) {
    if (ctx.path === '/healthz') {
      ctx.set('Cache-Control', 'no-store');
      ctx.body = { service: 'gateway', status: 'ok' };
      return;
    }
    if (ctx.path !== '/readyz') return next();
    // Not ready while draining, or while a required service has no ready replica (see
    // REQUIRED_UPSTREAMS); every service's state is shown.
    const waitingFor = requiredUpstreams.filter((name) => !upstreamOf(name).replicas.some((replica) => replica.up));
    const status = draining ? 'draining' : waitingFor.length > 0 ? 'not-ready' : 'ready';
    ctx.set('Cache-Control', 'no-store');
    ctx.status = status === 'ready' ? 200 : 503;
    ctx.body = {
      service: 'gateway',
      status,
      ...(waitingFor.length > 0 ? { waitingFor } : {}),
      upstreams: upstreamSummary(upstreams),
    };
  });
  app.use(apiDocs({ root: deps.root }));
  app.use(apiRoutes);
  app.use(staticFiles({ root: deps.root, remoteEntries: deps.remoteEntries, remoteOrigins: deps.remoteOrigins }));
  // Errors Koa meets while streaming a body (a static file) after the answer has started.
  // A client that goes away mid-download is not an error worth a log line.
  app.on('error', (err: NodeJS.ErrnoException & { status?: number }, ctx?: { path?: string; state?: { requestId?: string } }) => {
    if (err.code && CLIENT_GONE.has(err.code)) return;
    if (err.status !== undefined && err.status < 500) return;
    logger.error('response failed', { requestId: ctx?.state?.requestId, path: ctx?.path, err: String(err.stack ?? err) });
  });

  // `listen()` and `http.createServer(app.callback())` both go through callback(): put the fast
  // path in front of Koa's handler there. The gateway serves HTTP/1.1 only, hence the cast.
  const koaCallback = app.callback.bind(app);
  app.callback = function gatewayCallback() {
    const handleWithKoa = koaCallback();
    const serve = (req: IncomingMessage, res: ServerResponse) => {
      if (!fastPath(req, res)) return handleWithKoa(req, res);
      return Promise.resolve();
    };
    /** Serves a request once its Host is known (hosting): its association, the console, or a refusal. */
    const serveFor = (resolution: HostResolution, req: IncomingMessage, res: ServerResponse) => {
      const path = pathOf(req.url);
      if (resolution.kind === 'association') {
        // Each association's API requests come out of its own bucket: a flood of one leaves the others theirs.
        if (isApiPath(path)) {
          const wait = requestLimiter.take(resolution.associationId, resolution.limits.requestsPerSecond);
          if (wait > 0) return refuse(req, res, tooManyRequests(wait), path);
        }
        setRequestAssociation(req, resolution.associationId);
        setRequestLimits(req, resolution.limitsHeader);
        return serve(req, res);
      }
      if (resolution.kind === 'console') {
        if (!consoleServes(path)) return refuse(req, res, routeNotFound(), path);
        setRequestAssociation(req, resolution.associationId);
        return serve(req, res);
      }
      if (resolution.kind === 'unknown') return refuse(req, res, unknownAssociation(), path);
      if (resolution.kind === 'suspended') return refuse(req, res, associationSuspended(), path);
      return refuse(req, res, upstreamUnavailable(), path);
    };
    const handleRequest = (req: IncomingMessage, res: ServerResponse) => {
      // Both paths then read the forwarding headers only when a trusted proxy wrote them.
      if (trustProxy) dropUntrustedForwarding(req, trustedProxies);
      // Only the gateway names a request's association and its limits: whatever a client sent is dropped.
      setRequestAssociation(req, undefined);
      setRequestLimits(req, undefined);
      if (!directory) return serve(req, res);
      if (req.url === '/healthz' || req.url === '/readyz') return serve(req, res);
      const host = requestHost(req, trustProxy);
      const known = directory.peek(host);
      if (known) return serveFor(known, req, res);
      return directory.resolve(host).then((resolution) => serveFor(resolution, req, res));
    };
    /** A refusal of the host itself (unknown, suspended…): JSON for the API, a French page otherwise. */
    const refuse = (req: IncomingMessage, res: ServerResponse, err: HttpError, path: string) => {
      const { protocol } = clientOf(req, trustProxy);
      applySecurityHeaders(res, protocol === 'https');
      const incomingId = req.headers['x-request-id'];
      res.setHeader('X-Request-Id', typeof incomingId === 'string' && REQUEST_ID_PATTERN.test(incomingId) ? incomingId : randomUUID());
      res.setHeader('Cache-Control', 'no-store');
      req.resume();
      if (isApiPath(path)) return sendError(res, err);
      for (const [name, value] of Object.entries(err.headers)) res.setHeader(name, value);
      const page = refusalPage(err.message);
      res.writeHead(err.status, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Length': Buffer.byteLength(page) });
      res.end(req.method === 'HEAD' ? undefined : page);
    };
    return handleRequest as ReturnType<Koa['callback']>;
  };
  return app;
}

/**
 * The kit's token verifier talking to identity's replicas: the key set and the revocation checks go
 * to the next identity replica that is up (another one when a connection fails).
 */
function identityVerifier(identity: Upstream): TokenVerifier {
  const keySets = new Map(
    identity.replicas.map((replica) => [
      replica,
      createRemoteJWKSet(new URL(`${replica.origin}/.well-known/jwks.json`), {
        cacheMaxAge: 10 * 60_000,
        cooldownDuration: 30_000,
        timeoutDuration: 3_000,
      }),
    ]),
  );
  const keySet: JWTVerifyGetKey = (header, token) => {
    const replica = identity.pick() ?? identity.replicas[0];
    const replicaKeys = replica ? keySets.get(replica) : undefined;
    if (!replicaKeys) throw new TypeError('identity has no replica');
    return replicaKeys(header, token);
  };
  const balancedFetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const target = `${url.pathname}${url.search}`;
    let replica = identity.pick();
    for (let tries = identity.replicas.length; ; tries -= 1) {
      if (!replica) throw new TypeError('identity is down');
      try {
        return await fetch(replica.origin + target, init);
      } catch (err) {
        if (tries <= 1 || init?.signal?.aborted) throw err;
        identity.markDown(replica, String((err as { cause?: { code?: string } }).cause?.code ?? err));
        replica = identity.pick(replica);
      }
    }
  };
  return createTokenVerifier({ identityUrl: 'http://identity.invalid', keySet, fetch: balancedFetch });
}

/** The path of a request URL, without its query. */
function pathOf(url: string | undefined): string {
  if (!url) return '/';
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

/** The Host the browser asked for (what our trusted front proxy says it asked, behind one). */
function requestHost(req: IncomingMessage, trustProxy: boolean): string | undefined {
  const forwarded = trustProxy ? req.headers['x-forwarded-host'] : undefined;
  if (typeof forwarded === 'string' && forwarded) return forwarded.split(',', 1)[0]!.trim();
  return req.headers.host;
}

/** A plain French page for a host the gateway does not serve (no script, no style: any CSP holds). */
function refusalPage(message: string): string {
  const text = message.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
  return `<!doctype html>\n<html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Kermesse</title></head><body><main><h1>${text}</h1><p>Vérifiez l’adresse, ou demandez-la à votre association.</p></main></body></html>\n`;
}

/** `{ register: { up: 2, total: 2 }, … }` for the gateway's `/readyz`. */
function upstreamSummary(upstreams: ReadonlyMap<ServiceName, Upstream>): Record<string, { up: number; total: number; down?: string[] }> {
  const summary: Record<string, { up: number; total: number; down?: string[] }> = {};
  for (const [name, upstream] of upstreams) {
    const down = upstream.replicas.filter((r) => !r.up);
    summary[name] = { up: upstream.replicas.length - down.length, total: upstream.replicas.length };
    if (down.length) summary[name].down = down.map((r) => `${r.origin} (${r.reason})`);
  }
  return summary;
}

/** POST to a sign-in path, trailing slashes included (the services' routers ignore them). */
function isSignIn(path: string): boolean {
  return SIGN_IN_PATHS.has(path.length > 1 && path.endsWith('/') ? path.replace(/\/+$/, '') : path);
}

/** Client address and protocol with Koa's rules (`app.proxy`, `maxIpsCount = 1`), for the fast path. */
function clientOf(req: IncomingMessage, trustProxy: boolean): { clientIp: string; protocol: string } {
  const socket = req.socket as TLSSocket;
  const direct = socket.encrypted ? 'https' : 'http';
  if (!trustProxy) return { clientIp: socket.remoteAddress ?? '', protocol: direct };
  const forwardedFor = req.headers['x-forwarded-for'];
  const last = typeof forwardedFor === 'string' ? forwardedFor.slice(forwardedFor.lastIndexOf(',') + 1).trim() : '';
  const forwardedProto = req.headers['x-forwarded-proto'];
  const proto = typeof forwardedProto === 'string' ? forwardedProto.split(',', 1)[0]!.trim() : '';
  return { clientIp: last || (socket.remoteAddress ?? ''), protocol: socket.encrypted ? 'https' : proto || 'http' };
}

/** The kit's error answer `{ error, code }` for a fast-path request whose service could not answer. */
function sendError(res: ServerResponse, err: unknown): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const known = err instanceof HttpError;
  const status = known ? err.status : 500;
  if (known) for (const [name, value] of Object.entries(err.headers)) res.setHeader(name, value);
  const body = JSON.stringify(
    known && err.expose
      ? { error: err.message, ...(err.code ? { code: err.code } : {}), ...(err.details ? { details: err.details } : {}) }
      : { error: INTERNAL_ERROR_MESSAGE, code: 'INTERNAL' },
  );
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(body) });
  res.end(body);
}

/** Percent-encoded paths: the decoded form must be clean too (`%2e%2e`, `%2f`). */
function isSafeEncodedPath(path: string): boolean {
  try {
    return !UNSAFE_PATH.test(decodeURIComponent(path));
  } catch {
    return false;
  }
}

/** The `jti` claim of a JWT, read without verifying it; undefined when the token is not a JWT. */
function unverifiedJti(token: string): string | undefined {
  try {
    const { jti } = decodeJwt(token);
    return typeof jti === 'string' ? jti : undefined;
  } catch {
    return undefined;
  }
}
