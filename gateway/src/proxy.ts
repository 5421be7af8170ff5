/**
 * Streaming reverse proxy over node:http with one keep-alive Agent per replica of each service.
 *
 * Bodies are piped both ways untouched (no buffering, no parsing), so JSON, multipart uploads and
 * binary downloads pass byte for byte. Status code, status text and headers (minus hop-by-hop) come
 * back as the service sent them. A service that is down or slow never makes a client hang: a refused
 * or slow connection answers 503 within `connectTimeoutMs`, a service that accepts the request but
 * does not answer within `responseTimeoutMs` answers 504, and a service known to be down (every
 * replica marked down, see upstreams.ts) answers 503 at once.
 *
 * With several replicas, a request whose connection fails is sent to the next replica that is up
 * (any method: the failed replica never saw it — a body is only piped once connected); a bodiless
 * idempotent request (GET, HEAD, OPTIONS, DELETE) whose replica dies before answering is sent again
 * to another one. A request with a body that has started to flow is never replayed.
 */
import type { IncomingHttpHeaders, IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Dispatcher } from 'undici';
import type { HttpError, Logger } from '@kermesse/kit/http';
import { upstreamTimeout, upstreamUnavailable } from './errors.ts';
import { CONNECT_FAILURES, type Replica, type Upstream } from './upstreams.ts';

export { createUpstream, type Upstream } from './upstreams.ts';

/** Headers that describe one connection, never forwarded (RFC 9110 §7.6.1), plus `expect`. */
export const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'expect',
]);

class ResponseTimeoutError extends Error {
  readonly code = 'ERESPONSETIMEOUT';
}

/** Methods that may be sent again after a replica failed mid-request (RFC 9110 §9.2.2), when bodiless. */
const IDEMPOTENT = new Set(['GET', 'HEAD', 'OPTIONS', 'DELETE']);

export interface ProxyOptions {
  logger: Logger;
  responseTimeoutMs?: number;
}

/** One request to forward, as both the Koa chain and the fast path describe it. */
export interface Forwarded {
  req: IncomingMessage;
  res: ServerResponse;
  /** Path and query sent to the service (already checked against the route table). */
  target: string;
  /** The client's address as the gateway trusts it, sent as the only X-Forwarded-For entry. */
  clientIp: string;
  protocol: string;
  requestId: string;
  /** Runs once the service's status is known, before anything is sent back. */
  onResponse?: (status: number) => void;
}

/** A bodiless GET or HEAD of the fast path, with everything already decided. */
export interface FastForwarded {
  res: ServerResponse;
  method: 'GET' | 'HEAD';
  /** Path and query sent to the service. */
  target: string;
  /** Request headers for the service, flat `[name, value, …]`, forwarding headers included. */
  headers: string[];
  /** The gateway's own answer headers (security headers), flat; a service's same header wins. */
  answerHeaders: readonly string[];
  /** Their lower-case names, and `x-request-id` (the request id is added after them). */
  answerNames: ReadonlySet<string>;
  requestId: string;
  /** Answers the 503/504 when nothing could be obtained (nothing has been written then). */
  fail(request: FastForwarded, err: HttpError): void;
  /** Whether the client came over https (the `fail` answer carries HSTS then). */
  secure: boolean;
}

export interface Proxy {
  /**
   * The hot path: a bodiless GET or HEAD sent through the replica's undici pool, its answer streamed
   * back with one `writeHead`. Same outcomes as `forward` (503 at once when the service is known to
   * be down, another replica when a connection fails or the replica dies before answering, 504 after
   * `responseTimeoutMs`), told through `request.fail` — no promise, no closure per request.
   */
  forwardFast(request: FastForwarded, upstream: Upstream): void;
  /**
   * Sends the request to `upstream` and streams the answer back to the client. Rejects with a
   * 503/504 HttpError when no answer could be obtained (nothing has been written then); once the
   * answer has started it resolves and handles later failures itself by cutting the connection.
   */
  forward(request: Forwarded, upstream: Upstream): Promise<void>;
}

