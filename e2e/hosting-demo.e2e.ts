/**
 * The hosting demo in Chromium (docs/hosting.md « The demo »): `KERMESSE_HOSTING=1` with the demo seeds
 * a school fair and a comité des fêtes, each with its own demo in every service (the school's spring
 * kermesse; the comité's village fête, its grillades, crêpes and tombola) and its own accounts. Each one's
 * cashier sells on its own `*.localhost` host, the host console counts each association's sales apart,
 * and each treasurer signs in through the form in a browser context of its own and opens the
 * dashboard of its own association.
 */
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ARTIFACTS_DIR, signInThroughForm } from './support/browser.ts';
import { hostUrl, okOnHost, onHost, signInOnHost } from './support/hosting.ts';
import { setupSystem } from './support/session.ts';

const e2e = setupSystem({ env: { KERMESSE_HOSTING: '1', KERMESSE_DOMAIN: 'localhost' } });
const DESKTOP = { width: 1280, height: 900 };
const SLUGS = ['ecole-ferry', 'comite-des-fetes'] as const;

interface Hosted {
  slug: string;
  base: string;
  cashier: string;
}
const hosted = new Map<string, Hosted>();
let hostToken: string;

interface Listed {
  slug: string;
  name: string;
  state: string;
  figures: { events: number; sales: number } | null;
}

const shot = (page: Page, name: string) => page.screenshot({ path: join(ARTIFACTS_DIR, `hebergement-${name}.png`), fullPage: true });

beforeAll(async () => {
  for (const slug of SLUGS) {
    const base = hostUrl(e2e.url, slug);
    hosted.set(slug, { slug, base, cashier: await signInOnHost(base, 'caissier@kermesse.local') });
  }
  // The console is the bare name: `localhost` here, as a host operator types it.
  hostToken = await signInOnHost(hostUrl(e2e.url, null), 'hebergeur@kermesse.local');
}, 300_000);

/** `count` coffees sold cash on the association's « Caisse Buvette », through its own host. */
async function sellCoffees(association: Hosted, count: number): Promise<void> {
  const token = association.cashier;
  const [event] = await okOnHost<Array<{ id: number }>>(association.base, 'GET', '/api/cr/events', { token });
  const [withCheckouts] = await okOnHost<Array<{ checkouts: Array<{ id: number; name: string }> }>>(
    association.base,
    'GET',
    `/api/cr/events/${event!.id}/checkouts`,
    { token },
  );
  const checkout = withCheckouts!.checkouts.find((c) => c.name === 'Caisse Buvette')!;
  const [data] = await okOnHost<Array<{ products: Array<{ id: number; name: string; price: string | number }> }>>(
    association.base,
    'GET',
    `/api/cr/checkouts/${checkout.id}`,
    { token },
  );
  const coffee = data!.products.find((p) => p.name === 'Café')!;
  for (let i = 0; i < count; i++) {
    const sale = await onHost(association.base, 'POST', '/api/cr/sale/create', {
      token,
      headers: { 'idempotency-key': randomUUID() },
      body: {
        sale: {
          checkoutId: checkout.id,
          eventId: event!.id,
          personId: 0,
          cart: [{ product: { id: coffee.id, name: coffee.name }, quantity: 1 }],
          paymentMode: 2,
          paymentStatus: 1,
          payments: [{ method: 'ESP', amount: Number(String(coffee.price).replace(',', '.')), payment_reference: '5' }],
        },
      },
    });
    expect(sale.status, sale.text).toBe(201);
  }
}

async function listed(): Promise<Map<string, Listed>> {
  const answer = await okOnHost<{ items: Listed[]; total: number }>(hostUrl(e2e.url, null), 'GET', '/api/host/associations', {
    token: hostToken,
  });
  return new Map(answer.items.map((a) => [a.slug, a]));
}

