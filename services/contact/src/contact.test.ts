import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildEnvelope, connectBus, type Bus, type EventConsumer, type EventEnvelope, type EventPayloads } from '@kermesse/kit/bus';
import { createDb, migrateLatest, type Db } from '@kermesse/kit/db';
import { createLogger, listen, type RunningServer } from '@kermesse/kit/http';
import {
  createTestDatabase,
  deleteTestStream,
  eventually,
  freePort,
  testNamespace,
  TEST_NATS_URL,
  type TestDatabase,
} from '@kermesse/kit/testing';
import { migrations, schema } from '../migrations/index.ts';
import { buildApp } from './app.ts';
import { startReceiptRequestedConsumer } from './consumers/receiptRequestedConsumer.ts';
import { startSaleCompletedConsumer } from './consumers/saleCompletedConsumer.ts';
import { createBrevoSmsTransport } from './delivery/transports/brevoSms.ts';
import { createSmtpTransport } from './delivery/transports/smtp.ts';
import type { MessageTransport } from './delivery/transports/types.ts';
import { startDeliveryWorker, type DeliveryWorker } from './delivery/worker.ts';
import { enqueueDelivery, type DeliveryRow } from './repositories/deliveries.ts';
import { PARTNER_CONFIRMATION } from '@kermesse/contracts-contact';
import { startFakeBrevo, startFakeSmtpServer, type FakeBrevo, type FakeSmtpServer } from './testing/fakeProviders.ts';

const logger = createLogger('contact-test', 'error');
const ASSOCIATION = 'APE École Jules Ferry';
const PUBLIC_URL = 'https://kermesse.example.org';
const MAIL_FROM = '"APE École Jules Ferry" <recus@ape-exemple.fr>';
const ASSOCIATION_EMAIL = 'bureau@ape-exemple.fr';
const SMS_KEY = 'xkeysib-test-key';

let database: TestDatabase;
let db: Db;
let bus: Bus;
let namespace: string;
let smtp: FakeSmtpServer;
let brevo: FakeBrevo;
let transports: { email: MessageTransport; sms: MessageTransport };
let worker: DeliveryWorker;
let consumer: EventConsumer;
let requestedConsumer: EventConsumer;
let server: RunningServer;
let base: string;

beforeAll(async () => {
  database = await createTestDatabase();
  db = createDb(database.url, { schema });
  await migrateLatest(db, { schema, migrations });
  namespace = testNamespace();
  bus = await connectBus({ url: TEST_NATS_URL, namespace, name: 'contact-test' });
  smtp = await startFakeSmtpServer(await freePort());
  brevo = await startFakeBrevo(SMS_KEY);
  transports = {
    email: createSmtpTransport({ url: smtp.url, from: MAIL_FROM }),
    sms: createBrevoSmsTransport({ baseUrl: brevo.url, apiKey: SMS_KEY, sender: 'APEFerry' }),
  };
  worker = startDeliveryWorker({ db, logger, transports, pollMs: 100, maxAttempts: 50, retryDelayMs: () => 200 });
  const receiptDeps = { db, bus, logger, receipt: { associationName: ASSOCIATION, publicUrl: PUBLIC_URL }, onQueued: () => worker.wake() };
  consumer = await startSaleCompletedConsumer(receiptDeps);
  requestedConsumer = await startReceiptRequestedConsumer(receiptDeps);
  server = await listen(
    await buildApp({
      db,
      logger,
      bus,
      associationEmail: ASSOCIATION_EMAIL,
      onQueued: () => worker.wake(),
      partnerRateLimit: { max: 3, windowMs: 60_000 },
    }),
    0,
  );
  base = `http://127.0.0.1:${server.port}`;
});

afterAll(async () => {
  await server?.close();
  await consumer?.stop();
  await requestedConsumer?.stop();
  await worker?.stop();
  await bus?.close();
  await deleteTestStream(namespace);
  await smtp?.stop();
  await brevo?.stop();
  await db?.destroy();
  await database?.drop();
});

type Sale = EventPayloads['sale.completed'];

