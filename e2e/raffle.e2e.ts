/**
 * The raffle and gift baskets in Chromium, on the whole system: an admin creates a raffle's tiers and
 * prizes (with an illustration), tickets are sold, the drawing runs (once) and its results are public
 * and verifiable; a gift basket gets its baskets, bets are sold, the real weight names the winners.
 *
 * Tickets and bets are sold at a register (`POST /api/cr/sale/create`): the register claims them from
 * the raffle service, then `sale.completed` tells it who holds them (docs/platform.md « Ticket claims »).
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ARTIFACTS_DIR, signInThroughForm } from './support/browser.ts';
import { eventually } from '@kermesse/kit/testing';
import { gatewayOk } from './support/api.ts';
import { setupSystem } from './support/session.ts';

const e2e = setupSystem({ signIn: ['admin', 'caissier'] });
/** Waits for what the services do asynchronously (events between them). */
const settled = <T>(check: () => Promise<T>) => eventually(check, 20_000, 200);
let eventId: number;

const DEMO_IMAGE = join(import.meta.dirname, '..', 'services', 'raffle', 'demo-images', 'demo-panier.png');

beforeAll(async () => {
  // The raffle service learns the register's demo event from `catalog.event.created`.
  const events = await settled(async () => {
    const list = (await api('GET', '/api/admin/raffles/events')) as Array<{ id: number; name: string }>;
    return list.find((e) => e.name === 'Kermesse de printemps') ? list : null;
  });
  eventId = events.find((e) => e.name === 'Kermesse de printemps')!.id;
});

const api = (method: string, path: string, body?: unknown) => gatewayOk(e2e.url, e2e.tokens.admin, method, path, body);

const cashier = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  gatewayOk(e2e.url, e2e.tokens.caissier, method, path, body, headers);

interface RegisterProduct {
  id: number;
  price: number;
  kind?: string;
  raffleId?: number;
  giftBasketId?: number;
  tickets?: number;
}

/**
 * A sale at a register, through the register's API (`POST /api/cr/sale/create`): the register claims
 * the numbers or weights from the raffle service, writes the sale, and `sale.completed` tells the
 * raffle service who holds them.
 */
async function sellAtRegister(
  buyer: { firstname: string; lastname: string; email: string; phone: string },
  what: { raffleId: number; numbers: number[] } | { giftBasketId: number; bets: Array<{ typeId: number; weight: number }> },
) {
  const [first] = (await cashier('GET', `/api/cr/events/${eventId}/checkouts`)) as Array<{ checkouts: Array<{ id: number }> }>;
  const checkoutId = first!.checkouts[0]!.id;
  // The register offers the tickets once it has read `raffle.configured` / `giftbasket.configured`.
  const product = await settled(async () => {
    const [detail] = (await cashier('GET', `/api/cr/checkouts/${checkoutId}`)) as Array<{ products: RegisterProduct[] }>;
    return detail!.products.find(
      (p) => p.tickets === 1 && ('raffleId' in what ? p.raffleId === what.raffleId : p.giftBasketId === what.giftBasketId),
    );
  });
  const person = (await cashier('POST', '/api/cr/users/create', {
    email: buyer.email,
    phone: buyer.phone,
    firstName: buyer.firstname,
    lastName: buyer.lastname,
  })) as { data: { user: { id: number } } };
  const count = 'raffleId' in what ? what.numbers.length : what.bets.length;
  const total = Math.round(product.price * count * 100) / 100;
  const answer = (await cashier(
    'POST',
    '/api/cr/sale/create',
    {
      sale: {
        checkoutId,
        eventId,
        personId: person.data.user.id,
        cart: [{ product: { id: product.id, price: product.price }, quantity: count }],
        ...('raffleId' in what
          ? { raffleId: what.raffleId, raffles: what.numbers }
          : { giftBasketsId: what.giftBasketId, giftBaskets: what.bets.map((b) => ({ weight: b.weight, type: { id: b.typeId } })) }),
        paymentMode: 2,
        payments: [{ method: 'ESP', amount: total, payment_reference: String(Math.ceil(total)) }],
      },
    },
    { 'Idempotency-Key': randomUUID() },
  )) as { success: boolean };
  expect(answer.success).toBe(true);
}

