/**
 * Streaming reverse proxy over node:http with one keep-alive Agent per replica of each service.
 *
 * Bodies are piped both ways untouched (no buffering, no parsing), so JSON, multipart uploads and
 * binary downloads pass byte for byte — except that an answer of text (JSON, CSV, HTML) above 1 KB
 * is compressed on its way out when the browser accepts it (brotli, else gzip): a phone on slow 4G
 * gets the register's catalogue in 1.2 KB instead of 6 KB. It still decodes to the
 * service's very bytes; events streams and already encoded answers pass as they are. Status code, status text and headers (minus hop-by-hop) come
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
import type { ClientRequest, IncomingHttpHeaders, IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Dispatcher } from 'undici';
import type { HttpError, Logger } from '@kermesse/kit/http';
import { upstreamTimeout, upstreamUnavailable } from './errors.ts';
import { CONNECT_FAILURES, type Replica, type Upstream } from './upstreams.ts';
import type { Transform } from 'node:stream';
import { constants as zlib, createBrotliCompress, createGzip } from 'node:zlib';
import { acceptedEncodings } from './static.ts';

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
          if (hasBody && !req.complete) answeredEarly(req, res, proxyReq);
          if (onResponse) onResponse(status);
          // Headers set earlier (security headers, request id) stay unless the service sets its own.
          const headers = responseHeaders(upstreamRes.rawHeaders);
          const encoding = compressionFor({
            method,
            status,
            contentType: upstreamRes.headers['content-type'],
            contentEncoding: upstreamRes.headers['content-encoding'],
            contentLength: upstreamRes.headers['content-length'],
            accepts: req.headers['accept-encoding'],
          });
          if (encoding) compressedHeaders(headers, encoding);
          res.writeHead(status, upstreamRes.statusMessage, headers);
          upstreamRes.on('error', () => res.destroy());
          upstreamRes.on('aborted', () => res.destroy());
          if (encoding) {
            const compressing = compressor(encoding);
            compressing.on('error', () => res.destroy());
            upstreamRes.pipe(compressing).pipe(res);
          } else {
            upstreamRes.pipe(res);
          }
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
 * The service answered before reading the whole body (a 413 refuses a body by its announced size).
 * The rest of the client's body is read and dropped rather than left on the connection — where the
 * client's next request would wait behind it or be parsed from it, and its kept-alive socket end in
 * ECONNRESET. The socket to the service, which holds half a request, is closed once the answer is
 * sent instead of going back to the pool.
 */
