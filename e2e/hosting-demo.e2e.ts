/**
 * The hosting demo in Chromium (docs/hosting.md « The demo »): `KERMESSE_HOSTING=1` with the demo seeds
 * a school fair and a comité des fêtes, each with every service's demo and its own accounts. Each one's
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
  const answer = await okOnHost<{ associations: Listed[] }>(hostUrl(e2e.url, null), 'GET', '/api/host/associations', { token: hostToken });
  return new Map(answer.associations.map((a) => [a.slug, a]));
}

describe('the hosting demo', () => {
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