async function adminPage(): Promise<Page> {
  const context = await e2e.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  page.on('dialog', (dialog) => void dialog.accept());
  await signInThroughForm(page, 'admin@kermesse.local');
  await expect.poll(() => new URL(page.url()).pathname).toBe('/');
  await page.getByRole('button', { name: 'Plus tard' }).click();
  return page;
}

async function visitorPage(): Promise<Page> {
  const context = await e2e.newContext({ viewport: { width: 1280, height: 900 } });
  return context.newPage();
}

const shot = (page: Page, name: string) => page.screenshot({ path: join(ARTIFACTS_DIR, name), fullPage: true });

describe('raffle in Chromium', () => {
  it('shows the demo raffle attached to « Kermesse de printemps », its illustrated prizes and the law panel', async () => {
    const page = await adminPage();
    await page.getByRole('link', { name: 'Tombola' }).first().click();
    await page.getByRole('heading', { name: 'Tombola et paniers garnis' }).waitFor();
    const row = page.getByRole('row', { name: /Grande tombola de printemps/ });
    await row.waitFor();
    expect(await row.innerText()).toContain('Kermesse de printemps');
    // 28 demo tickets, and any the other demo data sold since.
    expect(Number(/(\d+) \/ 1000/.exec(await row.innerText())?.[1])).toBeGreaterThanOrEqual(28);
    await shot(page, 'tombola-accueil.png');

    await row.getByRole('link').click();
    await page.getByRole('link', { name: /^Lots/ }).click();
    await page.getByRole('heading', { name: /Inventaire des lots de la tombola n° \d+/ }).waitFor();
    await page.getByText('Vélo de ville').waitFor();
    expect(await page.getByRole('link', { name: "Modifier l'illustration" }).count()).toBe(7);
    expect(await page.getByRole('link', { name: 'Ajouter une illustration' }).count()).toBe(5);
    await page.getByRole('heading', { name: 'Cadre légal de la tombola' }).waitFor();
    // Let the illustrations arrive before the picture is taken.
    await page.waitForFunction(() => [...document.images].every((img) => img.complete && img.naturalWidth > 0));
    await shot(page, 'tombola-lots-demo.png');
    await page.context().close();
  });

  it('creates tiers and prizes, sells tickets, runs the drawing once, and publishes verifiable results', async () => {
    const page = await adminPage();
    await page.goto('/tombola/nouvelle');
    await page.getByRole('heading', { name: 'Créer les prix des tickets' }).waitFor();
    await expect.poll(() => page.getByLabel('Événement').locator('option').allTextContents()).toContain('Kermesse de printemps');
    await page.getByLabel('Événement').selectOption({ label: 'Kermesse de printemps' });
    await page.getByLabel('Nom de la tombola').fill('Tombola du grand tirage');
    await page.getByLabel('Nombre total de tickets').fill('60');
    await page.getByRole('button', { name: 'Ajouter une nouvelle paire' }).click();
    await page.getByRole('button', { name: 'Ajouter une nouvelle paire' }).click();
    await page.getByLabel('Nombre de tickets de la paire 1').fill('1');
    await page.getByLabel('Prix de la paire 1').fill('2');
    await page.getByLabel('Nombre de tickets de la paire 2').fill('5');
    await page.getByLabel('Prix de la paire 2').fill('8');
    await page.getByRole('button', { name: 'Créer', exact: true }).click();
    await page.getByText('Tombola créée avec succès !').waitFor();
    await page.getByRole('link', { name: 'Ouvrir la tombola créée' }).click();
    const raffleId = Number(new URL(page.url()).pathname.split('/')[2]);
    expect(raffleId).toBeGreaterThan(0);

    // Tiers, update mode.
    await page.getByRole('link', { name: /^Prix des tickets/ }).click();
    await page.getByRole('heading', { name: 'Modifier les prix des tickets' }).waitFor();
    await expect.poll(() => page.getByLabel(/Nombre de tickets de la paire/).count(), { timeout: 20_000 }).toBe(2);
    await page.getByRole('button', { name: 'Ajouter une nouvelle paire' }).click();
    await page.getByLabel('Nombre de tickets de la paire 3').fill('10');
    await page.getByLabel('Prix de la paire 3').fill('15');
    await page.getByRole('button', { name: 'Mettre à jour' }).click();
    await page.getByText('Tombola mise à jour avec succès !').waitFor();
    await shot(page, 'tombola-prix-des-tickets.png');
    expect(await api('GET', `/api/admin/raffle/${raffleId}`)).toEqual([
      { nb: 1, p: 2 },
      { nb: 5, p: 8 },
      { nb: 10, p: 15 },
    ]);

    // Prizes: the spec's checks, then two prizes.
    await page.goto(`/tombola/${raffleId}/lots`);
    await page.getByRole('heading', { name: `Inventaire des lots de la tombola n° ${raffleId}` }).waitFor();
    const add = page.getByRole('group', { name: 'Nouveau lot' });
    await add.getByLabel('Nom').fill('Panier gourmand');
    await page.getByRole('button', { name: 'Ajouter le lot' }).click();
    await page.getByText('Le rang doit être supérieur à 0').waitFor();
    await add.getByLabel('Rang').fill('1');
    await add.getByLabel('Valeur').fill('60');
    await add.getByLabel("Coût pour l'association").fill('45,50');
    await add.getByLabel('Quantité').fill('1');
    await page.getByRole('button', { name: 'Ajouter le lot' }).click();
    await page.getByText('Prix ajouté avec succès').waitFor();
    await add.getByLabel('Nom').fill('Bouteille de cidre');
    await add.getByLabel('Rang').fill('2');
    await add.getByLabel('Valeur').fill('8');
    await add.getByLabel('Quantité').fill('2');
    await add.getByLabel("Contient de l'alcool").check();
    await page.getByRole('button', { name: 'Ajouter le lot' }).click();
    await expect.poll(() => page.locator('.rf-prize').count()).toBe(2);
    expect(await page.locator('.rf-prize').nth(1).innerText()).toContain('2 disponible(s)');
    // The law panel counts what the prizes cost the association (the cider was given), not their value.
    const law = page.getByRole('region', { name: 'Cadre légal de la tombola' });
    const figure = (term: string) => law.getByText(term).locator('xpath=following-sibling::dd').innerText();
    await expect.poll(() => figure('Valeur totale des lots')).toMatch(/^76,00\s€$/);
    expect(await figure('Coût total des lots')).toMatch(/^45,50\s€$/);
    await law.getByText('cerfa n° 11823*03', { exact: false }).waitFor();

    // The illustration page (opened in a new tab from the inventory).
    const [tab] = await Promise.all([
      page.context().waitForEvent('page'),
      page.getByRole('link', { name: 'Ajouter une illustration' }).first().click(),
    ]);
    await tab.getByRole('heading', { name: 'Illustration du lot « Panier gourmand »' }).waitFor();
    await tab
      .locator('input[type="file"]')
      .setInputFiles({ name: 'faux.png', mimeType: 'image/png', buffer: Buffer.from('ceci est un texte, pas une image') });
    await tab.getByRole('button', { name: 'Ajouter une illustration' }).click();
    await tab.getByText("Ce fichier n'est pas une image (formats acceptés : PNG, JPEG, GIF ou WebP).").waitFor();
    await tab.locator('input[type="file"]').setInputFiles({ name: 'panier.png', mimeType: 'image/png', buffer: readFileSync(DEMO_IMAGE) });
    await tab.getByRole('button', { name: 'Ajouter une illustration' }).click();
    await tab.getByText('Illustration enregistrée.').waitFor();
    await tab.waitForFunction(() => [...document.images].some((img) => img.complete && img.naturalWidth > 0));
    await shot(tab, 'tombola-illustration.png');
    await tab.close();
    await page.reload();
    await page.getByRole('link', { name: "Modifier l'illustration" }).waitFor();

    // Printable list.
    await page.goto(`/tombola/${raffleId}/lots/imprimer`);
    await page.getByRole('heading', { name: `Liste des lots de la tombola n° ${raffleId}` }).waitFor();
    await page.getByRole('cell', { name: 'Oui' }).waitFor();
    await page.getByRole('button', { name: 'Imprimer' }).waitFor();
    await shot(page, 'tombola-liste-imprimable.png');

    // Tickets sold at the registers.
    const buyers = [
      { firstname: 'Emma', lastname: 'Lambert', email: 'emma@example.org', phone: '0610000001' },
      { firstname: 'Noah', lastname: 'Fontaine', email: 'noah@example.org', phone: '0610000002' },
      { firstname: 'Jade', lastname: 'Chevalier', email: 'jade@example.org', phone: '0610000003' },
    ];
    await sellAtRegister(buyers[0]!, { raffleId, numbers: [3, 14, 15] });
    await sellAtRegister(buyers[1]!, { raffleId, numbers: [9, 26] });
    await sellAtRegister(buyers[2]!, { raffleId, numbers: [53] });
    // A number already sold is refused by the raffle service through the register, in French.
    await expect(
      sellAtRegister({ firstname: 'Léo', lastname: 'Martin', email: 'leo@example.org', phone: '0610000004' }, { raffleId, numbers: [14] }),
    ).rejects.toThrow(/409.*Ce numéro de tombola vient d'être vendu : 14/);
    await settled(async () => ((await api('GET', `/api/admin/raffles/${raffleId}`)) as { sold: number }).sold === 6);

    // The drawing: close the sales (commitment), draw, verify; a second run is refused.
    await page.goto(`/tombola/${raffleId}/tirage`);
    await page.getByText("Le tirage au sort n'a pas encore été effectué.").waitFor();
    await page.getByRole('button', { name: 'Clôturer la vente' }).click();
    await page.getByText("Vente close : l'engagement du tirage est publié.").waitFor();
    await page.getByText(/Engagement publié le/).waitFor();
    await page.getByRole('button', { name: 'Lancer le tirage au sort' }).click();
    await page.getByText('Tirage au sort effectué.').waitFor();
    const winners = page.locator('.rf-winners li');
    await expect.poll(() => winners.count()).toBe(3);
    await page.getByRole('button', { name: 'Vérifier le tirage dans ce navigateur' }).click();
    await page.getByText('Vérification réussie : le tirage est conforme à l’engagement publié.').waitFor();
    await shot(page, 'tombola-tirage.png');
    const again = await fetch(`${e2e.url}/api/admin/raffle/${raffleId}/drawing`, {
      method: 'POST',
      headers: { authorization: `Bearer ${e2e.tokens.admin}` },
    });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ error: 'Le tirage au sort de cette tombola a déjà été effectué.', code: 'ALREADY_DRAWN' });

    // Public results, no sign-in.
    const visitor = await visitorPage();
    await visitor.goto('/tombola/resultats');
    await visitor.getByRole('heading', { name: 'Résultats du tirage au sort' }).waitFor();
    await visitor.getByRole('rowheader', { name: 'Panier gourmand' }).waitFor();
    const numbers = (await visitor.locator('tbody td.k-num').allInnerTexts()).map(Number);
    expect(numbers).toHaveLength(3);
    for (const n of numbers) expect([3, 14, 15, 9, 26, 53]).toContain(n);
    await visitor.getByRole('button', { name: 'Vérifier le tirage dans ce navigateur' }).click();
    await visitor.getByText('Vérification réussie : le tirage est conforme à l’engagement publié.').waitFor();
    await shot(visitor, 'tombola-resultats-publics.png');
    await visitor.context().close();
    await page.context().close();
  });

  it('shows the public pre-sale page with the raffle, its illustrated prizes and ticket prices, without sign-in', async () => {
    const page = await visitorPage();
    await page.goto('/');
    await page.getByRole('link', { name: 'Voir la prévente' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/tombola/prevente');
    await page.getByRole('heading', { name: 'Grande tombola de printemps' }).waitFor();
    const tiers = await page.locator('.rf-tier').allInnerTexts();
    expect(tiers.map((t) => t.replace(/\s+/g, ' '))).toEqual(['1 ticket 2,00 €', '3 tickets 5,00 €', '10 tickets 15,00 €']);
    await page.getByRole('heading', { name: 'Vélo de ville' }).waitFor();
    await page.getByText("Contient de l'alcool").waitFor();
    await page.waitForFunction(
      () => [...document.images].length >= 7 && [...document.images].every((img) => img.complete && img.naturalWidth > 0),
    );
    await shot(page, 'tombola-prevente.png');
    await page.context().close();
  });
});

describe('gift baskets in Chromium', () => {
  it('creates the baskets, sells bets, takes the real weight and shows the winners table', async () => {
    const page = await adminPage();
    await page.goto('/tombola/paniers/nouveau');
    await page.getByRole('heading', { name: 'Créer les prix des tickets' }).waitFor();
    await expect.poll(() => page.getByLabel('Événement').locator('option').allTextContents()).toContain('Kermesse de printemps');
    await page.getByLabel('Nom', { exact: true }).fill('Paniers de la fête');
    await page.getByRole('button', { name: 'Ajouter une nouvelle paire' }).click();
    await page.getByLabel('Nombre de tickets de la paire 1').fill('1');
    await page.getByLabel('Prix de la paire 1').fill('2');
    await page.getByRole('button', { name: 'Créer', exact: true }).click();
    await page.getByText('Panier garni créé avec succès !').waitFor();
    await page.getByRole('link', { name: 'Ouvrir les paniers garnis créés' }).click();
    const basketId = Number(new URL(page.url()).pathname.split('/')[3]);

    // The baskets to win (« types »): name and price required.
    await page.getByRole('heading', { name: 'Paniers à gagner' }).waitFor();
    const form = page.locator('.k-inline-form');
    await form.getByLabel('Nom').fill('Panier gourmand');
    await form.getByRole('button', { name: 'Ajouter' }).click();
    await page.getByText('Le nom et le prix sont requis.').waitFor();
    await form.getByLabel('Prix').fill('65');
    await form.getByRole('button', { name: 'Ajouter' }).click();
    await page.getByRole('cell', { name: 'Panier gourmand' }).waitFor();
    await form.getByLabel('Nom').fill('Panier bien-être');
    await form.getByLabel('Prix').fill('45');
    await form.getByRole('button', { name: 'Ajouter' }).click();
    await page.getByRole('cell', { name: 'Panier bien-être' }).waitFor();

    const types = (await api('GET', `/api/admin/gift-basket/${basketId}/prizes`)) as Array<{ id: number; name: string }>;
    const gourmand = types.find((t) => t.name === 'Panier gourmand')!.id;
    const wellBeing = types.find((t) => t.name === 'Panier bien-être')!.id;
    await sellAtRegister(
      { firstname: 'Paul', lastname: 'Renard', email: 'paul@example.org', phone: '0620000001' },
      {
        giftBasketId: basketId,
        bets: [
          { typeId: gourmand, weight: 3120 },
          { typeId: wellBeing, weight: 1650 },
        ],
      },
    );
    await sellAtRegister(
      { firstname: 'Alice', lastname: 'Garnier', email: 'alice@example.org', phone: '0620000002' },
      { giftBasketId: basketId, bets: [{ typeId: gourmand, weight: 2980 }] },
    );
    await settled(
      async () =>
        (
          (await (
            await fetch(`${e2e.url}/api/cr/gift-basket/${basketId}/votes/sold`, {
              headers: { authorization: `Bearer ${e2e.tokens.caissier}` },
            })
          ).json()) as unknown[]
        ).length === 3,
    );

    // Real weight 3,000 g: 2,980 g (Alice) is closest.
    await page.reload();
    await page.getByRole('heading', { name: 'Pesée des paniers' }).waitFor();
    await page.getByLabel('Panier gourmand — poids réel (g)').fill('3000');
    await page.locator('.rf-weigh li').first().getByRole('button', { name: 'Enregistrer le poids' }).click();
    const winnerRow = page.getByRole('row', { name: /Alice Garnier/ });
    await winnerRow.waitFor();
    expect((await winnerRow.innerText()).replace(/\s+/g, ' ')).toBe(
      'Panier gourmand (pesé 3 kg 000 g) Alice Garnier 2 kg 980 g alice@example.org 0620000002',
    );
    await shot(page, 'paniers-gagnants.png');
    await page.context().close();
  });
});