function answeredEarly(req: IncomingMessage, res: ServerResponse, proxyReq: ClientRequest): void {
  req.unpipe(proxyReq);
  req.resume();
  res.once('finish', () => proxyReq.destroy());
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
    let out: string[] = [];
    let overridden: Set<string> | undefined;
    let contentType: string | undefined;
    let contentEncoding: string | undefined;
    let contentLength: string | undefined;
    for (let i = 0; i < rawHeaders.length; i += 2) {
      const name = (rawHeaders[i] as Buffer).toString('latin1');
      const lower = name.toLowerCase();
      if (HOP_BY_HOP.has(lower)) continue;
      if (answerNames.has(lower)) (overridden ??= new Set()).add(lower);
      const value = (rawHeaders[i + 1] as Buffer).toString('latin1');
      if (lower === 'content-length') {
        this.length = Number(value);
        contentLength = value;
      } else if (lower === 'content-type') contentType = value;
      else if (lower === 'content-encoding') contentEncoding = value;
      out.push(name, value);
    }
    for (let i = 0; i < answerHeaders.length; i += 2) {
      if (overridden === undefined || !overridden.has((answerHeaders[i] as string).toLowerCase()))
        out.push(answerHeaders[i] as string, answerHeaders[i + 1] as string);
    }
    if (overridden === undefined || !overridden.has('x-request-id')) out.push('X-Request-Id', this.request.requestId);
    const { method } = this.request;
    const encoding = compressionFor({ method, status: statusCode, contentType, contentEncoding, contentLength, accepts: this.accepts() });
    if (encoding) {
      out = compressedFlatHeaders(out, encoding);
      this.compressing = compressor(encoding);
      this.compressing.on('error', () => res.destroy());
      this.compressing.pipe(res);
    }
    res.writeHead(statusCode, statusText, out);
    this.resume = resume;
    return true;
  }

  /** The client's Accept-Encoding, from the headers sent on to the service. */
  private accepts(): string | undefined {
    const { headers } = this.request;
    for (let i = 0; i < headers.length; i += 2) if ((headers[i] as string).toLowerCase() === 'accept-encoding') return headers[i + 1];
    return undefined;
  }

  /** The compressor the answer goes through, when it is compressed on its way out. */
  private compressing: Transform | undefined;

  private resume: (() => void) | undefined;

  /** The service's Content-Length, when it gave one. */
  private length = -1;
  /** A whole body come in one chunk (the usual JSON answer), held back to go out with `end`. */
  private held: Buffer | undefined;

  onData(chunk: Buffer): boolean {
    const { res } = this.request;
    if (this.compressing) {
      const ok = this.compressing.write(chunk);
      if (!ok) this.compressing.once('drain', this.resume as () => void);
      return ok;
    }
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
    if (this.compressing) this.compressing.end();
    else if (this.held === undefined) res.end();
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
/** Answers worth compressing: text a service writes, not a stream of events the page reads as it comes. */
const COMPRESSIBLE_TYPE = /^(application\/(json|[\w.-]+\+json|xml)|text\/(?!event-stream)[\w.+-]+|image\/svg\+xml)\s*(;|$)/i;
/** Below this, compressing saves less than a packet. */
const COMPRESS_MIN_BYTES = 1024;
/** Brotli's quality for answers compressed as they stream: close to gzip's speed, smaller. */
const BROTLI_QUALITY = 5;

/** What decides whether an answer is compressed on its way out. */
interface AnswerFacts {
  method: string;
  status: number;
  contentType?: string;
  contentEncoding?: string;
  contentLength?: string;
  /** The client's Accept-Encoding. */
  accepts?: string;
}

/** The encoding an answer is sent with (`br`, `gzip`), or undefined to pass it as it is. */
function compressionFor(answer: AnswerFacts): 'br' | 'gzip' | undefined {
  const { method, status } = answer;
  if (method === 'HEAD' || status === 204 || status === 304 || status < 200) return undefined;
  if (answer.contentEncoding !== undefined || !COMPRESSIBLE_TYPE.test(answer.contentType ?? '')) return undefined;
  if (answer.contentLength !== undefined && Number(answer.contentLength) < COMPRESS_MIN_BYTES) return undefined;
  const accepted = acceptedEncodings(answer.accepts ?? '');
  return accepted.has('br') ? 'br' : accepted.has('gzip') ? 'gzip' : undefined;
}

function compressor(encoding: 'br' | 'gzip'): Transform {
  return encoding === 'br' ? createBrotliCompress({ params: { [zlib.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } }) : createGzip();
}

/** The headers of an answer compressed on its way: its length is no longer known, its tag no longer byte-exact. */
function compressedHeaders(headers: Record<string, string | string[]>, encoding: 'br' | 'gzip'): void {
  delete headers['content-length'];
  headers['content-encoding'] = encoding;
  headers.vary = withAcceptEncoding(headers.vary === undefined ? '' : String(headers.vary));
  if (typeof headers.etag === 'string') headers.etag = weak(headers.etag);
}

/** The same, on a flat `[name, value, …]` list. */
function compressedFlatHeaders(flat: string[], encoding: 'br' | 'gzip'): string[] {
  const out: string[] = [];
  let vary = '';
  for (let i = 0; i < flat.length; i += 2) {
    const name = flat[i] as string;
    const value = flat[i + 1] as string;
    const lower = name.toLowerCase();
    if (lower === 'content-length') continue;
    if (lower === 'vary') vary = vary ? `${vary}, ${value}` : value;
    else out.push(name, lower === 'etag' ? weak(value) : value);
  }
  out.push('Content-Encoding', encoding, 'Vary', withAcceptEncoding(vary));
  return out;
}

const withAcceptEncoding = (vary: string) =>
  /(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(vary) ? vary : vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding';
const weak = (etag: string) => (etag.startsWith('W/') ? etag : `W/${etag}`);

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
