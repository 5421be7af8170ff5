/**
 * A local HelloAsso for the tests (docs/helloasso.md §8): it speaks API v5 for the operations the
 * import uses — `POST /oauth2/token` (client credentials, form-encoded), a form's `orders` and
 * `payments` with HelloAsso's paging (`pageSize`, `continuationToken`, `pagination`), its 401 for a
 * token it does not know or that expired, its 404 for a form it does not have. Anything else answers
 * 404 and is recorded as unexpected, so a test sees a call it did not plan.
 *
 * It also calls out as HelloAsso does: `notify` posts a notification to the URL an association pasted
 * in its back office — JSON `{ eventType, data, metadata }`, `data` an order (`Order`) or a payment
 * with its order's form (`Payment`) — and answers what Kermesse answered.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import type { HelloAssoOrder, HelloAssoPayment } from './client.ts';

export interface FakeHelloAsso {
  url: string;
  clientId: string;
  clientSecret: string;
  organizationSlug: string;
  /** The form's orders and payments, as HelloAsso would hold them (tests add to them). */
  forms: Map<string, { orders: HelloAssoOrder[]; payments: HelloAssoPayment[] }>;
  /** Tokens handed out. */
  tokensIssued: number;
  /** Every API call (method and path, query left out). */
  calls: string[];
  unexpected: string[];
  /** Makes every token handed out so far invalid (HelloAsso revoked them). */
  revokeTokens(): void;
  /** The next API calls answer 503 (HelloAsso down). */
  failNext(count: number): void;
  /**
   * Refunds a payment of a form as HelloAsso's back office does: the payment becomes `Refunded` with a
   * refund operation of its whole amount made at `at`. Returns it, with its order, as a notification carries it.
   */
  refund(form: string, paymentId: number, at: string): HelloAssoPayment;
  /** Posts a notification to `target` as HelloAsso does, and gives back the answer. */
  notify(target: string, eventType: 'Order' | 'Payment' | 'Form' | 'Organization', data: unknown, metadata?: unknown): Promise<Response>;
  close(): Promise<void>;
}

// HelloAsso's own cap on a page; the fake keeps it small so a test crosses pages with a few orders.
const MAX_PAGE_SIZE = 2;

export async function startFakeHelloAsso(options: { organizationSlug?: string } = {}): Promise<FakeHelloAsso> {
  const tokens = new Set<string>();
  let failures = 0;
  const fake: FakeHelloAsso = {
    url: '',
    clientId: 'client-kermesse',
    clientSecret: 'secret-kermesse-0123456789',
    organizationSlug: options.organizationSlug ?? 'ape-ecole-jules-ferry',
    forms: new Map(),
    tokensIssued: 0,
    calls: [],
    unexpected: [],
    revokeTokens: () => tokens.clear(),
    failNext: (count) => void (failures = count),
    refund(formKey, paymentId, at) {
      const form = fake.forms.get(formKey);
      const payment = form?.payments.find((p) => p.id === paymentId);
      if (!form || !payment) throw new Error(`paiement ${paymentId} inconnu du formulaire ${formKey}`);
      payment.state = 'Refunded';
      payment.refundOperations = [
        ...(payment.refundOperations ?? []),
        { id: paymentId * 10, amount: payment.amount, amountTip: payment.amountTip ?? 0, status: 'Processed', meta: { createdAt: at } },
      ];
      const [formType, formSlug] = formKey.split('/');
      return { ...payment, order: { ...payment.order, formType, formSlug } };
    },
    notify: (target, eventType, data, metadata) =>
      fetch(target, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': 'HelloAsso-Notification' },
        body: JSON.stringify({ eventType, data, ...(metadata === undefined ? {} : { metadata }) }),
      }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const readBody = async (req: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  };

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      if (req.method === 'POST' && url.pathname === '/oauth2/token') {
        const form = new URLSearchParams(await readBody(req));
        if (form.get('grant_type') !== 'client_credentials') return send(res, 400, { error: 'unsupported_grant_type' });
        if (form.get('client_id') !== fake.clientId || form.get('client_secret') !== fake.clientSecret)
          return send(res, 400, { error: 'invalid_client', error_description: 'Invalid client credentials' });
        const token = randomUUID();
        tokens.add(token);
        fake.tokensIssued += 1;
        return send(res, 200, { access_token: token, token_type: 'bearer', expires_in: 1800, refresh_token: randomUUID() });
      }
      const match = /^\/v5\/organizations\/([^/]+)\/forms\/([^/]+)\/([^/]+)\/(orders|payments)$/.exec(url.pathname);
      if (req.method !== 'GET' || !match) {
        fake.unexpected.push(`${req.method} ${url.pathname}`);
        return send(res, 404, { message: 'Not found' });
      }
      fake.calls.push(`GET ${url.pathname}`);
      if (failures > 0) {
        failures -= 1;
        return send(res, 503, { message: 'Service Unavailable' });
      }
      const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      if (!bearer || !tokens.has(bearer)) return send(res, 401, { message: 'Unauthorized' });
      const [, org, formType, formSlug, what] = match;
      const form = fake.forms.get(`${formType}/${formSlug}`);
      if (org !== fake.organizationSlug || !form) return send(res, 404, { message: 'Form not found' });
      const rows: unknown[] = what === 'orders' ? form.orders : form.payments;
      const pageSize = Math.min(MAX_PAGE_SIZE, Math.max(1, Number(url.searchParams.get('pageSize') ?? 20)));
      // The token says where the previous page ended; past the last page HelloAsso answers an empty one.
      const start = Number(Buffer.from(url.searchParams.get('continuationToken') ?? 'MA', 'base64url').toString() || 0);
      const data = rows.slice(start, start + pageSize);
      const end = start + data.length;
      return send(res, 200, {
        data,
        pagination: {
          pageSize,
          totalCount: rows.length,
          pageIndex: Math.floor(start / pageSize) + 1,
          totalPages: Math.max(1, Math.ceil(rows.length / pageSize)),
          continuationToken: Buffer.from(String(end)).toString('base64url'),
        },
      });
    })().catch((err: unknown) => send(res, 500, { message: String(err) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  fake.url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return fake;
}