export function createProxy(options: ProxyOptions): Proxy {
  const { logger } = options;
  const responseTimeoutMs = options.responseTimeoutMs ?? 30_000;

  function requestHeaders({ req, clientIp, protocol, requestId }: Forwarded): OutgoingHttpHeaders {
    const source = req.headers;
    const headers: OutgoingHttpHeaders = {};
    for (const key in source) {
      if (!HOP_BY_HOP.has(key)) headers[key] = source[key];
    }
    const connection = source.connection;
    if (connection !== undefined && connection !== 'keep-alive' && connection !== 'close') {
      for (const token of connection.split(',')) delete headers[token.trim().toLowerCase()];
    }
    // Services take the left-most X-Forwarded-For address for their per-IP limits, so they get
    // exactly one: the client as the gateway knows it (the socket, or what our trusted front proxy
    // saw). Forwarding a client-supplied list would let anyone pick their address.
    headers['x-forwarded-for'] = clientIp;
    headers['x-forwarded-proto'] = protocol;
    if (source.host !== undefined) headers['x-forwarded-host'] = source.host;
    headers['x-request-id'] = requestId;
    return headers;
  }

  function forward(request: Forwarded, upstream: Upstream): Promise<void> {
    const first = upstream.pick();
    // Every replica is known to be down: answer at once rather than wait on a socket.
    if (first === undefined) return Promise.reject(upstreamUnavailable());
    const { req, res, target: path, onResponse } = request;
    const method = req.method ?? 'GET';
    const headers = requestHeaders(request);
    const hasBody =
      headers['content-length'] !== undefined ? headers['content-length'] !== '0' : req.headers['transfer-encoding'] !== undefined;
    const replayable = !hasBody && IDEMPOTENT.has(method);

    return new Promise<void>((resolve, reject) => {
      let settled = false;
      // Replicas left to try after the first (a failed connection or a replayable failure).
      let tries = upstream.replicas.length - 1;
      let retriedReset = false;

      const fail = (replica: Replica, err: NodeJS.ErrnoException) => {
        settled = true;
        logger.warn('upstream request failed', {
          upstream: upstream.name,
          replica: replica.origin,
          method,
          path,
          code: err.code ?? err.message,
          requestId: request.requestId,
        });
        reject(err instanceof ResponseTimeoutError ? upstreamTimeout() : upstreamUnavailable());
      };

      const attempt = (replica: Replica) => {
        const proxyReq = replica.request({
          agent: replica.agent,
          hostname: replica.hostname,
          port: replica.port,
          method,
          path,
          headers,
        });
        let responseTimer: NodeJS.Timeout | undefined;
        // Whether the body started to flow to this replica (then it cannot be sent elsewhere).
        let piped = false;

        // The wait for an answer starts once the whole request is sent (a slow upload is not a slow
        // service); a service may also answer before reading everything (413), then there is no wait.
        proxyReq.once('finish', () => {
          if (settled) return;
          responseTimer = setTimeout(() => proxyReq.destroy(new ResponseTimeoutError('response timeout')), responseTimeoutMs);
        });

        const onClientClose = () => {
          if (!res.writableFinished) proxyReq.destroy();
        };
        res.once('close', onClientClose);

        proxyReq.on('error', (err: NodeJS.ErrnoException) => {
          if (responseTimer) clearTimeout(responseTimer);
          if (settled) {
            // The answer had started: the only honest thing left is to cut the client connection.
            if (!res.writableFinished) res.destroy();
            return;
          }
          res.removeListener('close', onClientClose);
          if (res.destroyed) {
            settled = true;
            resolve();
            return;
          }
          const code = err.code ?? '';
          if (CONNECT_FAILURES.has(code)) {
            // The replica never saw the request: mark it down and send the request to another one.
            upstream.markDown(replica, code);
            const other = !piped && tries > 0 ? upstream.pick(replica) : undefined;
            if (other) {
              tries -= 1;
              attempt(other);
              return;
            }
            fail(replica, err);
            return;
          }
          if (err instanceof ResponseTimeoutError || piped) {
            fail(replica, err);
            return;
          }
          // A kept-alive socket the service closed just as we reused it: safe to retry once when
          // the request has no body to replay.
          if (!hasBody && proxyReq.reusedSocket && code === 'ECONNRESET' && !retriedReset) {
            retriedReset = true;
            attempt(replica);
            return;
          }
          // The replica died with the request in hand: a bodiless idempotent request goes to another.
          if (replayable && tries > 0) {
            upstream.markDown(replica, code || err.message);
            const other = upstream.pick(replica);
            if (other) {
              tries -= 1;
              attempt(other);
              return;
            }
          }
          fail(replica, err);
        });

        proxyReq.once('response', (upstreamRes: IncomingMessage) => {
          if (responseTimer) clearTimeout(responseTimer);
          settled = true;
          const status = upstreamRes.statusCode ?? 502;
          if (onResponse) onResponse(status);
          // Headers set earlier (security headers, request id) stay unless the service sets its own.
          res.writeHead(status, upstreamRes.statusMessage, responseHeaders(upstreamRes.rawHeaders));
          upstreamRes.on('error', () => res.destroy());
          upstreamRes.on('aborted', () => res.destroy());
          upstreamRes.pipe(res);
          resolve();
        });

        if (!hasBody) {
          proxyReq.end();
          return;
        }
        // The body flows only once connected, so a refused connection leaves it whole for another replica.
        proxyReq.once('socket', (socket: Socket) => {
          const pipe = () => {
            if (settled || proxyReq.destroyed) return;
            piped = true;
            req.pipe(proxyReq);
          };
          if (socket.connecting) socket.once('connect', pipe);
          else pipe();
        });
      };

      attempt(first);
    });
  }

  function forwardFast(request: FastForwarded, upstream: Upstream): void {
    const first = upstream.pick();
    if (first === undefined) {
      request.fail(request, upstreamUnavailable());
      return;
    }
    new FastExchange(request, upstream, first, responseTimeoutMs, logger).send();
  }

  return { forward, forwardFast };
}

