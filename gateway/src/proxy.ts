/**
 * Streaming reverse proxy over node:http with one keep-alive Agent per upstream.
 *
 * Bodies are piped both ways untouched (no buffering, no parsing), so JSON, multipart uploads and
 * binary downloads pass byte for byte. Status code, status text and headers (minus hop-by-hop) come
 * back as the service sent them. A service that is down or slow never makes a client hang: a refused
 * or slow connection answers 503 within `connectTimeoutMs`, a service that accepts the request but
 * does not answer within `responseTimeoutMs` answers 504.
 */
import http, { type IncomingMessage, type OutgoingHttpHeaders, type ServerResponse } from 'node:http';
import https from 'node:https';
import net from 'node:net';
import type { Logger } from '@kermesse/kit';
import { upstreamTimeout, upstreamUnavailable } from './errors.ts';

/** Headers that describe one connection, never forwarded (RFC 9110 §7.6.1), plus `expect`. */
const HOP_BY_HOP = new Set([
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

class ConnectTimeoutError extends Error {
  readonly code = 'ECONNTIMEOUT';
}
class ResponseTimeoutError extends Error {
  readonly code = 'ERESPONSETIMEOUT';
}

export interface Upstream {
  readonly name: string;
  readonly origin: string;
  readonly hostname: string;
  readonly port: number;
  readonly agent: http.Agent;
  readonly request: typeof http.request;
}

/**
 * One upstream service with its own pool of reused sockets. A new connection that is not
 * established within `connectTimeoutMs` is destroyed, which fails its request (then 503).
 */
export function createUpstream(name: string, baseUrl: string, { connectTimeoutMs = 2_000 } = {}): Upstream {
  const url = new URL(baseUrl);
  const secure = url.protocol === 'https:';
  const agentOptions: http.AgentOptions = {
    keepAlive: true,
    // Idle sockets are closed before the services' 65 s keep-alive, so the gateway closes first
    // and never writes to a socket the service is closing.
    timeout: 30_000,
    maxFreeSockets: 256,
    scheduling: 'lifo',
  };
  const agent = secure ? new https.Agent(agentOptions) : new http.Agent(agentOptions);
  // On the agent rather than per request: only new connections need a connect timer.
  const createConnection = agent.createConnection.bind(agent);
  agent.createConnection = (options, callback) => {
    const socket = createConnection(options, callback);
    if (socket instanceof net.Socket && socket.connecting) {
      const timer = setTimeout(() => socket.destroy(new ConnectTimeoutError(`connect timeout (${name})`)), connectTimeoutMs);
      const clear = () => clearTimeout(timer);
      socket.once('connect', clear);
      socket.once('close', clear);
    }
    return socket;
  };
  return {
    name,
    origin: url.origin,
    hostname: url.hostname.replace(/^\[|\]$/g, ''),
    port: Number(url.port) || (secure ? 443 : 80),
    agent,
    request: secure ? https.request : http.request,
  };
}

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

export interface Proxy {
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
    const { req, res, target: path, onResponse } = request;
    const method = req.method ?? 'GET';
    const headers = requestHeaders(request);
    const hasBody = headers['content-length'] !== undefined
      ? headers['content-length'] !== '0'
      : req.headers['transfer-encoding'] !== undefined;

    return new Promise<void>((resolve, reject) => {
      let settled = false;

      const attempt = (retry: boolean) => {
        const proxyReq = upstream.request({
          agent: upstream.agent,
          hostname: upstream.hostname,
          port: upstream.port,
          method,
          path,
          headers,
        });
        let responseTimer: NodeJS.Timeout | undefined;
        const clearTimers = () => {
          if (responseTimer) clearTimeout(responseTimer);
        };

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
          clearTimers();
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
          // A kept-alive socket the service closed just as we reused it: safe to retry once when
          // the request has no body to replay.
          if (retry && !hasBody && proxyReq.reusedSocket && err.code === 'ECONNRESET') {
            attempt(false);
            return;
          }
          settled = true;
          logger.warn('upstream request failed', {
            upstream: upstream.name, method, path, code: err.code ?? err.message, requestId: request.requestId,
          });
          reject(err instanceof ResponseTimeoutError ? upstreamTimeout() : upstreamUnavailable());
        });

        proxyReq.once('response', (upstreamRes: IncomingMessage) => {
          clearTimers();
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

        if (hasBody) req.pipe(proxyReq);
        else proxyReq.end();
      };

      attempt(true);
    });
  }

  return { forward };
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
