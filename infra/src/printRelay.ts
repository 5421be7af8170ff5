/**
 * The print relay (docs/printing.md §3): a tiny HTTP server a volunteer starts on the stall's laptop
 * (`npm run print-relay`) so that the register, a web page that cannot open a TCP socket, reaches
 * the network printers on port 9100. It forwards the bytes of one print job to one printer, answers
 * in French, and prints a job once even when the browser sends it again after a lost answer (the
 * job id in `X-Travail`).
 */
import { timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { Socket } from 'node:net';

export interface PrintRelayOptions {
  /** Shared with the register's printer settings: every request carries it as a bearer token. */
  token: string;
  /** The printers' ports the relay may open (9100 by default): never an arbitrary service of the network. */
  printerPorts?: readonly number[];
  /** Origins whose pages may call the relay; `*` for any page that holds the token. */
  origins?: readonly string[] | '*';
  /** How long a printer may take to accept the connection and the bytes. */
  timeoutMs?: number;
}

/** A job is at most this big: a receipt is a few kilobytes, a picture a few dozen. */
const MAX_JOB_BYTES = 1024 * 1024;
/** Job ids remembered to answer a resent job without printing it twice. */
const REMEMBERED_JOBS = 500;

interface Answer {
  status: number;
  body?: { error: string; code: string } | Record<string, unknown>;
}

const refuse = (status: number, code: string, error: string): Answer => ({ status, body: { error, code } });

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** « 192.168.1.50:9100 », « imprimante-frites.local » (port 9100 then), « [fe80::1]:9100 ». */
export function parsePrinterAddress(value: string | null): { host: string; port: number } | null {
  if (!value) return null;
  const match = /^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+)(?::(\d{1,5}))?$/.exec(value.trim());
  if (!match) return null;
  const port = match[2] ? Number(match[2]) : 9100;
  if (port < 1 || port > 65535) return null;
  return { host: (match[1] ?? '').replace(/^\[|\]$/g, ''), port };
}

function readBody(req: IncomingMessage): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_JOB_BYTES) {
        resolve(null);
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** Writes `bytes` to the printer and resolves once it has taken them all (the connection closed cleanly). */
export function sendToPrinter(host: string, port: number, bytes: Uint8Array, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = new Socket();
    socket.setTimeout(timeoutMs);
    socket.once('timeout', () => socket.destroy(Object.assign(new Error('délai dépassé'), { code: 'ETIMEDOUT' })));
    socket.once('error', reject);
    socket.connect(port, host, () => {
      socket.end(bytes);
    });
    socket.once('close', (hadError) => {
      if (!hadError) resolve();
    });
  });
}

/** The relay's HTTP server (not listening yet). */
export function createPrintRelay(options: PrintRelayOptions): Server {
  const printerPorts = options.printerPorts ?? [9100];
  const origins = options.origins ?? '*';
  const timeoutMs = options.timeoutMs ?? 5000;
  const printed = new Map<string, Promise<Answer>>();

  const allowOrigin = (origin: string | undefined): string | null => {
    if (!origin) return null;
    if (origins === '*' || origins.includes(origin)) return origin;
    return null;
  };

  async function print(req: IncomingMessage, url: URL): Promise<Answer> {
    const target = parsePrinterAddress(url.searchParams.get('imprimante'));
    if (!target)
      return refuse(
        400,
        'PRINTER_ADDRESS_INVALID',
        'Adresse d’imprimante invalide : indiquez par exemple 192.168.1.50 ou 192.168.1.50:9100.',
      );
    if (!printerPorts.includes(target.port))
      return refuse(
        403,
        'PRINTER_PORT_REFUSED',
        `Le relais n’imprime que sur le port ${printerPorts.join(', ')} (port ${target.port} refusé).`,
      );
    const bytes = await readBody(req);
    if (bytes === null) return refuse(413, 'PRINT_JOB_TOO_LARGE', 'Travail d’impression trop volumineux (1 Mo au plus).');
    if (bytes.length === 0) return refuse(400, 'PRINT_JOB_EMPTY', 'Travail d’impression vide.');
    try {
      await sendToPrinter(target.host, target.port, bytes, timeoutMs);
      return { status: 200, body: { imprime: true, octets: bytes.length } };
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? 'inconnue';
      return refuse(502, 'PRINTER_UNREACHABLE', `Imprimante injoignable (${target.host}:${target.port}, ${code}).`);
    }
  }

  async function answer(req: IncomingMessage, url: URL): Promise<Answer> {
    const auth = req.headers.authorization ?? '';
    const token = auth.startsWith('Bearer ') ? auth.slice('Bearer '.length) : '';
    if (!token || !sameToken(token, options.token))
      return refuse(401, 'RELAY_TOKEN_INVALID', 'Jeton du relais d’impression absent ou incorrect.');
    if (req.method === 'GET' && url.pathname === '/etat') return { status: 200, body: { relais: 'ok' } };
    if (req.method !== 'POST' || url.pathname !== '/imprimer') return refuse(404, 'NOT_FOUND', 'Chemin inconnu du relais d’impression.');
    const jobId = req.headers['x-travail'];
    if (typeof jobId !== 'string' || !/^[A-Za-z0-9._:-]{1,100}$/.test(jobId))
      return refuse(400, 'PRINT_JOB_ID_MISSING', 'Identifiant du travail d’impression (X-Travail) absent ou invalide.');
    // The same job sent again (its answer was lost): answered from the first attempt, printed once.
    const earlier = printed.get(jobId);
    if (earlier) {
      req.resume();
      const first = await earlier;
      if (first.status === 200) return { status: 200, body: { ...first.body, dejaImprime: true } };
    }
    const attempt = print(req, url);
    printed.set(jobId, attempt);
    const result = await attempt;
    // A failed attempt may be tried again; only what printed is remembered.
    if (result.status !== 200) printed.delete(jobId);
    while (printed.size > REMEMBERED_JOBS) printed.delete(printed.keys().next().value as string);
    return result;
  }

  return createServer((req: IncomingMessage, res: ServerResponse) => {
    const origin = allowOrigin(req.headers.origin);
    if (origin) {
      res.setHeader('Access-Control-Allow-Origin', origin);
      res.setHeader('Vary', 'Origin');
    }
    if (req.method === 'OPTIONS') {
      // A page served over the network calling a laptop's private address: Chrome's Private Network Access asks first.
      res.setHeader('Access-Control-Allow-Methods', 'GET, POST');
      res.setHeader('Access-Control-Allow-Headers', 'Authorization, Content-Type, X-Travail');
      if (req.headers['access-control-request-private-network']) res.setHeader('Access-Control-Allow-Private-Network', 'true');
      res.writeHead(origin ? 204 : 403).end();
      return;
    }
    const url = new URL(req.url ?? '/', 'http://relais');
    answer(req, url).then(
      ({ status, body }) => {
        res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
        res.end(JSON.stringify(body ?? {}));
      },
      () => {
        res.writeHead(400, { 'Content-Type': 'application/json; charset=utf-8' });
        res.end(JSON.stringify({ error: 'Requête illisible par le relais d’impression.', code: 'BAD_REQUEST' }));
      },
    );
  });
}
