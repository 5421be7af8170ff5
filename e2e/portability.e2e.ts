/**
 * An association leaves and comes back (docs/hosting-portability.md), on the whole hosting system:
 * a fair with sales and a refund; the host console refuses to erase it before it
 * received its export (and again after a sale made since), exports it as a zip (rows, FEC, signed
 * sales journal), erases it (its host answers 404, its address is free), imports the zip: the same
 * dashboard, the same trial balance, the sales journal's chain verified.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { strFromU8, unzipSync } from 'fflate';
import { Agent, fetch as undiciFetch } from 'undici';
import { eventually } from '@kermesse/kit/testing';
import { hostAssociations, hostUrl, okOnHost, onHost, signInOnHost, type HostedAssociation } from './support/hosting.ts';
import { startTestSystem, type TestSystem } from './support/system.ts';

const SLUG = 'apel-voyage';
const YEAR = new Date().getFullYear();

let system: TestSystem;
let hostToken: string;
let association: HostedAssociation;
let consoleBase: string;

const loopback = new Agent({
  connect: {
    lookup: (_hostname, options, callback) => {
      if ((options as { all?: boolean }).all) callback(null, [{ address: '127.0.0.1', family: 4 }]);
      else callback(null, '127.0.0.1', 4);
    },
  },
});

beforeAll(async () => {
  system = await startTestSystem({
    demo: false,
    build: false,
    env: {
      KERMESSE_HOSTING: '1',
      KERMESSE_DOMAIN: 'localhost',
      LOGIN_RATE_LIMIT: '1000000',
      KERMESSE_SECRET_KEY: randomBytes(32).toString('hex'),
    },
  });
  const made = await hostAssociations(system.url, [SLUG]);
  hostToken = made.hostToken;
  association = made.associations[0]!;
  consoleBase = hostUrl(system.url, null);
}, 300_000);

afterAll(async () => {
  await system?.stop();
});

/** What the association's people read of their fair: the dashboard, the Bilan des comptes, the journal's check. */
async function figures(token: string, eventId: number) {
  const on = <T>(method: string, path: string) => okOnHost<T>(association.base, method, path, { token });
  return {
    dashboard: (await on<{ totals: unknown; byCheckout?: unknown }>('GET', `/api/admin/dashboard/${eventId}`)).totals,
    bilan: await on<unknown[]>('GET', `/api/admin/accountancy/bilan-des-comptes/${YEAR}`),
    journal: await on<{ entries: Array<{ number: number }> }>('GET', `/api/admin/accountancy/journal/${YEAR}`),
    salesJournal: await on<{ ok: boolean }>('GET', '/api/admin/journal/verify'),
  };
}