/**
 * One fast-path exchange, as an undici dispatch handler (the legacy callbacks, which undici 7 calls
 * without wrapping): no stream objects, no per-chunk closures.
 */
class FastExchange implements Dispatcher.DispatchHandler {
  private abort: ((err?: Error) => void) | undefined;
  private started = false;
  private finished = false;
  private tries: number;
  private retriedReset = false;

  constructor(
    private readonly request: FastForwarded,
    private readonly upstream: Upstream,
    private replica: Replica,
    private readonly responseTimeoutMs: number,
    private readonly logger: Logger,
  ) {
    this.tries = upstream.replicas.length - 1;
    // `on` rather than `once` (no wrapper per request); removed when the exchange ends.
    request.res.on('close', this.onClientClose);
  }

  send(): void {
    const { request } = this;
    this.abort = undefined;
    this.replica.pool.dispatch(
      {
        origin: this.replica.origin,
        method: request.method,
        path: request.target,
        headers: request.headers,
        headersTimeout: this.responseTimeoutMs,
        bodyTimeout: 0,
      },
      this,
    );
  }

  private readonly onClientClose = () => {
    if (!this.request.res.writableFinished && this.abort) this.abort();
  };

  onConnect(abort: (err?: Error) => void): void {
    if (this.request.res.destroyed) abort();
    else this.abort = abort;
  }

  onHeaders(statusCode: number, rawHeaders: Buffer[], resume: () => void, statusText: string): boolean {
    this.started = true;
    const { res, answerHeaders, answerNames } = this.request;
    const out: string[] = [];
    let overridden: Set<string> | undefined;
    for (let i = 0; i < rawHeaders.length; i += 2) {
      const name = (rawHeaders[i] as Buffer).toString('latin1');
      const lower = name.toLowerCase();
      if (HOP_BY_HOP.has(lower)) continue;
      if (answerNames.has(lower)) (overridden ??= new Set()).add(lower);
      const value = (rawHeaders[i + 1] as Buffer).toString('latin1');
      if (lower === 'content-length') this.length = Number(value);
      out.push(name, value);
    }
    for (let i = 0; i < answerHeaders.length; i += 2) {
      if (overridden === undefined || !overridden.has((answerHeaders[i] as string).toLowerCase()))
        out.push(answerHeaders[i] as string, answerHeaders[i + 1] as string);
    }
    if (overridden === undefined || !overridden.has('x-request-id')) out.push('X-Request-Id', this.request.requestId);
    res.writeHead(statusCode, statusText, out);
    this.resume = resume;
    return true;
  }

  private resume: (() => void) | undefined;

  /** The service's Content-Length, when it gave one. */
  private length = -1;
  /** A whole body come in one chunk (the usual JSON answer), held back to go out with `end`. */
  private held: Buffer | undefined;

  onData(chunk: Buffer): boolean {
    const { res } = this.request;
    if (this.held === undefined && chunk.length === this.length) {
      this.held = chunk;
      return true;
    }
    const ok = res.write(chunk);
    // A slow client: undici stops reading from the service until the client has taken this in.
    if (!ok) res.once('drain', this.resume as () => void);
    return ok;
  }