/** The association's events, each register's products, and its raffles, through its own host. */
async function demoOf(association: Hosted): Promise<{ events: string[]; products: Map<string, string[]>; raffles: string[] }> {
  const token = await signInOnHost(association.base, 'admin@kermesse.local');
  const events = await okOnHost<Array<{ id: number; name: string }>>(association.base, 'GET', '/api/cr/events', { token });
  const [withCheckouts] = await okOnHost<Array<{ checkouts: Array<{ id: number; name: string }> }>>(
    association.base,
    'GET',
    `/api/cr/events/${events[0]!.id}/checkouts`,
    { token },
  );
  const products = new Map<string, string[]>();
  for (const checkout of withCheckouts!.checkouts) {
    const [data] = await okOnHost<Array<{ products: Array<{ name: string }> }>>(
      association.base,
      'GET',
      `/api/cr/checkouts/${checkout.id}`,
      {
        token,
      },
    );
    products.set(
      checkout.name,
      data!.products.map((p) => p.name),
    );
  }
  const raffles = await okOnHost<Array<{ name: string }>>(association.base, 'GET', '/api/admin/raffles', { token });
  return { events: events.map((e) => e.name), products, raffles: raffles.map((r) => r.name) };
}

describe('the hosting demo', () => {
  it('gives the school its spring kermesse and the comité des fêtes its village fête', async () => {
    const school = await demoOf(hosted.get('ecole-ferry')!);
    const comite = await demoOf(hosted.get('comite-des-fetes')!);
    expect(school.events).toEqual(['Kermesse de printemps']);
    expect(comite.events).toEqual(['Fête du village']);
    expect([...school.products.keys()].sort()).toEqual(['Caisse Buvette', 'Caisse Entrée', 'Caisse Tombola']);
    expect([...comite.products.keys()].sort()).toEqual(['Caisse Buvette', 'Caisse Grillades', 'Caisse Tombola']);
    expect(school.products.get('Caisse Buvette')).toEqual(expect.arrayContaining(['Hot-dog', 'Part de gâteau', 'Café']));
    expect(comite.products.get('Caisse Grillades')).toEqual(expect.arrayContaining(['Sandwich merguez', 'Assiette merguez-frites']));
    expect(comite.products.get('Caisse Buvette')).toEqual(expect.arrayContaining(['Bière pression', 'Crêpe au chocolat', 'Café']));
    // Nothing of the school's catalogue but what any buvette pours.
    const comiteProducts = new Set([...comite.products.values()].flat());
    for (const schoolOnly of ['Hot-dog', 'Part de gâteau', 'Pêche aux canards', "Tote bag de l'école"])
      expect(comiteProducts.has(schoolOnly)).toBe(false);
    expect(school.raffles).toContain('Grande tombola de printemps');
    expect(comite.raffles).toEqual(['Tombola de la fête du village']);
  });

  it('counts each association’s sales apart, on its dashboard and in the host console', async () => {
    const before = await listed();
    await sellCoffees(hosted.get('ecole-ferry')!, 1);
    await sellCoffees(hosted.get('comite-des-fetes')!, 3);
    const after = await listed();
    expect(after.get('ecole-ferry')!.figures!.sales - before.get('ecole-ferry')!.figures!.sales).toBe(1);
    expect(after.get('comite-des-fetes')!.figures!.sales - before.get('comite-des-fetes')!.figures!.sales).toBe(3);

    for (const slug of SLUGS) {
      const context = await e2e.newContext({ baseURL: hostUrl(e2e.url, slug), viewport: DESKTOP });
      const page = await context.newPage();
      await signInThroughForm(page, 'tresorier@kermesse.local');
      await page.waitForURL((url) => !url.pathname.startsWith('/connexion'));
      await page.goto('/tableau-de-bord');
      await page.locator('.db-tile').first().waitFor();
      // The treasurer's page is the association's own: its address, nothing of the other's.
      expect(new URL(page.url()).hostname).toBe(`${slug}.localhost`);
      await shot(page, `tableau-de-bord-${slug}`);
      await context.close();
    }
  });
});
