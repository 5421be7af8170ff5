/**
 * An association's tools, through the whole system (launcher, gateway, services, NATS): an administrator
 * registers a receiver's address for « sale.completed », a cashier sells, and the receiver gets the sale
 * signed following Standard Webhooks; an administrator gives a tool a treasurer's token, the tool reads
 * the books with it, and once revoked it is refused at once.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { eventually } from '@kermesse/kit/testing';
import { callGateway, gatewayOk, signInToken } from './support/api.ts';
import { DEMO_ACCOUNTS } from './support/session.ts';
import { startTestSystem, type TestSystem } from './support/system.ts';

let sys: TestSystem;
let receiver: Server;
let receiverUrl: string;
const received: Array<{ headers: IncomingHttpHeaders; body: string }> = [];
let admin: string;
let cashier: string;

beforeAll(async () => {
  sys = await startTestSystem({ build: false });
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(200, { 'content-type': 'text/plain' }).end('reçu');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/kermesse`;
  [admin, cashier] = await Promise.all([signInToken(sys.url, DEMO_ACCOUNTS.admin), signInToken(sys.url, DEMO_ACCOUNTS.caissier)]);
}, 240_000);

afterAll(async () => {
  await new Promise((resolve) => receiver?.close(resolve));
  await sys?.stop();
});

/** A cash sale of two products of the demo's « Caisse Buvette »; its reference. */
async function sellTwoProducts(): Promise<string> {
  const events = await gatewayOk<Array<{ id: number; name: string }>>(sys.url, cashier, 'GET', '/api/cr/events');
  const event = events.find((e) => e.name === 'Kermesse de printemps')!;
  const [first] = await gatewayOk<Array<{ checkouts: Array<{ id: number; name: string }> }>>(
    sys.url,
    cashier,
    'GET',
    `/api/cr/events/${event.id}/checkouts`,
  );
  const buvette = first!.checkouts.find((c) => c.name === 'Caisse Buvette')!;
  const [catalogue] = await gatewayOk<Array<{ products: Array<{ id: number; name: string; price: number }> }>>(
    sys.url,
    cashier,
    'GET',
    `/api/cr/checkouts/${buvette.id}`,
  );
  const waffle = catalogue!.products.find((p) => p.name === 'Gaufre')!;
  const sale = {
    sale: {
      checkoutId: buvette.id,
      eventId: event.id,
      personId: null,
      paymentMode: 2,
      cart: [{ product: { id: waffle.id, name: 'Gaufre', price: waffle.price }, quantity: 2 }],
      payments: [{ method: 'ESP', amount: waffle.price * 2, payment_reference: '10' }],
    },
  };
  const answer = await gatewayOk<{ sale: { reference: string } }>(sys.url, cashier, 'POST', '/api/cr/sale/create', sale, {
    'Idempotency-Key': randomUUID(),
  });
  return answer.sale.reference;
}

describe('webhooks through the gateway', () => {
  it('sends a sale to the registered address once, signed, and logs it', async () => {
    const endpoint = await gatewayOk<{ id: number; secret: string }>(sys.url, admin, 'POST', '/api/admin/webhooks', {
      url: receiverUrl,
      description: 'Tableau de bord de la fédération',
      eventTypes: ['sale.completed'],
    });
    expect((await callGateway(sys.url, cashier, 'GET', '/api/admin/webhooks')).status).toBe(403);

    const reference = await sellTwoProducts();
    const request = await eventually(() => received.find((r) => r.body.includes(reference)), 30_000);
    const message = new Webhook(endpoint.secret).verify(request.body, request.headers as Record<string, string>) as {
      type: string;
      data: { reference: string; lines: Array<{ name: string; quantity: number }> };
    };
    expect(message.type).toBe('sale.completed');
    expect(message.data.reference).toBe(reference);
    expect(message.data.lines).toEqual([expect.objectContaining({ name: 'Gaufre', quantity: 2 })]);

    const log = await eventually(async () => {
      const answer = await gatewayOk<{ items: Array<{ eventId: string; status: string; lastStatus: number | null; lastAnswer: string }> }>(
        sys.url,
        admin,
        'GET',
        `/api/admin/webhooks/${endpoint.id}/deliveries`,
      );
      return answer.items.find((d) => d.eventId === request.headers['webhook-id'] && d.status === 'sent');
    });
    expect(log).toMatchObject({ lastStatus: 200, lastAnswer: 'reçu' });
    expect(received.filter((r) => r.headers['webhook-id'] === request.headers['webhook-id'])).toHaveLength(1);
  });
});

describe('API tokens for tools through the gateway', () => {
  it("accepts a tool's token with the roles chosen for it, and refuses it at once once revoked", async () => {
    const created = await gatewayOk<{ id: string; token: string }>(sys.url, admin, 'POST', '/api/admin/api-tokens', {
      name: 'Tableur du trésorier',
      roles: ['treasurer'],
      expiresInDays: 30,
    });
    const books = `/api/admin/accountancy/financial-years`;
    expect((await callGateway(sys.url, created.token, 'GET', books)).status).toBe(200);
    expect((await callGateway(sys.url, created.token, 'GET', '/api/admin/webhooks')).status).toBe(403);

    const listed = await gatewayOk<{ items: Array<{ id: string; lastUsedAt: string | null }> }>(
      sys.url,
      admin,
      'GET',
      '/api/admin/api-tokens',
    );
    expect(listed.items.find((t) => t.id === created.id)?.lastUsedAt).not.toBeNull();

    await gatewayOk(sys.url, admin, 'DELETE', `/api/admin/api-tokens/${created.id}`);
    const refused = await callGateway<{ error: string; code: string }>(sys.url, created.token, 'GET', books);
    expect(refused).toEqual({ status: 401, body: { error: 'Ce jeton a été révoqué.', code: 'UNAUTHENTICATED' } });
  });
});