  onComplete(): void {
    this.finished = true;
    const { res } = this.request;
    res.removeListener('close', this.onClientClose);
    if (this.held === undefined) res.end();
    else res.end(this.held);
  }

  onError(err: Error & { code?: string }): void {
    const { res } = this.request;
    if (this.finished) return;
    if (this.started) {
      // The answer had started: the only honest thing left is to cut the client connection.
      res.destroy();
      return;
    }
    if (res.destroyed) {
      this.finish();
      return;
    }
    const code = err.code ?? '';
    if (code === 'UND_ERR_ABORTED') {
      this.finish();
      return;
    }
    if (CONNECT_FAILURES.has(code)) {
      // The replica never saw the request: mark it down and try another.
      this.upstream.markDown(this.replica, code);
      if (this.retryElsewhere()) return;
    } else if (code !== 'UND_ERR_HEADERS_TIMEOUT' && code !== 'UND_ERR_ABORTED') {
      // The socket closed before an answer: a kept-alive socket the service was closing (retry once,
      // anywhere), or a replica that died (then its next connection is refused and marks it down).
      if (!this.retriedReset) {
        this.retriedReset = true;
        const other = this.upstream.pick(this.replica) ?? (this.replica.up ? this.replica : undefined);
        if (other) {
          this.replica = other;
          this.send();
          return;
        }
      } else if (this.retryElsewhere()) {
        return;
      }
    }
    this.finish();
    this.logger.warn('upstream request failed', {
      upstream: this.upstream.name,
      replica: this.replica.origin,
      method: this.request.method,
      path: this.request.target,
      code: code || err.message,
      requestId: this.request.requestId,
    });
    this.request.fail(this.request, code === 'UND_ERR_HEADERS_TIMEOUT' ? upstreamTimeout() : upstreamUnavailable());
  }

  private retryElsewhere(): boolean {
    if (this.tries <= 0) return false;
    const other = this.upstream.pick(this.replica);
    if (!other) return false;
    this.tries -= 1;
    this.replica = other;
    this.send();
    return true;
  }

  private finish(): void {
    this.finished = true;
    this.request.res.removeListener('close', this.onClientClose);
  }
}

/** Headers the fast path never takes from the client: it sets its own. */
const FORWARDING = new Set(['x-forwarded-for', 'x-forwarded-proto', 'x-forwarded-host', 'x-request-id']);

/**
 * The client's headers for the service as a flat list (hop-by-hop ones dropped), then the forwarding
 * headers: exactly one X-Forwarded-For (the client as the gateway trusts it), X-Forwarded-Proto,
 * X-Forwarded-Host (the Host the client asked) and X-Request-Id — as `forward` does.
 */
export function fastForwardHeaders(source: IncomingHttpHeaders, clientIp: string, protocol: string, requestId: string): string[] {
  const out: string[] = [];
  // Node has already parsed the client's headers with lower-case names (repeated ones joined).
  for (const name in source) {
    if (HOP_BY_HOP.has(name) || FORWARDING.has(name)) continue;
    const value = source[name];
    if (typeof value === 'string') out.push(name, value);
    else if (value !== undefined) for (const item of value) out.push(name, item);
  }
  out.push('x-forwarded-for', clientIp, 'x-forwarded-proto', protocol, 'x-request-id', requestId);
  if (source.host !== undefined) out.push('x-forwarded-host', source.host);
  return out;
}

/**
 * The service's headers minus hop-by-hop ones, as an object (lower-case names) that `writeHead`
 * merges over the headers already set. Repeated headers are kept: `set-cookie` as a list, others
 * joined with a comma (RFC 9110 §5.3). Node 20's `writeHead(array)` would keep only the last
 * `set-cookie` once other headers were set, hence the object.
 */
function responseHeaders(raw: string[]): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (let i = 0; i < raw.length; i += 2) {
    const name = (raw[i] as string).toLowerCase();
    if (HOP_BY_HOP.has(name)) continue;
    const value = raw[i + 1] as string;
    const previous = out[name];
    if (previous === undefined) out[name] = name === 'set-cookie' ? [value] : value;
    else if (Array.isArray(previous)) previous.push(value);
    else out[name] = `${previous}, ${value}`;
  }
  return out;
}