/** A cash sale as the register publishes it: two crêpes, a raffle pack, a bet, a donation, the meal-deal discount. */
function buildSale(overrides: Partial<Sale> = {}): Sale {
  return {
    saleId: Math.floor(Math.random() * 1e6) + 1,
    reference: `K${randomUUID().slice(0, 6).toUpperCase()}`,
    eventId: 1,
    checkoutId: 1,
    claimId: randomUUID(),
    buyer: { personId: 7, firstname: 'Camille', lastname: 'Martin', email: 'camille.martin@exemple.fr', phone: '0611223344' },
    lines: [
      {
        productId: 11,
        name: 'Crêpe au sucre',
        categoryId: 1,
        categoryName: 'Sucré',
        unitPriceCents: 150,
        quantity: 2,
        totalCents: 300,
        kind: 'product',
      },
      {
        productId: 21,
        name: 'Tombola – carnet de 3',
        categoryId: 5,
        categoryName: 'Tombola',
        unitPriceCents: 500,
        quantity: 1,
        totalCents: 500,
        kind: 'raffle',
      },
      {
        productId: 31,
        name: 'Pari panier garni',
        categoryId: 6,
        categoryName: 'Panier garni',
        unitPriceCents: 200,
        quantity: 2,
        totalCents: 400,
        kind: 'giftbasket',
      },
      {
        productId: -1,
        name: 'Don',
        categoryId: null,
        categoryName: 'Donations',
        unitPriceCents: 100,
        quantity: 1,
        totalCents: 100,
        kind: 'donation',
      },
      {
        productId: -2,
        name: 'Remise formule',
        categoryId: null,
        categoryName: 'Remises',
        unitPriceCents: -50,
        quantity: 1,
        totalCents: -50,
        kind: 'discount',
      },
    ],
    tickets: [
      { raffleId: 3, number: 45 },
      { raffleId: 3, number: 7 },
      { raffleId: 3, number: 12 },
    ],
    bets: [
      { giftBasketId: 2, typeId: 1, weight: 1250 },
      { giftBasketId: 2, typeId: 1, weight: 2005 },
    ],
    payments: [{ method: 'ESP', amountCents: 1250, reference: '20.00' }],
    totalCents: 1250,
    paymentMode: 2,
    paymentStatus: 1,
    receipt: { method: 'email', to: 'camille.martin@exemple.fr' },
    completedAt: '2026-05-16T12:32:00.000Z',
    ...overrides,
  };
}

/** Publishes as the register's outbox relay does (Nats-Msg-Id = event id unless told otherwise). */
async function publish(envelope: EventEnvelope<'sale.completed' | 'receipt.requested'>, msgID = envelope.id): Promise<void> {
  await bus.js.publish(bus.subjectOf(envelope), JSON.stringify(envelope), { msgID });
}

/** « Envoyer reçu » after the sale, as the register records it: the sale's receipt fields, a fresh requestId. */
function receiptRequest(sale: Sale, method: 'sms' | 'email', to: string): EventEnvelope<'receipt.requested'> {
  const { reference, saleId, eventId, lines, tickets, bets, payments, totalCents, paymentMode, paymentStatus, completedAt } = sale;
  return buildEnvelope('register', 'receipt.requested', {
    requestId: randomUUID(),
    method,
    to,
    reference,
    saleId,
    eventId,
    lines,
    tickets,
    bets,
    payments,
    totalCents,
    paymentMode,
    paymentStatus,
    completedAt,
    requestedAt: '2026-05-16T12:40:00.000Z',
  });
}

/** `eventually` for checks written as `condition && value`. */
const waitFor = <T>(check: () => Promise<T | false | null | undefined> | T | false | null | undefined): Promise<T> =>
  eventually(check) as Promise<T>;
const saleEvent = (sale: Sale) => buildEnvelope('register', 'sale.completed', sale);
const handled = (eventId: string) => eventually(async () => (await db('inbox').where({ event_id: eventId })).length > 0);
const deliveriesOf = (reference: string): Promise<DeliveryRow[]> => db('deliveries').where({ sale_reference: reference }).orderBy('id');
const mailsFor = (reference: string) => smtp.messages.filter((m) => m.subject.includes(reference));
const smsFor = (reference: string) => brevo.requests.filter((r) => r.body.content.includes(reference));
/**
 * Nothing more can be sent: both consumers acknowledged every message published so far (a
 * redelivery included) and the worker has no job left to send. What « a second one never
 * comes » is checked after, instead of waiting a fixed time.
 */
async function settle(): Promise<void> {
  await eventually(async () => {
    for (const durable of ['contact-sale-completed', 'contact-receipt-requested']) {
      const info = await bus.jsm.consumers.info(bus.stream, durable);
      if (info.num_pending > 0 || info.num_ack_pending > 0) return false;
    }
    return true;
  });
  await eventually(async () => (await worker.drain()) === 0 && (await db('deliveries').where({ status: 'pending' })).length === 0);
}

