/**
 * The register without network, in Chromium against the whole system, on a phone (390×844): opened
 * once online, it installs as a web app (manifest, service worker), then with the network cut it
 * reloads on the same register, sells for cash and by cheque (kept in IndexedDB with their
 * Idempotency-Key, « N ventes en attente d'envoi » on screen), sells numbered raffle tickets from the
 * block of numbers reserved for this register (the buyer named on the device), refuses bets, card and
 * hold with a French reason, keeps its queue across a reload and a closed tab, and when the network
 * returns sends every sale exactly once, tickets recorded as sold once. A sale the server refuses on
 * sync stays listed with its reason.
 *
 * The network is cut with `context.setOffline(true)` for the page and a context route that aborts
 * every request, since Chromium's offline emulation does not reach the service worker's own fetches.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { createDb, type Db } from '@kermesse/kit/db';
import { eventually } from '@kermesse/kit/testing';
import { ARTIFACTS_DIR, CHROMIUM_PATH } from './support/browser.ts';
import { openRegister, registerKeptOffline, setupSystem } from './support/session.ts';

const e2e = setupSystem({ signIn: ['caissier'] });
let registerDb: Db;
let raffleDb: Db;

const PHONE = { width: 390, height: 844 };

beforeAll(async () => {
  registerDb = createDb(e2e.sys.system.databaseUrl, { schema: 'register' });
  raffleDb = createDb(e2e.sys.system.databaseUrl, { schema: 'raffle' });
});

afterAll(async () => {
  await registerDb?.destroy();
  await raffleDb?.destroy();
});

const shot = (page: Page, name: string) => page.screenshot({ path: join(ARTIFACTS_DIR, `hors-ligne-${name}.png`) });
const waiting = (page: Page) => page.getByTestId('offline-waiting');

async function goOffline(context: BrowserContext) {
  await context.setOffline(true);
  await context.route('**/*', (route) => route.abort('internetdisconnected'));
}

async function goOnline(context: BrowserContext) {
  await context.unroute('**/*');
  await context.setOffline(false);
}

/** A phone with the cashier's token, on « Caisse Buvette », once the service worker holds the register. */
async function openRegisterOnline(
  context: BrowserContext | undefined = undefined,
): Promise<{ context: BrowserContext; page: Page; keys: string[]; bodies: Array<{ raffles: number[]; personId: number }> }> {
  context ??= await e2e.newContext({ viewport: PHONE, hasTouch: true, isMobile: true, token: e2e.tokens.caissier });
  // A persistent profile (the closed-and-reopened phone) is not made by newContext: give it the cashier's
  // token the same way, kept across the relaunch.
  await context.addInitScript((token) => {
    if (!localStorage.getItem('bearerToken')) localStorage.setItem('bearerToken', token);
  }, e2e.tokens.caissier);
  const keys: string[] = [];
  const bodies: Array<{ raffles: number[]; personId: number }> = [];
  context.on('request', (request) => {
    if (request.method() !== 'POST' || new URL(request.url()).pathname !== '/api/cr/sale/create') return;
    keys.push(request.headers()['idempotency-key'] ?? '');
    bodies.push((request.postDataJSON() as { sale: { raffles: number[]; personId: number } }).sale);
  });
  const page = context.pages()[0] ?? (await context.newPage());
  // The first register opened after the system started may take long on a loaded machine.
  await openRegister(page, 'Caisse Buvette', { timeout: 90_000 });
  // The web app: its manifest, and a service worker that has kept the shell and the register's catalogue.
  const manifest = await page.evaluate(async () => {
    const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
    return link
      ? ((await (await fetch(link.href)).json()) as { name: string; start_url: string; display: string; icons: unknown[] })
      : null;
  });
  expect(manifest).toMatchObject({ name: 'Kermesse — caisse', start_url: '/caisse', display: 'standalone' });
  expect(manifest?.icons.length).toBeGreaterThanOrEqual(2);
  await expect.poll(() => registerKeptOffline(page), { timeout: 20_000 }).toBe(true);
  // The block of raffle numbers reserved for this register, kept on the device for offline sales.
  await expect
    .poll(
      () =>
        page.evaluate(() =>
          Object.keys(localStorage)
            .filter((key) => key.startsWith('kermesseRegister.ticketBlock.'))
            .reduce(
              (count, key) => count + ((JSON.parse(localStorage.getItem(key) ?? '{}') as { numbers?: number[] }).numbers?.length ?? 0),
              0,
            ),
        ),
      { timeout: 20_000 },
    )
    .toBeGreaterThanOrEqual(50);
  return { context, page, keys, bodies };
}

