/**
 * Local stand-ins for the outside providers, for tests: an SMTP server (the `smtp-server`
 * package) that captures what it receives, and an HTTP server answering Brevo's transactional SMS
 * API as Brevo documents it. Nothing leaves the machine.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  from: string;
  to: string[];
  headers: Record<string, string>;
  subject: string;
  text: string;
  html: string;
  raw: string;
}

export interface FakeSmtpServer {
  port: number;
  url: string;
  messages: CapturedMail[];
  /** Starts listening (again) on the same port. */
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** An SMTP server on `port` (no TLS, any login accepted) that keeps every message it accepts. */
export async function startFakeSmtpServer(port: number, { listen = true } = {}): Promise<FakeSmtpServer> {
  const messages: CapturedMail[] = [];
  let server: SMTPServer | null = null;
  const fake: FakeSmtpServer = {
    port,
    url: `smtp://kermesse:secret@127.0.0.1:${port}`,
    messages,
    async start() {
      server = new SMTPServer({
        disabledCommands: ['STARTTLS'],
        authOptional: true,
        allowInsecureAuth: true,
        logger: false,
        onAuth(_auth, _session, callback) {
          callback(null, { user: 'kermesse' });
        },
        onData(stream, session, callback) {
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            const raw = Buffer.concat(chunks).toString('utf8');
            messages.push({
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              to: session.envelope.rcptTo.map((r) => r.address),
              ...parseMail(raw),
              raw,
            });
            callback();
          });
        },
      });
      await new Promise<void>((resolve, reject) => {
        server!.once('error', reject);
        server!.listen(port, '127.0.0.1', () => resolve());
      });
    },
    async stop() {
      const s = server;
      server = null;
      if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
    },
  };
  if (listen) await fake.start();
  return fake;
}

/** Just enough MIME for our own messages: headers, RFC 2047 words, multipart/alternative, QP and base64. */
export function parseMail(raw: string): { headers: Record<string, string>; subject: string; text: string; html: string } {
  const { headers, body } = splitPart(raw);
  const result = { headers, subject: decodeWords(headers['subject'] ?? ''), text: '', html: '' };
  const boundary = /boundary="?([^";]+)"?/i.exec(headers['content-type'] ?? '')?.[1];
  const parts = boundary
    ? body
        .split(`--${boundary}`)
        .slice(1, -1)
        .map((p) => splitPart(p.replace(/^\r?\n/, '')))
    : [{ headers, body }];
  for (const part of parts) {
    const type = (part.headers['content-type'] ?? 'text/plain').toLowerCase();
    const content = decodeBody(part.body, part.headers['content-transfer-encoding'] ?? '7bit').replace(/\r\n/g, '\n');
    if (type.startsWith('text/plain')) result.text = content;
    if (type.startsWith('text/html')) result.html = content;
  }
  return result;
}

function splitPart(raw: string): { headers: Record<string, string>; body: string } {
  const at = raw.indexOf('\r\n\r\n');
  const head = at >= 0 ? raw.slice(0, at) : raw;
  const body = at >= 0 ? raw.slice(at + 4) : '';
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

function decodeBody(body: string, encoding: string): string {
  const enc = encoding.toLowerCase();
  if (enc === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (enc === 'quoted-printable') return decodeQp(body);
  return body;
}

function decodeQp(text: string): string {
  const soft = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < soft.length; i++) {
    if (soft[i] === '=' && /^[0-9A-F]{2}$/i.test(soft.slice(i + 1, i + 3))) {
      bytes.push(parseInt(soft.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(soft[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QB])\?([^?]*)\?=/gi, (_, _charset: string, kind: string, data: string) =>
      kind.toUpperCase() === 'B' ? Buffer.from(data, 'base64').toString('utf8') : decodeQp(data.replace(/_/g, ' ')),
    );
}

export interface BrevoSmsRequest {
  apiKey: string | undefined;
  body: { sender: string; recipient: string; content: string; type?: string; tag?: string; unicodeEnabled?: boolean };
}

export interface FakeBrevo {
  /** Base URL to give as SMS_PROVIDER_URL (`http://127.0.0.1:port/v3`). */
  url: string;
  requests: BrevoSmsRequest[];
  /** Next answers to give instead of 201, e.g. `[{ status: 503, code: 'service_unavailable' }]`. */
  failNext: { status: number; code: string }[];
  stop(): Promise<void>;
}

/**
 * Brevo's `POST /v3/transactionalSMS/send`: 401 `{code: "unauthorized"}` without the right
 * `api-key`, 400 `{code: "invalid_parameter"}` when sender, recipient or content is missing or
 * the recipient is not an international number, else 201 `{messageId}`.
 */
export async function startFakeBrevo(apiKey: string): Promise<FakeBrevo> {
  const requests: BrevoSmsRequest[] = [];
  const failNext: FakeBrevo['failNext'] = [];
  let nextId = 1511882900176220;
  const server: Server = createServer(async (req, res) => {
    const reply = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.method !== 'POST' || req.url !== '/v3/transactionalSMS/send') {
      return reply(404, { code: 'not_found', message: 'Invalid route' });
    }
    const key = req.headers['api-key'] as string | undefined;
    if (key !== apiKey) return reply(401, { code: 'unauthorized', message: 'Key not found' });
    let body: BrevoSmsRequest['body'];
    try {
      body = JSON.parse(await readBody(req));
    } catch {
      return reply(400, { code: 'bad_request', message: 'Input must be a valid JSON object' });
    }
    requests.push({ apiKey: key, body });
    const forced = failNext.shift();
    if (forced) return reply(forced.status, { code: forced.code, message: `forced ${forced.status} by the test` });
    if (!body.sender || !body.content || !/^\d{6,15}$/.test(body.recipient ?? '')) {
      return reply(400, {
        code: 'invalid_parameter',
        message: 'recipient, sender and content are required; recipient in international format',
      });
    }
    return reply(201, { messageId: nextId++ });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/v3`,
    requests,
    failNext,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}