describe('receipts by e-mail', () => {
  it('sends exactly one e-mail with the French receipt, then forgets the address', async () => {
    const sale = buildSale();
    await publish(saleEvent(sale));

    const [mail] = await waitFor(() => mailsFor(sale.reference).length === 1 && mailsFor(sale.reference));
    expect(mail!.to).toEqual(['camille.martin@exemple.fr']);
    expect(mail!.from).toBe('recus@ape-exemple.fr');
    expect(mail!.subject).toBe(`Votre reçu APE École Jules Ferry – vente ${sale.reference}`);
    expect(mail!.headers['content-type']).toMatch(/^multipart\/alternative/);

    const text = mail!.text.replace(/[\u00a0\u202f]/g, ' ');
    expect(text).toContain(`APE École Jules Ferry\nReçu de la vente ${sale.reference}\nLe 16 mai 2026 à 14:32`);
    expect(text).toContain('- Crêpe au sucre (2 × 1,50 €) : 3,00 €');
    expect(text).toContain('- Pari panier garni (2 × 2,00 €) : 4,00 €');
    expect(text).toContain('- Don : 1,00 €');
    expect(text).toContain('- Remise formule : -0,50 €');
    expect(text).toContain('Total : 12,50 €');
    expect(text).toContain('Règlement :\n- Espèces : 12,50 €');
    expect(text).toContain('Vos numéros de tombola :\n- Tombola : 7, 12, 45');
    expect(text).toContain('Vos paris :\n- Panier garni : 1 kg 250 g ; 2 kg 005 g');
    expect(text).toContain(`Votre reçu en ligne : ${PUBLIC_URL}/s/${sale.reference}`);

    const html = mail!.html.replace(/[\u00a0\u202f]/g, ' ');
    expect(html).toContain('<html lang="fr">');
    expect(html).toContain('Crêpe au sucre');
    expect(html).toContain('12,50 €');
    expect(html).toContain(`href="${PUBLIC_URL}/s/${sale.reference}"`);

    const [row] = await waitFor(async () => {
      const rows = await deliveriesOf(sale.reference);
      return rows[0]?.status === 'sent' && rows;
    });
    expect(row).toMatchObject({ channel: 'email', recipient: null, reply_to: null, attempts: 1, transport: 'smtp' });
    expect(row!.provider_message_id).toMatch(/^<receipt-.+@ape-exemple\.fr>$/);
  });

  it('sends one e-mail when the same sale arrives twice, or in a second event', async () => {
    const sale = buildSale();
    const event = saleEvent(sale);
    const again = saleEvent(sale); // the register re-publishing the same sale under a new event id
    await publish(event);
    await publish(event, randomUUID()); // JetStream redelivery past its duplicate window
    await publish(again);
    await handled(event.id);
    await handled(again.id);
    await eventually(() => mailsFor(sale.reference).length === 1);
    await worker.drain();
    await settle();
    expect(mailsFor(sale.reference)).toHaveLength(1);
    expect(await deliveriesOf(sale.reference)).toHaveLength(1);
    expect(await db('inbox').where({ event_id: event.id })).toHaveLength(1);
  });

  it('keeps the receipt while SMTP is down and sends it once SMTP is back; the event is handled meanwhile', async () => {
    await smtp.stop();
    try {
      const sale = buildSale();
      const event = saleEvent(sale);
      await publish(event);
      // The sale side is done: the event is acknowledged into the inbox although SMTP refuses connections.
      await handled(event.id);
      const [waiting] = await waitFor(async () => {
        const rows = await deliveriesOf(sale.reference);
        return rows[0] && rows[0].attempts >= 2 && rows;
      });
      expect(waiting).toMatchObject({ status: 'pending', recipient: 'camille.martin@exemple.fr' });
      expect(waiting!.last_error).toMatch(/ECONNREFUSED|connect/i);
      expect(mailsFor(sale.reference)).toHaveLength(0);

      await smtp.start();
      await eventually(() => mailsFor(sale.reference).length === 1);
      const [sent] = await waitFor(async () => {
        const rows = await deliveriesOf(sale.reference);
        return rows[0]?.status === 'sent' && rows;
      });
      expect(sent!.recipient).toBeNull();
      expect(sent!.attempts).toBeGreaterThanOrEqual(3);
    } finally {
      await smtp.start().catch(() => undefined);
    }
  });

  it("uses the identified buyer's address when the register gives none, and refuses a bad one without storing it", async () => {
    const fromBuyer = buildSale({ receipt: { method: 'email', to: null } });
    const invalid = buildSale({ receipt: { method: 'email', to: 'pas-une-adresse' } });
    await publish(saleEvent(fromBuyer));
    await publish(saleEvent(invalid));
    await eventually(() => mailsFor(fromBuyer.reference).length === 1);
    expect(mailsFor(fromBuyer.reference)[0]!.to).toEqual(['camille.martin@exemple.fr']);

    const [refused] = await waitFor(async () => (await deliveriesOf(invalid.reference)).length === 1 && deliveriesOf(invalid.reference));
    expect(refused).toMatchObject({
      status: 'failed',
      recipient: null,
      attempts: 0,
      last_error: 'Adresse e-mail absente ou invalide : reçu non envoyé.',
    });
    expect(mailsFor(invalid.reference)).toHaveLength(0);
  });

  it('sends nothing when the buyer asked for no receipt, or for a printed one', async () => {
    const none = saleEvent(buildSale({ receipt: null }));
    const absent = saleEvent(buildSale({ receipt: undefined }));
    const printed = saleEvent(buildSale({ receipt: { method: 'print', to: null } }));
    for (const e of [none, absent, printed]) await publish(e);
    for (const e of [none, absent, printed]) await handled(e.id);
    await worker.drain();
    await settle();
    for (const e of [none, absent, printed]) {
      expect(await deliveriesOf(e.payload.reference)).toHaveLength(0);
      expect(mailsFor(e.payload.reference)).toHaveLength(0);
      expect(smsFor(e.payload.reference)).toHaveLength(0);
    }
  });
});