async function sellOffline(page: Page, productName: string, pay: () => Promise<void>) {
  await page.getByRole('button', { name: new RegExp(`^${productName},`) }).tap();
  await pay();
  await page.getByRole('heading', { name: 'Vente enregistrée hors ligne' }).waitFor();
  await page.getByRole('button', { name: 'Nouvelle vente' }).tap();
  await page.getByRole('tab', { name: 'Toutes les catégories' }).waitFor();
}

const payCash = (page: Page, given: string) => async () => {
  await page.getByRole('button', { name: /^Espèce/ }).tap();
  await page.getByLabel('Montant donné').fill(given);
  await page.getByRole('button', { name: 'Valider' }).tap();
};

const payCheque = (page: Page, number: string) => async () => {
  await page.getByRole('button', { name: /^Chèque/ }).tap();
  await page.getByLabel('Numéro du chèque').fill(number);
  await page.getByRole('button', { name: 'Valider' }).tap();
};

const salesWithKeys = async (keys: string[]) =>
  Number(
    (
      await registerDb('idempotency_keys')
        .whereIn('key', keys)
        .where({ scope: 'sale.create', state: 'done' })
        .count<{ count: string }[]>({ count: '*' })
    )[0]?.count,
  );

describe('the register without network', () => {
  it('opens offline on the same register, queues cash and cheque sales with raffle tickets, and sends each once when the network returns', async () => {
    const { context, page, keys, bodies } = await openRegisterOnline();
    await goOffline(context);

    // A reload with no network opens the same register, on the sales screen.
    await page.reload();
    await page.getByRole('tab', { name: 'Toutes les catégories' }).waitFor({ timeout: 20_000 });
    expect(await page.locator('#selected-checkout').innerText()).toContain('Caisse Buvette');
    await page.getByText('Hors ligne : les ventes en espèces et par chèque, tickets de tombola compris').first().waitFor();
    await page
      .getByText(/Catalogue et alertes de stock du \d\d\/\d\d à \d\d:\d\d/)
      .first()
      .waitFor();

    const cheque = `HL-${randomUUID().slice(0, 8)}`;
    await sellOffline(page, 'Café', payCash(page, '5'));
    await sellOffline(page, 'Soda 33 cl', payCheque(page, cheque));
    expect(await waiting(page).innerText()).toBe("2 ventes en attente d'envoi");

    // Numbered raffle tickets, from this register's reserved block; the buyer is named on the device.
    await page.getByRole('button', { name: /^1 ticket,/ }).tap();
    await page.getByRole('button', { name: /^Ouvrir le panier/ }).tap();
    await page.getByLabel("Téléphone de l'acheteur").fill('0699887766');
    await page.getByRole('button', { name: 'Identifier', exact: true }).tap();
    await page.getByLabel('Prénom').fill('Hors');
    await page.getByLabel('Nom', { exact: true }).fill('Ligne');
    await page.getByRole('button', { name: "Enregistrer l'acheteur" }).tap();
    await page.getByText('à identifier au retour du réseau').waitFor();
    await page.getByRole('button', { name: /Tickets de tombola/ }).tap();
    const picker = page.getByRole('dialog', { name: /Tickets de tombola/ });
    await picker.getByText(/Hors ligne : seuls les \d+ numéros réservés à cette caisse sont proposés\./).waitFor();
    await shot(page, 'tickets-du-bloc');
    await picker.getByRole('button', { name: 'Sélection automatique et confirmer' }).tap();
    await picker.waitFor({ state: 'detached' });
    await payCash(page, '2')();
    await page.getByRole('heading', { name: 'Vente enregistrée hors ligne' }).waitFor();
    await page.getByRole('button', { name: 'Nouvelle vente' }).tap();
    await expect.poll(() => waiting(page).innerText()).toBe("3 ventes en attente d'envoi");

    // Bets are not sold offline (a weight cannot be reserved in advance).
    await page.getByRole('button', { name: /^1 pari,/ }).tap();
    await page.getByRole('button', { name: /^Espèce/ }).tap();
    await page.getByText('Hors ligne : les paris sur les paniers garnis reprennent au retour du réseau').waitFor();
    await page.getByRole('button', { name: /^Ouvrir le panier/ }).tap();
    await page.getByRole('button', { name: 'Retirer 1 pari du panier' }).tap();
    await page.getByRole('button', { name: /^Réduire le panier/ }).tap();
    // Card and hold need the network too.
    await page.getByRole('button', { name: /^Café,/ }).tap();
    await page.getByRole('button', { name: /^CB/ }).tap();
    await page.getByText('Hors ligne : le paiement CB a besoin du réseau').waitFor();

    // The register cannot be changed while its sales wait.
    await page.getByRole('link', { name: 'Changer de caisse' }).tap();
    await page.getByText("des ventes faites hors ligne attendent encore d'être envoyées").waitFor();
    expect(await page.locator('#selected-checkout').count()).toBe(1);

    // Nothing left the device; the queue survives a reload and a closed tab.
    expect(keys).toEqual([]);
    await page.reload();
    await waiting(page).waitFor({ timeout: 20_000 });
    expect(await waiting(page).innerText()).toBe("3 ventes en attente d'envoi");
    await page.close();
    const again = await context.newPage();
    await again.goto('/caisse');
    await waiting(again).waitFor({ timeout: 20_000 });
    expect(await waiting(again).innerText()).toBe("3 ventes en attente d'envoi");

    // The network returns: every sale are sent, in order, each once, and the count goes away.
    await goOnline(context);
    await waiting(again).waitFor({ state: 'detached', timeout: 30_000 });
    await shot(again, 'ventes-envoyees');
    // Three sales, three keys (a key may be sent again after a lost answer; the server answers it once).
    const sent = [...new Set(keys)];
    expect(sent).toHaveLength(3);
    await eventually(async () => (await salesWithKeys(sent)) === 3, 20_000, 200);
    // The ticket sale: its buyer identified (created) on sync, its number sold once, to that sale.
    const withTickets = bodies.filter((body) => body.raffles.length > 0);
    expect(new Set(withTickets.map((body) => JSON.stringify(body.raffles))).size).toBe(1);
    expect(withTickets[0]!.personId).toBeGreaterThan(0);
    const [number] = withTickets[0]!.raffles;
    await eventually(async () => (await raffleDb('tickets').where({ number, status: 'sold' })).length === 1, 30_000, 250);
    expect(await waiting(again).count()).toBe(0);
    const payments = await registerDb('payments').where({ reference: cheque });
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ method: 'CHQ', amount_cents: 150 });

    // Going online again sends nothing more.
    await again.reload();
    await again.getByRole('tab', { name: 'Toutes les catégories' }).waitFor();
    expect(await waiting(again).count()).toBe(0);
    expect([...new Set(keys)]).toHaveLength(3);
    expect(await salesWithKeys(sent)).toBe(3);
    await context.close();
  });

  it('keeps a sale the server refuses on sync listed with its French reason', async () => {
    const { context, page } = await openRegisterOnline();
    await goOffline(context);
    await sellOffline(page, 'Café', payCash(page, '1'));
    expect(await waiting(page).innerText()).toBe("1 vente en attente d'envoi");

    // Back online, the server refuses it (here: as if the product had been taken off this register).
    await context.unroute('**/*');
    await context.route('**/api/cr/sale/create', (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({ error: "Le produit « Café » n'est plus en vente à cette caisse." }),
      }),
    );
    await context.setOffline(false);
    const refused = page.getByRole('list', { name: "Ventes refusées à l'envoi" });
    await refused.waitFor({ timeout: 30_000 });
    expect(await refused.innerText()).toContain("Erreur lors de la vente : Le produit « Café » n'est plus en vente à cette caisse.");
    expect(await waiting(page).count()).toBe(0);
    await page.reload();
    await page.getByRole('list', { name: "Ventes refusées à l'envoi" }).waitFor({ timeout: 20_000 });
    await shot(page, 'vente-refusee');
    await context.close();
  });

  it('keeps its queue when the browser is closed and opened again', async () => {
    // A real profile on disk, closed and launched again, as when the phone's browser is quit.
    const profile = mkdtempSync(join(tmpdir(), 'kermesse-profil-'));
    const launchPhone = () =>
      chromium.launchPersistentContext(profile, {
        executablePath: CHROMIUM_PATH,
        args: [
          '--headless',
          '--no-sandbox',
          '--disable-gpu',
          '--disable-quic',
          '--no-first-run',
          '--disable-background-networking',
          '--disable-component-update',
          '--disable-sync',
        ],
        baseURL: e2e.url,
        viewport: PHONE,
        hasTouch: true,
        isMobile: true,
      });
    try {
      const first = await launchPhone();
      const { page } = await openRegisterOnline(first);
      await goOffline(first);
      await sellOffline(page, 'Café', payCash(page, '2'));
      expect(await waiting(page).innerText()).toBe("1 vente en attente d'envoi");
      await first.close();

      const second = await launchPhone();
      const keys: string[] = [];
      second.on('request', (request) => {
        if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/cr/sale/create')
          keys.push(request.headers()['idempotency-key'] ?? '');
      });
      await goOffline(second);
      const again = second.pages()[0] ?? (await second.newPage());
      await again.goto('/caisse');
      await waiting(again).waitFor({ timeout: 20_000 });
      expect(await waiting(again).innerText()).toBe("1 vente en attente d'envoi");
      await goOnline(second);
      await waiting(again).waitFor({ state: 'detached', timeout: 30_000 });
      const sent = [...new Set(keys)];
      expect(sent).toHaveLength(1);
      await eventually(async () => (await salesWithKeys(sent)) === 1, 20_000, 200);
      await second.close();
    } finally {
      rmSync(profile, { recursive: true, force: true });
    }
  });
});
