/**
 * HelloAsso's notifications on real Postgres, sent by the local fake HelloAsso as HelloAsso sends them
 * (docs/helloasso.md §5): the association's URL with its secret, an order booked once however often it
 * is sent, a wrong secret or a broken body refused with nothing written, and the pull of the same form
 * finding the notified items already there.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSecretBox, isSealed } from '@kermesse/kit/secrets';
import {
  HELLOASSO_NOTIFICATION_PREFIX,
  type DonationList,
  type HelloAssoImportAnswer,
  type HelloAssoNotificationAnswer,
  type HelloAssoOverview,
  type JournalAnswer,
} from '@kermesse/contracts-accounting';
import type { HelloAssoOrder } from './helloasso/client.ts';
import { startFakeHelloAsso, type FakeHelloAsso } from './helloasso/fakeHelloAsso.ts';
import { startAccountingTestSystem, type AccountingTestSystem } from './testSupport.ts';

let sys: AccountingTestSystem;
let helloAsso: FakeHelloAsso;
const box = createSecretBox(randomBytes(32));
const A = '/api/admin/accountancy';
const FORM = { formType: 'Event', formSlug: 'fete-ecole-2026' };

const order = (id: number, items: HelloAssoOrder['items']): HelloAssoOrder => ({
  id,
  date: '2026-06-12T20:15:00+02:00',
  formSlug: FORM.formSlug,
  formType: FORM.formType,
  payer: { firstName: 'Chloé', lastName: 'Garnier', email: 'chloe.garnier@example.org', zipCode: '69004', city: 'Lyon' },
  items,
});
const ORDER = order(2001, [
  {
    id: 7001,
    name: 'Entrée adulte',
    amount: 500,
    type: 'Registration',
    state: 'Processed',
    user: { firstName: 'Chloé', lastName: 'Garnier' },
  },
  { id: 7002, name: 'Don', amount: 1000, type: 'Donation', state: 'Processed' },
]);

beforeAll(async () => {
  helloAsso = await startFakeHelloAsso();
  sys = await startAccountingTestSystem({ app: true, consumers: false, helloAssoUrl: helloAsso.url, secrets: box });
  helloAsso.forms.set(`${FORM.formType}/${FORM.formSlug}`, { orders: [ORDER], payments: [] });
}, 120_000);

afterAll(async () => {
  await sys?.stop();
  await helloAsso?.close();
});

const json = async <T>(res: Response): Promise<T> => (await res.json()) as T;
const overview = async () => json<HelloAssoOverview>(await sys.request(`${A}/helloasso`));
const journal = async () => (await json<JournalAnswer>(await sys.request(`${A}/journal/2026`))).entries;
const notifications = async () => sys.db('helloasso_notifications').orderBy('id').select('event_type', 'notification_key', 'outcome');
let notificationUrl = '';

describe("HelloAsso's notification URL", () => {
  it('is given once the account is saved, with a secret sealed at rest, and stays the same on a later save', async () => {
    expect((await overview()).settings.notificationPath).toBeNull();
    const account = { organizationSlug: helloAsso.organizationSlug, clientId: helloAsso.clientId, clientSecret: helloAsso.clientSecret };
    const saved = await json<{ settings: HelloAssoOverview['settings'] }>(
      await sys.request(`${A}/helloasso/settings`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(account),
      }),
    );
    const path = saved.settings.notificationPath ?? '';
    expect(path).toMatch(new RegExp(`^${HELLOASSO_NOTIFICATION_PREFIX}/[A-Za-z0-9_-]{43}$`));
    const stored = (await sys.db('helloasso_settings').first('notification_secret')) as { notification_secret: string };
    expect(isSealed(stored.notification_secret)).toBe(true);

    await sys.request(`${A}/helloasso/settings`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ organizationSlug: account.organizationSlug, clientId: account.clientId }),
    });
    expect((await overview()).settings.notificationPath).toBe(path);
    notificationUrl = `${sys.base}${path}`;
  });

  it('refuses a wrong secret with a French 404, and writes nothing', async () => {
    const res = await helloAsso.notify(`${sys.base}${HELLOASSO_NOTIFICATION_PREFIX}/${'x'.repeat(43)}`, 'Order', ORDER);
    expect(res.status).toBe(404);
    expect(await json<{ code: string; error: string }>(res)).toMatchObject({
      code: 'HELLOASSO_NOTIFICATION_UNKNOWN',
      error: expect.stringContaining('Adresse de notification inconnue'),
    });
    expect(await notifications()).toEqual([]);
    expect(await journal()).toEqual([]);
  });

  it('books an order it is told about once, however often HelloAsso sends it', async () => {
    const first = await helloAsso.notify(notificationUrl, 'Order', ORDER, { reference: 'kermesse' });
    expect(first.status).toBe(200);
    expect(await json<HelloAssoNotificationAnswer>(first)).toEqual({ received: true, outcome: 'applied' });
    const booked = await journal();
    expect(booked.flatMap((e) => e.lines.map((l) => [e.pieceRef, l.account, l.debit, l.credit]))).toEqual([
      ['HA-7001', '467', 5, 0],
      ['HA-7001', '706', 0, 5],
      ['HA-7002', '467', 10, 0],
      ['HA-7002', '7541', 0, 10],
    ]);

    // HelloAsso sends again when our answer was lost; two arrive together as well.
    const again = await Promise.all([1, 2, 3].map(() => helloAsso.notify(notificationUrl, 'Order', ORDER)));
    for (const res of again) expect(await json<HelloAssoNotificationAnswer>(res)).toEqual({ received: true, outcome: 'duplicate' });
    expect(await journal()).toEqual(booked);
    expect(await notifications()).toEqual([{ event_type: 'Order', notification_key: 'Order:2001', outcome: 'applied' }]);

    // The form is now read again each night, though nobody imported it by hand.
    expect((await overview()).forms).toEqual([{ ...FORM, lastPulledAt: null, lastError: null, eventId: null }]);
  });

  it('refuses an order without its form or items in French (400), and writes nothing', async () => {
    const before = await journal();
    const res = await helloAsso.notify(notificationUrl, 'Order', { id: 2002, date: '2026-06-12T20:30:00+02:00', items: [] });
    expect(res.status).toBe(400);
    expect(await json<{ code: string; error: string }>(res)).toMatchObject({
      code: 'HELLOASSO_NOTIFICATION_INVALID',
      error: 'Notification HelloAsso incomplète : la commande ne nomme pas son formulaire.',
    });
    const noData = await helloAsso.notify(notificationUrl, 'Order', 'rien');
    expect(noData.status).toBe(400);
    expect(await journal()).toEqual(before);
    expect(await notifications()).toHaveLength(1);
  });

  it('leaves a payment to the pull, once, and takes a form change without booking anything', async () => {
    const payment = { id: 9101, amount: 1500, date: ORDER.date, state: 'Authorized', order: { id: 2001, ...FORM } };
    expect(await json<HelloAssoNotificationAnswer>(await helloAsso.notify(notificationUrl, 'Payment', payment))).toEqual({
      received: true,
      outcome: 'deferred',
    });
    expect(await json<HelloAssoNotificationAnswer>(await helloAsso.notify(notificationUrl, 'Payment', payment))).toEqual({
      received: true,
      outcome: 'duplicate',
    });
    const form = await helloAsso.notify(notificationUrl, 'Form', { formSlug: FORM.formSlug, formType: FORM.formType, title: 'Fête' });
    expect(await json<HelloAssoNotificationAnswer>(form)).toEqual({ received: true, outcome: 'ignored' });
    expect((await notifications()).map((n) => [n.event_type, n.outcome])).toEqual([
      ['Order', 'applied'],
      ['Payment', 'deferred'],
      ['Form', 'ignored'],
    ]);
    expect(await journal()).toHaveLength(2);
  });

  it('and « Importer les commandes » of the same form finds the notified items already booked', async () => {
    const res = await sys.request(`${A}/helloasso/import`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(FORM),
    });
    expect(await json<HelloAssoImportAnswer>(res)).toMatchObject({ orders: 1, sales: 0, donations: 0, alreadyImported: 2 });
    expect(await journal()).toHaveLength(2);
    expect(helloAsso.unexpected).toEqual([]);
  });
});

const TICKETS = { formType: 'Event', formSlug: 'billets-fete-2026' };
const ticketsSent = async () =>
  (
    (await sys.db('outbox').select('envelope')) as Array<{
      envelope: { type: string; payload: { itemId: number; eventId: number; holder: string; label: string } };
    }>
  )
    .map((row) => row.envelope)
    .filter((e) => e.type === 'helloasso.ticket.sold')
    .map((e) => [e.payload.itemId, e.payload.eventId, e.payload.holder, e.payload.label])
    .sort((a, b) => Number(a[0]) - Number(b[0]));
const importForm = (body: Record<string, unknown>) =>
  sys.request(`${A}/helloasso/import`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('HelloAsso tickets for the gate', () => {
  it('refuses to link a form to a fair Kermesse does not know (404), and links nothing', async () => {
    const res = await importForm({ ...TICKETS, eventId: 999 });
    expect(res.status).toBe(404);
    expect(await json<{ code: string }>(res)).toMatchObject({ code: 'EVENT_NOT_FOUND' });
    expect((await overview()).forms.map((f) => f.formSlug)).not.toContain(TICKETS.formSlug);
  });

  it('sends each event ticket of a form linked to a fair to the gate once, by import or by notification', async () => {
    sys.register.knows({ id: 31, name: "Fête de l'école", startsOn: '2026-06-27' });
    helloAsso.forms.set(`${TICKETS.formType}/${TICKETS.formSlug}`, {
      orders: [
        {
          ...order(2101, [
            {
              id: 7101,
              name: 'Entrée adulte',
              amount: 500,
              type: 'Registration',
              state: 'Processed',
              user: { firstName: 'Chloé', lastName: 'Garnier' },
            },
            {
              id: 7102,
              name: 'Entrée enfant',
              amount: 300,
              type: 'Registration',
              state: 'Processed',
              user: { firstName: 'Hugo', lastName: 'Garnier' },
            },
            { id: 7103, name: 'Don', amount: 500, type: 'Donation', state: 'Processed' },
          ]),
          ...TICKETS,
        },
      ],
      payments: [],
    });
    const res = await importForm({ ...TICKETS, eventId: 31 });
    expect(res.status).toBe(200);
    expect(await json<HelloAssoImportAnswer>(res)).toMatchObject({ sales: 2, donations: 1, tickets: 2 });
    expect(await ticketsSent()).toEqual([
      [7101, 31, 'Chloé Garnier', 'Entrée adulte'],
      [7102, 31, 'Hugo Garnier', 'Entrée enfant'],
    ]);
    expect((await overview()).forms.find((f) => f.formSlug === TICKETS.formSlug)?.eventId).toBe(31);

    // Imported again: nothing new is sent.
    expect(await json<HelloAssoImportAnswer>(await importForm(TICKETS))).toMatchObject({ tickets: 0, alreadyImported: 3 });
    // A later order, notified: its ticket goes to the same fair's gate, once.
    const later = {
      ...order(2102, [{ id: 7104, name: 'Entrée adulte', amount: 500, type: 'Registration', state: 'Processed' }]),
      ...TICKETS,
    };
    await helloAsso.notify(notificationUrl, 'Order', later);
    await helloAsso.notify(notificationUrl, 'Order', later);
    expect((await ticketsSent()).slice(2)).toEqual([[7104, 31, 'Chloé Garnier', 'Entrée adulte']]);
  });
});

describe('refunds made on HelloAsso after an import', () => {
  it('reverse each refunded item by its own entry, once, from a notification', async () => {
    const form = helloAsso.forms.get(`${FORM.formType}/${FORM.formSlug}`)!;
    form.payments.push({
      id: 9201,
      amount: 1500,
      date: ORDER.date,
      state: 'Authorized',
      order: { id: ORDER.id },
      items: [
        { id: 7001, shareAmount: 500 },
        { id: 7002, shareAmount: 1000 },
      ],
    });
    const before = await journal();
    const refunded = helloAsso.refund(`${FORM.formType}/${FORM.formSlug}`, 9201, '2026-06-20T10:00:00+02:00');
    const res = await helloAsso.notify(notificationUrl, 'Payment', refunded);
    expect(await json<HelloAssoNotificationAnswer>(res)).toEqual({ received: true, outcome: 'applied' });
    expect(await json<HelloAssoNotificationAnswer>(await helloAsso.notify(notificationUrl, 'Payment', refunded))).toEqual({
      received: true,
      outcome: 'duplicate',
    });

    const after = await journal();
    // The booked entries stay as they were; the refund is written beside them.
    expect(after.slice(0, before.length)).toEqual(before);
    expect(after.slice(before.length).flatMap((e) => e.lines.map((l) => [e.date, e.pieceRef, l.account, l.debit, l.credit]))).toEqual([
      ['2026-06-20', 'HAR-7001', '706', 5, 0],
      ['2026-06-20', 'HAR-7001', '467', 0, 5],
      ['2026-06-20', 'HAR-7002', '7541', 10, 0],
      ['2026-06-20', 'HAR-7002', '467', 0, 10],
    ]);
    const items = (await overview()).items.filter((i) => i.itemId === 7001 || i.itemId === 7002);
    expect(items.map((i) => [i.itemId, i.pieceRef, i.refundedOn, i.refundPieceRef]).sort()).toEqual([
      [7001, 'HA-7001', '2026-06-20', 'HAR-7001'],
      [7002, 'HA-7002', '2026-06-20', 'HAR-7002'],
    ]);
    // The gift given back earns no tax receipt.
    const gifts = await json<DonationList>(await sys.request(`${A}/donations?year=2026`));
    expect(gifts.donations.find((d) => d.amount === 10)).toMatchObject({ refunded: 10, eligible: 0 });

    // The pull reads the same refund: nothing more.
    const pulled = await json<HelloAssoImportAnswer>(await importForm(FORM));
    expect(pulled).toMatchObject({ refunds: 0 });
    expect(await journal()).toEqual(after);
  });

  it('reverse a ticket refunded before the pull read it, and take its pre-sold ticket off the gate', async () => {
    const key = `${TICKETS.formType}/${TICKETS.formSlug}`;
    helloAsso.forms.get(key)!.payments.push({
      id: 9301,
      amount: 300,
      date: '2026-06-12T20:15:00+02:00',
      state: 'Authorized',
      items: [{ id: 7102, shareAmount: 300 }],
    });
    helloAsso.refund(key, 9301, '2026-06-21T09:00:00+02:00');
    const answer = await json<HelloAssoImportAnswer>(await importForm(TICKETS));
    expect(answer).toMatchObject({ refunds: 1, payouts: 0 });
    expect(
      (await journal()).filter((e) => e.pieceRef === 'HAR-7102').flatMap((e) => e.lines.map((l) => [l.account, l.debit, l.credit])),
    ).toEqual([
      ['706', 3, 0],
      ['467', 0, 3],
    ]);
    const cancelled = ((await sys.db('outbox').select('envelope')) as Array<{ envelope: { type: string; payload: unknown } }>)
      .map((row) => row.envelope)
      .filter((e) => e.type === 'helloasso.ticket.refunded');
    expect(cancelled.map((e) => e.payload)).toEqual([
      { itemId: 7001, refundedOn: '2026-06-20' },
      { itemId: 7102, refundedOn: '2026-06-21' },
    ]);
    expect(await json<HelloAssoImportAnswer>(await importForm(TICKETS))).toMatchObject({ refunds: 0 });
  });
});