describe('receipts by SMS (Brevo transactional SMS)', () => {
  it('sends a short SMS with the total and the receipt link, then forgets the number', async () => {
    const sale = buildSale({ receipt: { method: 'sms', to: '06 12 34 56 78' } });
    await publish(saleEvent(sale));
    const [request] = await waitFor(() => smsFor(sale.reference).length === 1 && smsFor(sale.reference));
    expect(request!.apiKey).toBe(SMS_KEY);
    expect(request!.body).toEqual({
      sender: 'APEFerry',
      recipient: '33612345678',
      content: `APE École Jules Ferry : merci pour votre achat ! Vente ${sale.reference}, total 12,50 €. Détail : ${PUBLIC_URL}/s/${sale.reference}`,
      type: 'transactional',
      tag: 'recu-kermesse',
      unicodeEnabled: false,
    });
    expect(request!.body.content.length).toBeLessThanOrEqual(160);

    const [row] = await waitFor(async () => {
      const rows = await deliveriesOf(sale.reference);
      return rows[0]?.status === 'sent' && rows;
    });
    expect(row).toMatchObject({
      channel: 'sms',
      recipient: null,
      transport: 'brevo-sms',
      provider_message_id: expect.stringMatching(/^\d+$/),
    });
  });

  it('retries after a provider outage, and gives up at once (number erased) when Brevo refuses the message', async () => {
    brevo.failNext.push({ status: 503, code: 'service_unavailable' });
    const retried = buildSale({ receipt: { method: 'sms', to: '0699887766' } });
    await publish(saleEvent(retried));
    await eventually(async () => (await deliveriesOf(retried.reference))[0]?.status === 'sent');
    expect(smsFor(retried.reference)).toHaveLength(2);

    brevo.failNext.push({ status: 400, code: 'invalid_parameter' });
    const refused = buildSale({ receipt: { method: 'sms', to: '0655443322' } });
    await publish(saleEvent(refused));
    const [row] = await waitFor(async () => {
      const rows = await deliveriesOf(refused.reference);
      return rows[0]?.status === 'failed' && rows;
    });
    expect(row).toMatchObject({ recipient: null, attempts: 1 });
    expect(row!.last_error).toContain('Brevo 400 invalid_parameter');
    await settle();
    expect(smsFor(refused.reference)).toHaveLength(1);
  });
});

