/**
 * The router's calls to a cell's host console (create, export, import, erase, list): made on the
 * cell's gateway with the bare domain as Host, signed in as the host operator the router was given
 * (`CELLS_HOST_EMAIL`, `CELLS_HOST_PASSWORD`: the same operator is set up on every cell). Each
 * cell's identity signs its own tokens, so the router keeps one per cell and signs in again when
 * one is refused.
 */
import http from 'node:http';
import { ASSOCIATION_HEADER, HOST_CONSOLE_ID } from '@kermesse/kit/tenancy';
import type { Cell } from './directory.ts';

/** The console's calls that may take long: an association's whole export, or its import. */
const LONG_CALL = /^\/api\/host\/associations\/(?:[a-z0-9-]+\/export|import)$/;

export interface ConsoleAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/**
 * One request to a cell naming its own Host (fetch may not set Host, so node:http), its answer read
 * whole; rejects when the cell cannot be reached or does not answer within `timeoutMs`.
 */
export function requestCell(
  cell: Cell,
  method: string,
  path: string,
  headers: http.OutgoingHttpHeaders,
  body: Buffer | undefined,
  timeoutMs: number,
): Promise<ConsoleAnswer> {
  const target = new URL(cell.url);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        hostname: target.hostname,
        port: target.port,
        method,
        path,
        headers: body ? { ...headers, 'content-length': body.length } : headers,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      },
    );
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`cell ${cell.name} did not answer within ${timeoutMs} ms`)));
    req.on('error', reject);
    req.end(body);
  });
}

export interface CellConsole {
  call(cell: Cell, method: string, path: string, body?: { json: unknown } | { bytes: Buffer; type: string }): Promise<ConsoleAnswer>;
}

export interface CellConsoleOptions {
  /** `KERMESSE_DOMAIN`: the Host that reaches a cell's console. */
  domain: string;
  email: string;
  password: string;
  /** How long a console call may take (an export of a large association: default 120 s). */
  timeoutMs?: number;
}

export function createCellConsole(options: CellConsoleOptions): CellConsole {
  const tokens = new Map<string, string>();
  const timeoutMs = options.timeoutMs ?? 120_000;

  async function send(
    cell: Cell,
    method: string,
    path: string,
    token: string | undefined,
    body?: { json: unknown } | { bytes: Buffer; type: string },
  ): Promise<ConsoleAnswer> {
    const headers: http.OutgoingHttpHeaders = { host: options.domain };
    if (token) headers.authorization = `Bearer ${token}`;
    let payload: Buffer | undefined;
    if (body && 'json' in body) {
      headers['content-type'] = 'application/json';
      payload = Buffer.from(JSON.stringify(body.json));
    } else if (body) {
      headers['content-type'] = body.type;
      payload = body.bytes;
    }
    if (cell.consoleUrl && LONG_CALL.test(path)) {
      // Straight to identity, as the gateway would send it (the console's association named), without its 30 s limit.
      headers[ASSOCIATION_HEADER] = HOST_CONSOLE_ID;
      return requestCell({ ...cell, url: cell.consoleUrl }, method, path, headers, payload, timeoutMs);
    }
    return requestCell(cell, method, path, headers, payload, timeoutMs);
  }

  async function signIn(cell: Cell): Promise<string> {
    const answer = await send(cell, 'POST', '/api/login', undefined, { json: { email: options.email, password: options.password } });
    if (answer.status !== 200)
      throw new Error(`sign-in on cell ${cell.name} answered ${answer.status}: ${answer.body.toString().slice(0, 200)}`);
    const { token } = JSON.parse(answer.body.toString()) as { token: string };
    tokens.set(cell.name, token);
    return token;
  }

  return {
    async call(cell, method, path, body) {
      const token = tokens.get(cell.name) ?? (await signIn(cell));
      const answer = await send(cell, method, path, token, body);
      if (answer.status !== 401) return answer;
      return send(cell, method, path, await signIn(cell), body);
    },
  };
}

/** The French error body every Kermesse answer carries (`{ error, code }`). */
export function errorBody(message: string, code: string): string {
  return JSON.stringify({ error: message, code });
}