describe("an association's export, erase and import", () => {
  it('hands the association its data before erasing it, then brings it back with the same figures', async () => {
    let token = association.adminToken;
    const on = async <T>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> => {
      const res = await undiciFetch(association.base + path, {
        method,
        dispatcher: loopback,
        headers: { authorization: `Bearer ${token}`, ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      if (res.status >= 400) throw new Error(`${method} ${path} → ${res.status} ${text.slice(0, 300)}`);
      return (text ? JSON.parse(text) : undefined) as T;
    };

    // A fair: one register, one product, three sales, a refund, the register closed.
    const today = new Date().toISOString().slice(0, 10);
    const event = await on<{ id: number }>('POST', '/api/admin/events', { name: 'Fête du voyage', startsOn: today });
    const checkout = await on<{ id: number }>('POST', `/api/admin/events/${event.id}/checkouts`, { name: 'Buvette' });
    const category = await on<{ id: number }>('POST', '/api/admin/categories', { name: 'Boissons', eventId: event.id });
    await on('POST', '/api/admin/products', {
      name: 'Limonade',
      price: '2,50',
      categoryId: category.id,
      eventId: event.id,
      checkoutIds: [checkout.id],
    });
    const [catalogue] = await on<Array<{ products: Array<{ id: number; name: string; price: number }> }>>(
      'GET',
      `/api/cr/checkouts/${checkout.id}`,
    );
    const limonade = catalogue!.products.find((p) => p.name === 'Limonade')!;
    await on('POST', `/api/cr/checkouts/${checkout.id}/session/open`, { float: { cash: 20 } });
    const sell = async (quantity: number) =>
      (
        await on<{ sale: { reference: string } }>(
          'POST',
          '/api/cr/sale/create',
          {
            sale: {
              checkoutId: checkout.id,
              eventId: event.id,
              personId: null,
              paymentMode: 2,
              cart: [{ product: limonade, quantity }],
              payments: [{ method: 'ESP', amount: 2.5 * quantity, payment_reference: String(2.5 * quantity) }],
            },
          },
          { 'Idempotency-Key': randomUUID() },
        )
      ).sale.reference;
    const first = await sell(2);
    await sell(1);
    await sell(4);
    const me = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sub as string;
    await on('PUT', `/api/admin/till-managers/${me}`);
    await on(
      'POST',
      `/api/cr/sale/${first}/refund`,
      { lines: [{ productId: limonade.id, quantity: 1 }], reason: 'Verre renversé', payment_mode: 2 },
      { 'Idempotency-Key': randomUUID() },
    );
    // The books follow the sales through NATS; the trial balance is generated from them.
    await eventually(
      async () => (await on<{ entries: unknown[] }>('GET', `/api/admin/accountancy/journal/${YEAR}`)).entries.length >= 4,
      30_000,
    );
    await on('POST', `/api/admin/accountancy/financial-years/${YEAR}/trial-balance`);
    expect((await figures(token, event.id)).salesJournal.ok).toBe(true);

    const erase = (confirm: string) =>
      onHost<{ error?: string; code?: string }>(consoleBase, 'DELETE', `/api/host/associations/${SLUG}`, {
        token: hostToken,
        body: { confirm },
      });
    const exportZip = async () => {
      const res = await undiciFetch(`${consoleBase}/api/host/associations/${SLUG}/export`, {
        dispatcher: loopback,
        headers: { authorization: `Bearer ${hostToken}` },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/zip');
      return Buffer.from(await res.arrayBuffer());
    };

    // Never exported: the erase is refused, nothing goes.
    const refused = await erase(SLUG);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe(
      "Exportez d'abord les données de l'association : le journal des ventes doit lui être remis avant l'effacement.",
    );

    await exportZip();
    // A sale after that export: the journal the association holds is not the last one any more.
    await sell(1);
    expect((await erase(SLUG)).status).toBe(409);

    const zip = await exportZip();
    const files = unzipSync(new Uint8Array(zip));
    const manifest = JSON.parse(strFromU8(files['manifest.json']!));
    expect(manifest.association).toMatchObject({ slug: SLUG, id: association.id });
    expect(Object.keys(manifest.services)).toEqual(expect.arrayContaining(['identity', 'register', 'accounting', 'raffle', 'stock']));
    expect(strFromU8(files['register/sales.jsonl']!).trim().split('\n')).toHaveLength(4);
    expect(Object.keys(files).some((name) => /^journal\/kermesse-archive-.*\.tar$/.test(name))).toBe(true);
    expect(strFromU8(files[`fec/${YEAR}.txt`]!)).toMatch(/^JournalCode\t/);
    // No row of the host console, no association column.
    expect(strFromU8(files['identity/users.jsonl']!)).not.toContain('hebergeur@kermesse.test');
    expect(strFromU8(files['register/sales.jsonl']!)).not.toContain('association_id');

    const afterLastSale = await figures(token, event.id);

    // The slug typed wrong: nothing goes.
    expect((await erase('apel-voyag')).status).toBe(400);
    const erased = await erase(SLUG);
    expect(erased.status).toBe(200);
    expect((await onHost(association.base, 'GET', '/api/admin/events', { token })).status).toBe(404);
    const list = await okOnHost<{ items: Array<{ slug: string }>; total: number }>(consoleBase, 'GET', '/api/host/associations', {
      token: hostToken,
    });
    expect(list.items.map((a) => a.slug)).not.toContain(SLUG);

    const imported = await undiciFetch(`${consoleBase}/api/host/associations/import`, {
      method: 'POST',
      dispatcher: loopback,
      headers: { authorization: `Bearer ${hostToken}`, 'content-type': 'application/zip' },
      body: zip,
    });
    expect(imported.status).toBe(201);
    expect(await imported.json()).toMatchObject({ slug: SLUG });
    // Twice: the address is taken now.
    const again = await undiciFetch(`${consoleBase}/api/host/associations/import`, {
      method: 'POST',
      dispatcher: loopback,
      headers: { authorization: `Bearer ${hostToken}`, 'content-type': 'application/zip' },
      body: zip,
    });
    expect(again.status).toBe(409);

    // Its people sign in again with their own passwords; everything reads the same.
    token = await signInOnHost(association.base, `admin@${SLUG}.test`);
    const after = await figures(token, event.id);
    expect(after).toEqual(afterLastSale);
    expect(after.salesJournal.ok).toBe(true);
    // And the fair goes on where it stopped: a new sale after the imported ones, the journal still whole.
    await sell(1);
    expect((await figures(token, event.id)).salesJournal.ok).toBe(true);
  });
});