describe('receipts asked for after the sale (receipt.requested)', () => {
  it('sends the same French receipt by e-mail as for the sale, and once when the event is redelivered', async () => {
    const sale = buildSale({ receipt: null });
    const event = receiptRequest(sale, 'email', 'Camille.Martin@Exemple.fr');
    await publish(event);
    await publish(event, randomUUID()); // JetStream redelivery past its duplicate window
    const [mail] = await waitFor(() => mailsFor(sale.reference).length === 1 && mailsFor(sale.reference));
    expect(mail!.to).toEqual(['camille.martin@exemple.fr']);
    expect(mail!.subject).toBe(`Votre reçu APE École Jules Ferry – vente ${sale.reference}`);
    const text = mail!.text.replace(/[\u00a0\u202f]/g, ' ');
    expect(text).toContain(`APE École Jules Ferry\nReçu de la vente ${sale.reference}\nLe 16 mai 2026 à 14:32`);
    expect(text).toContain('- Crêpe au sucre (2 × 1,50 €) : 3,00 €');
    expect(text).toContain('Total : 12,50 €');
    expect(text).toContain('Vos numéros de tombola :\n- Tombola : 7, 12, 45');
    expect(text).toContain(`Votre reçu en ligne : ${PUBLIC_URL}/s/${sale.reference}`);

    await handled(event.id);
    await worker.drain();
    await settle();
    expect(mailsFor(sale.reference)).toHaveLength(1);
    const rows = await deliveriesOf(sale.reference);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'sent', recipient: null, request_id: event.payload.requestId });
  });

  it("sends again for a second request, even after the sale's own SMS receipt", async () => {
    const sale = buildSale({ receipt: { method: 'sms', to: '0611223344' } });
    await publish(saleEvent(sale));
    await eventually(() => smsFor(sale.reference).length === 1);
    const first = receiptRequest(sale, 'sms', '0612345678');
    const second = receiptRequest(sale, 'sms', '0612345678');
    await publish(first);
    await eventually(() => smsFor(sale.reference).length === 2);
    await publish(second);
    await eventually(() => smsFor(sale.reference).length === 3);
    const [, request] = smsFor(sale.reference);
    expect(request!.body).toMatchObject({
      recipient: '33612345678',
      content: `APE École Jules Ferry : merci pour votre achat ! Vente ${sale.reference}, total 12,50 €. Détail : ${PUBLIC_URL}/s/${sale.reference}`,
    });
    await worker.drain();
    await settle();
    expect(smsFor(sale.reference)).toHaveLength(3);
    const rows = await waitFor(async () => {
      const all = await deliveriesOf(sale.reference);
      return all.every((r) => r.status === 'sent') && all;
    });
    expect(rows.map((r) => r.request_id)).toEqual([null, first.payload.requestId, second.payload.requestId]);
  });
});

describe('delivery worker', () => {
  it('never sends the same job twice when several instances run at once', async () => {
    const slowEmail: MessageTransport = {
      name: 'smtp',
      async send(message) {
        await new Promise((r) => setTimeout(r, 30));
        return transports.email.send(message);
      },
    };
    const others = [1, 2].map(() =>
      startDeliveryWorker({ db, logger, transports: { ...transports, email: slowEmail }, pollMs: 50, concurrency: 3 }),
    );
    const references = Array.from({ length: 12 }, (_, i) => `PAR${i}${randomUUID().slice(0, 4)}`);
    await db.transaction(async (trx) => {
      for (const reference of references) {
        await enqueueDelivery(trx, {
          kind: 'receipt',
          saleReference: reference,
          channel: 'email',
          recipient: 'parallele@exemple.fr',
          subject: `Votre reçu – vente ${reference}`,
          bodyText: 'Reçu',
          bodyHtml: null,
        });
      }
    });
    await Promise.all([...others.map((w) => w.drain()), worker.drain()]);
    await eventually(
      async () => (await db('deliveries').whereIn('sale_reference', references).where({ status: 'sent' })).length === references.length,
    );
    await Promise.all(others.map((w) => w.stop()));
    for (const reference of references) expect(mailsFor(reference)).toHaveLength(1);
  });
});

describe('partner form (POST /api/partner/sendByEmail)', () => {
  const post = (body: unknown, ip = '203.0.113.7') =>
    fetch(`${base}/api/partner/sendByEmail`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  const request = {
    entreprise: 'Boulangerie Dupain',
    contact: 'Jeanne Dupain',
    email: 'jeanne@dupain.fr',
    telephone: '01 23 45 67 89',
    code_postal: '75011',
    ville: 'Paris',
    siteweb: 'https://dupain.fr',
    typeDon: 'voucher',
    message: 'Nous offrons dix bons <pain & viennoiseries> pour la tombola.',
  };

  it('stores a valid request, confirms it in French and forwards it to the association', async () => {
    const res = await post(request);
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ success: true, message: PARTNER_CONFIRMATION });
    expect(PARTNER_CONFIRMATION).toBe('Merci, votre demande a été envoyée avec succès !');

    const [stored] = await db('partner_requests').where({ entreprise: 'Boulangerie Dupain' });
    expect(stored).toMatchObject({ contact: 'Jeanne Dupain', email: 'jeanne@dupain.fr', type_don: 'voucher', code_postal: '75011' });

    const mail = await eventually(() => smtp.messages.find((m) => m.subject === 'Nouvelle demande de partenariat : Boulangerie Dupain'));
    expect(mail.to).toEqual([ASSOCIATION_EMAIL]);
    expect(mail.headers['reply-to']).toBe('jeanne@dupain.fr');
    expect(mail.text).toContain("Type de don : Bon d'achat");
    expect(mail.text).toContain('Nous offrons dix bons <pain & viennoiseries> pour la tombola.');
    expect(mail.html).toContain('&lt;pain &amp; viennoiseries&gt;');
    const [delivery] = await waitFor(async () => {
      const rows = await db('deliveries').where({ partner_request_id: stored.id });
      return rows[0]?.status === 'sent' && rows;
    });
    expect(delivery).toMatchObject({ kind: 'partner', recipient: null, reply_to: null });
  });

  it('refuses bad requests with a French message and stores nothing', async () => {
    const before = await db('partner_requests').count({ n: '*' });
    const cases: [unknown, string][] = [
      [{ ...request, email: undefined }, 'Le champ « email » est obligatoire.'],
      [{ ...request, email: 'jeanne-at-dupain' }, "Le champ « email » n'est pas au bon format (email)."],
      [{ ...request, contact: '   ' }, 'Le champ « contact » ne doit pas être vide.'],
      [{ ...request, entreprise: '' }, 'Le champ « entreprise » ne doit pas être vide.'],
      [
        { ...request, typeDon: 'argent' },
        "Le champ « typeDon » doit valoir l'une des valeurs : none, voucher, branded_item, lending, autres.",
      ],
      [{ ...request, telephone: 'appelez-moi' }, "Le champ « telephone » n'est pas au bon format."],
      [{ ...request, message: 'x'.repeat(5001) }, 'Le champ « message » ne doit pas dépasser 5000 caractères.'],
      [{ ...request, admin: true }, "Le champ « admin » n'est pas autorisé."],
      [[request], 'Le corps de la requête doit être de type objet.'],
    ];
    for (const [body, error] of cases) {
      const res = await post(body, '198.51.100.1');
      expect(res.status, error).toBe(400);
      expect(await res.json()).toMatchObject({ error });
    }
    const malformed = await post('{"entreprise": ', '198.51.100.1');
    expect(malformed.status).toBe(400);
    expect(await db('partner_requests').count({ n: '*' })).toEqual(before);
  });

  it('slows down a client that floods the form', async () => {
    const ip = '192.0.2.44';
    for (let i = 0; i < 3; i++) expect((await post({ ...request, entreprise: `Flood ${i}` }, ip)).status).toBe(201);
    const res = await post({ ...request, entreprise: 'Flood 3' }, ip);
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await res.json()).toEqual({
      error: 'Trop de demandes envoyées depuis cette adresse. Réessayez dans quelques minutes.',
      code: 'TOO_MANY_PARTNER_REQUESTS',
    });
    expect(await db('partner_requests').where({ entreprise: 'Flood 3' })).toHaveLength(0);
    expect((await post({ ...request, entreprise: 'Autre client' }, '192.0.2.45')).status).toBe(201);
    // Hosting: the same address on another association's host (one town hall's network) is counted apart.
    const elsewhere = await fetch(`${base}/api/partner/sendByEmail`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-forwarded-for': ip,
        'x-kermesse-association': '22222222-2222-4222-8222-222222222222',
      },
      body: JSON.stringify({ ...request, entreprise: 'Autre association' }),
    });
    expect(elsewhere.status).toBe(201);
  });

  it('answers /healthz', async () => {
    const res = await fetch(`${base}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ service: 'contact', status: 'ok', database: 'ok', nats: 'ok' });
  });
});
