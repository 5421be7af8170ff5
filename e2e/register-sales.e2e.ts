/**
 * The cashier's flows on the sales screen, in Chromium against the whole system (gateway, identity,
 * register with its card simulator, raffle): cash with change by keyboard only, cheque, card
 * success / failure / still pending, hold then settle, raffle tickets, bets, donation, meal deal,
 * buyer creation, SMS receipt (with the sale, and « Envoyer reçu » afterwards, delivered by the contact
 * service's log transport), and the docs/spec.md §8 error states. Screenshots at the 1280×800 of a
 * 10-inch tablet go to ARTIFACTS_DIR.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createDb, type Db } from '@kermesse/kit/db';
import { ARTIFACTS_DIR } from './support/browser.ts';
import { callGateway } from './support/api.ts';
import { openRegister, recordSales, setupSystem, TABLET, type SentSale } from './support/session.ts';

const e2e = setupSystem({ signIn: ['caissier', 'admin'] });

/** Demo readers (services/register/src/demo.ts): « 4F2A » and « 9C7E » are paired, « B13D » is expired. */
const BUVETTE_READER = 'rdr_DEMO0BUVETTE00000000000001';
const CAMILLE = 'camille.martin@example.org';

const api = <T>(method: string, path: string, body?: unknown, token = e2e.tokens.caissier) =>
  callGateway<T>(e2e.url, token, method, path, body);

/** What the simulated reader « 4F2A » answers next: success, failure, or pending for ever. */
async function simulate(outcome: 'success' | 'failure' | 'pending') {
  const res = await api('PUT', `/api/cr/payment/reader/${BUVETTE_READER}/simulation`, { outcome, settleMs: 500 }, e2e.tokens.admin);
  expect(res.status).toBeLessThan(300);
}

interface Register {
  page: Page;
  /** Every sale creation the page sent, with its Idempotency-Key. */
  sales: SentSale[];
}

/** A fresh tablet with the cashier's token, on the sales screen of `checkout`. */
async function openTablet(
  checkout = 'Caisse Buvette',
  {
    viewport = TABLET,
    setup,
    loaded = true,
  }: { viewport?: { width: number; height: number }; setup?: (page: Page) => Promise<unknown>; loaded?: boolean } = {},
): Promise<Register> {
  const context = await e2e.newContext({ viewport, hasTouch: true, token: e2e.tokens.caissier });
  const page = await context.newPage();
  const sales = recordSales(page);
  await setup?.(page);
  await openRegister(page, checkout, { loaded });
  return { page, sales };
}

const shot = (page: Page, name: string) => page.screenshot({ path: join(ARTIFACTS_DIR, `caisse-${name}.png`) });
const cart = (page: Page) => page.getByRole('region', { name: 'Panier' });
const cartLines = (page: Page) =>
  cart(page)
    .locator('.reg-line__name')
    .evaluateAll((nodes) => nodes.map((n) => n.firstChild?.textContent ?? ''));
const total = async (page: Page) => (await page.getByTestId('cart-total').innerText()).replace(/\s/g, ' ');
const product = (page: Page, name: string) =>
  page.getByRole('button', { name: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')},`) });
const alertText = async (page: Page) => (await page.getByRole('alert').first().innerText()).trim();
const finished = (page: Page) => page.getByRole('heading', { name: 'Vente terminée !' }).waitFor({ timeout: 15_000 });

async function identify(page: Page, email: string) {
  await page.getByLabel("E-mail de l'acheteur").fill(email);
  await page.getByRole('button', { name: 'Identifier', exact: true }).click();
  await page.getByRole('button', { name: 'Réinitialiser' }).waitFor();
}

async function payCash(page: Page, given: string) {
  await page.getByRole('button', { name: /^Espèce/ }).click();
  await page.getByLabel('Montant donné').fill(given);
  await page.getByRole('button', { name: 'Valider' }).click();
}

describe('cash register sales in Chromium (1280×800 tablet)', () => {
  it('sells three products for cash with change, keyboard only', async () => {
    const { page, sales } = await openTablet();
    await shot(page, 'ecran-de-vente');
    // The search field has the keyboard as soon as the register opens.
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.type)).toBe('search');

    for (const name of ['crêpe', 'jus de p', 'hot']) {
      await page.keyboard.type(name);
      await page.keyboard.press('Enter');
    }
    expect(await cartLines(page)).toEqual(['Crêpe au sucre', 'Jus de pomme', 'Hot-dog', 'Remise formule']);
    expect(await total(page)).toBe('5,50 €');

    await page.keyboard.press('F4');
    const given = page.getByLabel('Montant donné');
    await expect.poll(() => given.evaluate((input) => input === document.activeElement)).toBe(true);
    await page.keyboard.type('20');
    await expect.poll(async () => (await page.getByTestId('change-due').innerText()).replace(/\s/g, ' ')).toBe('14,50 €');
    const breakdown = await page.getByRole('list', { name: 'Rendu conseillé' }).getByRole('listitem').allInnerTexts();
    expect(breakdown).toEqual(['1 × billet de 10 €', '2 × pièce de 2 €', '1 × pièce de 50 centimes']);
    await shot(page, 'paiement-especes');
    await page.keyboard.press('Enter');

    await finished(page);
    await expect.poll(async () => (await page.locator('.reg-finished__change').innerText()).replace(/\s/g, ' ')).toContain('14,50 €');
    await shot(page, 'vente-terminee');
    expect(sales).toHaveLength(1);
    expect(sales[0]?.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(sales[0]?.body.sale).toMatchObject({
      paymentMode: 2,
      paymentStatus: 1,
      payments: [{ method: 'ESP', amount: 5.5, payment_reference: '20.00' }],
    });

    // The public receipt page of the sale exists.
    const reference = (await page.locator('.reg-finished__reference .reg-mono').innerText()).trim();
    const receipt = await fetch(`${e2e.url}/s/${reference}`);
    expect(receipt.status).toBe(200);
    expect(await receipt.text()).toContain('Hot-dog');

    // « Nouvelle vente » has the focus: Enter starts the next sale, the search takes the keyboard again.
    await page.keyboard.press('Enter');
    await page.getByRole('tab', { name: 'Toutes les catégories' }).waitFor();
    expect(await cartLines(page)).toEqual([]);
    await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.type)).toBe('search');
    await page.context().close();
  });

  it('refuses too little cash with the spec message and cancels with Escape', async () => {
    const { page, sales } = await openTablet();
    await product(page, 'Café').click();
    await page.keyboard.press('F4');
    await page.getByLabel('Montant donné').fill('0,5');
    expect((await alertText(page)).replace(/\s/g, ' ')).toBe('Montant insuffisant. Vous devez fournir au moins 1,00 €.');
    expect(await page.getByRole('button', { name: 'Valider' }).isDisabled()).toBe(true);
    const quick = await page.getByRole('group', { name: 'Montants rapides' }).getByRole('button').allInnerTexts();
    expect(quick.map((q) => q.replace(/\s/g, ' '))).toEqual(['1,00 €', '5,00 €', '10,00 €', '20,00 €', '50,00 €', '100,00 €', '200,00 €']);
    await page.keyboard.press('Escape');
    expect(await alertText(page)).toBe('Vente annulée.');
    expect(sales).toHaveLength(0);
    await page.context().close();
  });

  it('takes a cheque with its number', async () => {
    const { page, sales } = await openTablet();
    await product(page, 'Barbe à papa').click();
    await page.keyboard.press('F8');
    await page.getByLabel('Numéro du chèque').fill('4410027');
    await page.keyboard.press('Enter');
    await finished(page);
    expect(sales[0]?.body.sale).toMatchObject({
      paymentMode: 1,
      paymentStatus: 2,
      payments: [{ method: 'CHQ', amount: 2, payment_reference: '4410027' }],
    });
    await page.context().close();
  });

  it('pays by card: the paired readers by their last 4 characters, then the terminal, then the sale', async () => {
    await simulate('success');
    const { page, sales } = await openTablet();
    await product(page, 'Gaufre').click();
    await page.getByRole('button', { name: /^CB/ }).click();
    const chooser = page.getByRole('dialog', { name: 'Choix du lecteur' });
    await chooser.getByRole('button', { name: '4F2A' }).waitFor();
    expect(await chooser.getByRole('group', { name: 'Lecteurs de carte' }).getByRole('button').allInnerTexts()).toEqual(['4F2A', '9C7E']);
    await shot(page, 'choix-du-lecteur');
    await chooser.getByRole('button', { name: '4F2A' }).click();

    await page.getByRole('alertdialog', { name: 'Paiement par carte' }).waitFor();
    await shot(page, 'terminal-cb');
    await finished(page);
    expect(sales[0]?.body.sale).toMatchObject({ paymentMode: 3, paymentStatus: 1, payments: [{ method: 'CB', amount: 1.5 }] });
    expect(String((sales[0]?.body.sale.payments as { payment_reference: string }[])[0]?.payment_reference)).not.toBe('');
    // The choice is kept on this tablet.
    expect(await page.evaluate(() => localStorage.getItem('kermesseRegister.cardReader'))).toContain(BUVETTE_READER);
    await page.context().close();
  });

  it('says « La transaction a échoué. » when the card is refused, and creates no sale', async () => {
    await simulate('failure');
    const { page, sales } = await openTablet();
    await product(page, 'Gaufre').click();
    await page.getByRole('button', { name: /^CB/ }).click();
    await page.getByRole('dialog', { name: 'Choix du lecteur' }).getByRole('button', { name: '4F2A' }).click();
    await page.getByText('La transaction a échoué.').waitFor({ timeout: 20_000 });
    expect(sales).toHaveLength(0);
    expect(await cartLines(page)).toEqual(['Gaufre']);
    await shot(page, 'cb-refusee');
    await page.context().close();
  });

  it('gives up after 10 checks of a transaction still pending', { timeout: 90_000 }, async () => {
    await simulate('pending');
    const { page, sales } = await openTablet();
    await product(page, 'Gaufre').click();
    await page.getByRole('button', { name: /^CB/ }).click();
    const started = Date.now();
    await page.getByRole('dialog', { name: 'Choix du lecteur' }).getByRole('button', { name: '4F2A' }).click();
    await page.getByText('Vérification du paiement (tentative 2 sur 10)…').waitFor({ timeout: 15_000 });
    await shot(page, 'cb-en-attente');
    await page.getByText('Vérification du paiement (tentative 9 sur 10)…').waitFor({ timeout: 45_000 });
    await page
      .getByText('La transaction est toujours en attente après plusieurs tentatives. La transaction a échoué. Veuillez recommencer')
      .waitFor({ timeout: 15_000 });
    // 5 s, then 9 × 3 s between the 10 checks.
    expect(Date.now() - started).toBeGreaterThanOrEqual(32_000);
    expect(sales).toHaveLength(0);
    await page.context().close();
  });

  it('holds a basket for an identified buyer, then settles it from « Ventes en attente »', async () => {
    const before = (await api<{ count: number }>('GET', '/api/cr/sale/list/1/pending/total')).body.count;
    const { page, sales } = await openTablet();
    await product(page, 'Café').click();
    await page.getByRole('button', { name: 'Mettre en attente' }).click();
    expect(await alertText(page)).toBe('Identifier/Créer une personne pour ce panier');
    expect(sales).toHaveLength(0);

    await identify(page, CAMILLE);
    await product(page, 'Hot-dog').click();
    await page.getByRole('button', { name: 'Mettre en attente' }).click();
    await finished(page);
    expect(sales[0]?.body.sale).toMatchObject({ paymentMode: 99, paymentStatus: 2, payments: [] });
    const reference = (await page.locator('.reg-finished__reference .reg-mono').innerText()).trim();
    await page.getByRole('button', { name: 'Nouvelle vente' }).click();

    const pendingButton = page.getByRole('button', { name: /Paniers en attente/ });
    await expect.poll(() => pendingButton.innerText()).toContain(String(before + 1));
    await pendingButton.click();
    const list = page.getByRole('dialog', { name: 'Ventes en attente' });
    await list.getByRole('row').filter({ hasText: reference }).waitFor();
    expect(await list.getByRole('columnheader').allTextContents()).toEqual(['Référence', 'Acheteur', 'Prix', 'Événement', 'Action']);
    const row = list.getByRole('row').filter({ hasText: reference });
    expect((await row.innerText()).replace(/\s+/g, ' ')).toContain('Camille Martin 4,50 € Kermesse de printemps');
    await shot(page, 'ventes-en-attente');
    await row.getByRole('button', { name: /Procéder au règlement/ }).click();

    const payment = page.getByRole('dialog', { name: `Règlement de la vente ${reference}` });
    expect(await payment.getByRole('radio', { name: 'CB' }).isDisabled()).toBe(true);
    await payment.getByLabel('Montant').fill('2');
    await payment.getByRole('button', { name: 'Enregistrer le paiement' }).click();
    await payment.getByText('Paiement enregistré avec succès !').waitFor();
    expect((await payment.getByTestId('pending-remaining').innerText()).replace(/\s/g, ' ')).toBe('2,50 €');
    await payment.getByRole('radio', { name: 'Chèque' }).check();
    await payment.getByLabel('Numéro du chèque').fill('9981');
    await payment.getByRole('button', { name: 'Enregistrer le paiement' }).click();
    await payment.getByText('Vente réglée.').waitFor();
    await shot(page, 'vente-reglee');

    await payment.getByRole('button', { name: 'Retour à la liste' }).click();
    await list.waitFor();
    // The list reloads after the settlement: the settled sale leaves it.
    await expect.poll(() => list.getByRole('row').filter({ hasText: reference }).count()).toBe(0);
    await list.getByRole('button', { name: 'Fermer' }).click();
    expect((await api<{ count: number }>('GET', '/api/cr/sale/list/1/pending/total')).body.count).toBe(before);
    await page.context().close();
  });

  it('sells raffle tickets chosen by hand, then marks them sold for the next buyer', async () => {
    const { page, sales } = await openTablet('Caisse Tombola');
    await identify(page, CAMILLE);
    await product(page, '3 tickets').click();
    const ticketsButton = page.getByRole('button', { name: /Tickets de tombola/ });
    expect(await ticketsButton.innerText()).toContain('0 / 3');
    await ticketsButton.click();

    const picker = page.getByRole('dialog', { name: /Tickets de tombola/ });
    const grid = picker.getByRole('group', { name: /^Tickets 1 à 100$/ });
    await grid.waitFor();
    const tickets = grid.getByRole('button');
    expect(await tickets.count()).toBe(100);
    const tops = await tickets.evaluateAll((buttons) => buttons.map((b) => Math.round(b.getBoundingClientRect().top)));
    expect(tops.filter((top) => top === tops[0])).toHaveLength(10);
    await picker.getByRole('button', { name: 'Suivant' }).click();
    await picker.getByRole('group', { name: /^Tickets 101 à 200$/ }).waitFor();

    const free = picker.locator('.reg-ticket:not([disabled])');
    const chosen = (await free.evaluateAll((buttons) => buttons.slice(0, 4).map((b) => Number(b.textContent)))) as number[];
    const confirm = picker.getByRole('button', { name: 'Confirmer la sélection' });
    for (const number of chosen.slice(0, 3)) await picker.getByRole('button', { name: `Ticket ${number}`, exact: true }).click();
    expect(await confirm.isEnabled()).toBe(true);
    await picker.getByRole('button', { name: `Ticket ${chosen[3]}`, exact: true }).click();
    expect(await picker.getByRole('alert').innerText()).toBe('Vous pouvez sélectionner un maximum de 3 tickets.');
    await picker.getByRole('button', { name: 'Remise à zéro' }).click();
    expect(await confirm.isDisabled()).toBe(true);
    for (const number of chosen.slice(0, 3)) await picker.getByRole('button', { name: `Ticket ${number}`, exact: true }).click();
    await shot(page, 'tickets-tombola');
    await confirm.click();
    expect(await ticketsButton.innerText()).toContain('3 / 3');

    await payCash(page, '5');
    await finished(page);
    expect(sales[0]?.body.sale).toMatchObject({ raffleId: 1, raffles: chosen.slice(0, 3) });
    // The buyer hears their numbers before leaving the till.
    expect(await page.locator('.reg-finished__tickets').innerText()).toBe(
      `Tickets de tombola : ${[...chosen.slice(0, 3)]
        .sort((a, b) => a - b)
        .map((n) => `n° ${n}`)
        .join(', ')}`,
    );
    await page.getByRole('button', { name: 'Nouvelle vente' }).click();

    await identify(page, CAMILLE);
    await product(page, '1 ticket').click();
    await page.getByRole('button', { name: /Tickets de tombola/ }).click();
    await page
      .getByRole('dialog', { name: /Tickets de tombola/ })
      .getByRole('button', { name: 'Suivant' })
      .click();
    expect(await page.getByRole('button', { name: `Ticket ${chosen[0]} vendu` }).isDisabled()).toBe(true);
    // Grey numbers say why they cannot be chosen.
    expect(await page.getByRole('list', { name: 'Numéros grisés' }).innerText()).toMatch(/Barré : déjà vendu \(\d+ numéros\)\./);
    await page.context().close();
  });

  it('lets the register pick the tickets at random', async () => {
    const { page, sales } = await openTablet('Caisse Tombola');
    await identify(page, CAMILLE);
    await product(page, '1 ticket').click();
    await product(page, '1 ticket').click();
    await page.getByRole('button', { name: /Tickets de tombola/ }).click();
    await page.getByRole('button', { name: 'Sélection automatique et confirmer' }).click();
    expect(await page.getByRole('button', { name: /Tickets de tombola/ }).innerText()).toContain('2 / 2');
    await payCash(page, '4');
    await finished(page);
    const numbers = sales[0]?.body.sale.raffles as number[];
    expect(numbers).toHaveLength(2);
    expect(new Set(numbers).size).toBe(2);
    await page.context().close();
  });

  it('takes bets on the gift basket, refusing duplicates and weights already sold', async () => {
    const weight = String(3000 + Math.floor(Math.random() * 5000));
    const { page, sales } = await openTablet('Caisse Tombola');
    await identify(page, CAMILLE);
    await product(page, '3 paris').click();
    await page.getByRole('button', { name: /^Espèce/ }).click();
    expect(await alertText(page)).toBe('Aucun vote effectué');
    await page.getByRole('button', { name: /Paris du panier garni/ }).click();

    const picker = page.getByRole('dialog', { name: 'Faites vos paris' });
    await picker.getByLabel('Type du pari 1').waitFor();
    expect(await picker.getByRole('combobox').count()).toBe(3);
    await picker.getByLabel('Type du pari 1').selectOption({ label: 'Panier gourmand' });
    await picker.getByLabel('Poids du pari 1 en grammes').fill(weight);
    expect(await picker.getByLabel('Poids du pari 1', { exact: true }).innerText()).toBe(`${weight[0]} kg ${weight.slice(1)} g`);
    await picker.getByLabel('Type du pari 2').selectOption({ label: 'Panier gourmand' });
    await picker.getByLabel('Poids du pari 2 en grammes').fill(weight);
    expect(await picker.getByRole('alert').innerText()).toBe('Ce pari a déjà été sélectionné.');
    expect(await picker.getByRole('button', { name: 'Soumettre' }).isDisabled()).toBe(true);
    // One weight is sold once per basket, whatever the type.
    await picker.getByLabel('Type du pari 2').selectOption({ label: 'Panier bien-être' });
    expect(await picker.getByRole('alert').innerText()).toBe('Ce poids a déjà été choisi');
    await picker.getByLabel('Poids du pari 2 en grammes').fill(String(Number(weight) + 1));
    await shot(page, 'paris');
    await picker.getByRole('button', { name: 'Soumettre' }).click();
    expect(await page.getByRole('button', { name: /Paris du panier garni/ }).innerText()).toContain('2 / 3');

    await payCash(page, '5');
    await finished(page);
    expect(sales[0]?.body.sale).toMatchObject({
      giftBasketsId: 1,
      giftBaskets: [
        { weight: Number(weight), type: { id: 1 } },
        { weight: Number(weight) + 1, type: { id: 2 } },
      ],
    });
    await page.getByRole('button', { name: 'Nouvelle vente' }).click();

    await identify(page, CAMILLE);
    await product(page, '1 pari').click();
    await page.getByRole('button', { name: /Paris du panier garni/ }).click();
    await picker.getByLabel('Type du pari 1').waitFor();
    await picker.getByLabel('Type du pari 1').selectOption({ label: 'Panier bien-être' });
    await picker.getByLabel('Poids du pari 1 en grammes').fill(weight);
    expect(await picker.getByRole('alert').innerText()).toBe('Ce poids a déjà été choisi');
    expect(await picker.getByRole('button', { name: 'Soumettre' }).isDisabled()).toBe(true);
    await page.context().close();
  });

  it('adds a donation, and the meal-deal discount appears and disappears', async () => {
    const { page, sales } = await openTablet();
    await page.getByLabel('Don', { exact: true }).fill('0');
    await page.getByRole('button', { name: 'Ajouter le don au panier' }).click();
    expect(await cartLines(page)).toEqual([]);
    await page.getByLabel('Don', { exact: true }).fill('2.5');
    await page.getByRole('button', { name: 'Ajouter le don au panier' }).click();
    expect(await cartLines(page)).toEqual(['Don']);

    await product(page, 'Sandwich jambon-beurre').click();
    await product(page, 'Soda 33 cl').click();
    expect(await cartLines(page)).not.toContain('Remise formule');
    await product(page, 'Part de gâteau').click();
    expect(await cartLines(page)).toContain('Remise formule');
    expect(await total(page)).toBe('8,00 €');
    await shot(page, 'remise-formule');
    await page.getByRole('button', { name: 'Un Sandwich jambon-beurre de plus' }).click();
    expect(await cartLines(page)).toContain('Remise formule');
    expect(await total(page)).toBe('11,50 €');
    await page.getByRole('button', { name: 'Retirer Soda 33 cl du panier' }).click();
    expect(await cartLines(page)).not.toContain('Remise formule');

    const quantity = page.getByRole('spinbutton', { name: 'Quantité de Sandwich jambon-beurre' });
    await quantity.fill('80');
    expect(await quantity.inputValue()).toBe('50');

    await quantity.fill('1');
    await payCash(page, '10');
    await finished(page);
    const cartSent = sales[0]?.body.sale.cart as { product: { id: number; price: number }; quantity: number }[];
    expect(cartSent.find((line) => line.product.id === -1)).toMatchObject({ product: { price: 2.5 }, quantity: 1 });
    await page.context().close();
  });

  it('creates an unknown buyer with both names', async () => {
    const email = `visiteur.${Date.now()}@example.org`;
    const { page } = await openTablet();
    await page.getByLabel("E-mail de l'acheteur").fill(email);
    await page.getByRole('button', { name: 'Identifier', exact: true }).click();
    const create = page.getByRole('button', { name: 'Créer' });
    await create.waitFor();
    expect(await page.getByRole('button', { name: 'Annuler' }).isVisible()).toBe(true);
    await page.getByLabel('Prénom').fill('Jeanne');
    expect(await create.isDisabled()).toBe(true);
    await page.getByLabel('Nom', { exact: true }).fill('Lefèvre');
    await shot(page, 'creer-acheteur');
    await create.click();
    await page.getByText('Jeanne Lefèvre').waitFor();
    expect(await page.locator('.reg-buyer__contact').innerText()).toBe(email);
    await page.getByRole('button', { name: 'Réinitialiser' }).click();
    await page.getByRole('button', { name: 'Identifier', exact: true }).waitFor();
    await page.context().close();
  });

  it('checks the SMS number (10 digits) and tells the receipt went by SMS', async () => {
    const { page, sales } = await openTablet();
    await product(page, 'Pop-corn').click();
    await page.getByRole('button', { name: 'SMS', exact: true }).click();
    const phone = page.getByLabel('Numéro de téléphone');
    await phone.fill('06 12 34');
    await page.getByRole('button', { name: 'Valider' }).click();
    expect(await alertText(page)).toBe('Merci de saisir un numéro de téléphone valide (10 chiffres).');
    await shot(page, 'sms-invalide');
    await phone.fill(' 0611223344 ');
    await page.getByRole('button', { name: 'Valider' }).click();
    await payCash(page, '2');
    await finished(page);
    expect(sales[0]?.body.sale).toMatchObject({ receipt: { method: 'sms', to: '0611223344' } });
    await page.getByText('Commande envoyée par SMS').waitFor();
    await page.context().close();
  });
});

describe('« Envoyer reçu » after the sale (order detail)', () => {
  let contactDb: Db;
  beforeAll(() => {
    // The contact service's own table, read through the test system's database: no admin path needed.
    contactDb = createDb(e2e.sys.system.databaseUrl, { schema: 'contact' });
  });
  afterAll(async () => {
    await contactDb?.destroy();
  });

  it('sends the receipt by SMS from the order detail after a cash sale, and the contact service delivers it', async () => {
    const { page } = await openTablet();
    await product(page, 'Café').click();
    await payCash(page, '1');
    await finished(page);
    await page.getByRole('button', { name: 'Détail de la commande' }).click();
    const reference = (await page.locator('.reg-order h2 .reg-mono').innerText()).trim();
    // The receipt page link stays on the order detail.
    await page.getByRole('link', { name: `${e2e.url}/s/${reference}` }).waitFor();

    await page.getByRole('button', { name: 'Envoyer reçu' }).click();
    await page.getByRole('dialog', { name: 'Envoyer le reçu' }).getByRole('button', { name: 'Par SMS' }).click();
    const modal = page.getByRole('dialog', { name: 'Reçu par SMS' });
    await modal.getByLabel('Numéro de téléphone').fill('06 11');
    await modal.getByRole('button', { name: 'Valider' }).click();
    expect((await modal.getByRole('alert').innerText()).trim()).toBe('Merci de saisir un numéro de téléphone valide (10 chiffres).');
    await modal.getByLabel('Numéro de téléphone').fill('0611223344');
    await shot(page, 'envoyer-recu-sms');
    await modal.getByRole('button', { name: 'Valider' }).click();
    await page.getByRole('status').filter({ hasText: 'Commande envoyée par SMS' }).waitFor();
    await shot(page, 'envoyer-recu-envoye');

    // Delivered once by the log transport, the number erased afterwards.
    await expect
      .poll(
        async () =>
          contactDb('deliveries')
            .where({ sale_reference: reference })
            .whereNotNull('request_id')
            .select('channel', 'status', 'recipient', 'body_text'),
        { timeout: 15_000 },
      )
      .toEqual([
        expect.objectContaining({ channel: 'sms', status: 'sent', recipient: null, body_text: expect.stringContaining(`/s/${reference}`) }),
      ]);
    await page.context().close();
  });
});

describe('cash register error states (docs/spec.md §8)', () => {
  it('shows « Erreur lors de la récupération des données. » when the register cannot be loaded', async () => {
    const { page } = await openTablet('Caisse Entrée', {
      loaded: false,
      setup: (p) => p.route('**/api/cr/checkouts/**', (route) => route.abort('connectionrefused')),
    });
    await page.getByText('Erreur lors de la récupération des données.').waitFor();
    await shot(page, 'erreur-chargement');
    await page.context().close();
  });

  it('never creates a sale twice when the answer is lost: the retry carries the same Idempotency-Key', async () => {
    const before = (await api<{ count: number }>('GET', '/api/cr/sale/list/1/pending/total')).body.count;
    let dropped = 0;
    const { page, sales } = await openTablet('Caisse Buvette', {
      setup: (p) =>
        p.route('**/api/cr/sale/create', async (route) => {
          if (dropped >= 3) return route.continue();
          // The server does the work, the answer never reaches the tablet.
          dropped += 1;
          await route.fetch();
          await route.abort('connectionreset');
        }),
    });
    await identify(page, CAMILLE);
    await product(page, 'Café').click();
    await page.getByRole('button', { name: 'Mettre en attente' }).click();
    await page.getByText('Impossible de contacter le serveur.').waitFor({ timeout: 15_000 });
    await shot(page, 'serveur-injoignable');
    await page.getByRole('button', { name: 'Réessayer' }).click();
    await finished(page);

    const keys = new Set(sales.map((sale) => sale.key));
    expect(sales.length).toBe(4);
    expect(keys.size).toBe(1);
    expect((await api<{ count: number }>('GET', '/api/cr/sale/list/1/pending/total')).body.count).toBe(before + 1);
    await page.context().close();
  });

  it('shows the raffle conflict when a number was sold meanwhile, and marks it sold', async () => {
    const { page, sales } = await openTablet('Caisse Tombola');
    await identify(page, CAMILLE);
    await product(page, '1 ticket').click();
    await page.getByRole('button', { name: /Tickets de tombola/ }).click();
    const picker = page.getByRole('dialog', { name: /Tickets de tombola/ });
    await picker.getByRole('button', { name: 'Suivant' }).click();
    await picker.getByRole('button', { name: 'Suivant' }).click();
    const number = Number(await picker.locator('.reg-ticket:not([disabled])').last().innerText());
    await picker.getByRole('button', { name: `Ticket ${number}`, exact: true }).click();
    await picker.getByRole('button', { name: 'Confirmer la sélection' }).click();

    // Another register sells the same number first.
    const checkout = (
      await api<[{ products: { id: number; name: string; price: number; productCategory: { id: number; name: string } }[] }]>(
        'GET',
        '/api/cr/checkouts/2',
      )
    ).body[0];
    const ticket = checkout.products.find((p) => p.name === '1 ticket');
    const person = (await api<{ data: { user: { id: number } } }>('POST', '/api/cr/users/findOrCreate', { email: CAMILLE, phone: '' })).body
      .data.user;
    const other = await api('POST', '/api/cr/sale/create', {
      sale: {
        checkoutId: 2,
        eventId: 1,
        personId: person.id,
        cart: [{ product: ticket, quantity: 1 }],
        raffleId: 1,
        raffles: [number],
        giftBasketsId: null,
        giftBaskets: [],
        paymentMode: 2,
        paymentStatus: 1,
        payments: [{ method: 'ESP', amount: 2, payment_reference: '2' }],
        price: 2,
      },
    });
    expect(other.status).toBe(201);

    await payCash(page, '2');
    await expect.poll(() => alertText(page), { timeout: 10_000 }).toMatch(/^Erreur lors de la vente : /);
    expect(await alertText(page)).toContain(String(number));
    expect(sales).toHaveLength(1);
    await shot(page, 'ticket-deja-vendu');
    expect(await page.getByRole('button', { name: /Tickets de tombola/ }).innerText()).toContain('0 / 1');
    await page.getByRole('button', { name: /Tickets de tombola/ }).click();
    await picker.getByRole('button', { name: 'Suivant' }).click();
    await picker.getByRole('button', { name: 'Suivant' }).click();
    expect(await picker.getByRole('button', { name: `Ticket ${number} vendu` }).isDisabled()).toBe(true);
    await page.context().close();
  });

  it('says when tickets, stock alerts or card readers cannot be loaded, and when pop-ups are blocked', async () => {
    const { page } = await openTablet('Caisse Tombola', {
      setup: async (p) => {
        await p.route('**/api/cr/raffle/*/tickets/sold', (route) => route.abort('connectionrefused'));
        await p.route('**/api/cr/stocks/**', (route) => route.abort('connectionrefused'));
        await p.route('**/api/cr/payment/reader', (route) =>
          route.request().method() === 'GET' ? route.abort('connectionrefused') : route.continue(),
        );
        await p.addInitScript(() => {
          window.open = () => null;
        });
      },
    });
    await page.getByRole('button', { name: 'Actualiser les alertes de stock' }).click();
    await page.getByText("Impossible de charger les états d'alerte des produits.").waitFor();

    await identify(page, CAMILLE);
    await product(page, '1 ticket').click();
    await page.getByRole('button', { name: /Tickets de tombola/ }).click();
    await page.getByText('Impossible de charger les tickets. Veuillez réessayer plus tard.').waitFor();
    await page.getByRole('button', { name: 'Annuler' }).click();
    await page.getByRole('button', { name: 'Retirer 1 ticket du panier' }).click();

    await product(page, 'Café').click();
    await page.getByRole('button', { name: /^CB/ }).click();
    await page.getByRole('dialog', { name: 'Choix du lecteur' }).getByText('Impossible de récupérer les lecteurs CB').waitFor();
    await page.getByRole('dialog', { name: 'Choix du lecteur' }).getByRole('button', { name: 'Annuler' }).click();

    await payCash(page, '1');
    await finished(page);
    await page.getByRole('button', { name: 'Imprimer le reçu' }).click();
    await page.getByText('Veuillez autoriser les pop-ups pour pouvoir imprimer.').waitFor();
    await page.context().close();
  });

  it('prints the receipt and shows the order with its receipt link', async () => {
    const { page } = await openTablet();
    await product(page, 'Café').click();
    await payCash(page, '1');
    await finished(page);
    const [popup] = await Promise.all([page.waitForEvent('popup'), page.getByRole('button', { name: 'Imprimer le reçu' }).click()]);
    await expect.poll(() => popup.content()).toContain('Café');
    await popup.close();

    await page.getByRole('button', { name: 'Détail de la commande' }).click();
    const reference = (await page.locator('.reg-order h2 .reg-mono').innerText()).trim();
    const link = page.getByRole('link', { name: `${e2e.url}/s/${reference}` });
    expect(await link.getAttribute('href')).toBe(`${e2e.url}/s/${reference}`);
    await shot(page, 'detail-commande');
    await page.getByRole('button', { name: 'Nouvelle commande' }).click();
    await page.getByRole('tab', { name: 'Toutes les catégories' }).waitFor();
    await page.context().close();
  });

  it('fits a tablet held upright (800×1280)', async () => {
    const { page } = await openTablet('Caisse Tombola', { viewport: { width: 800, height: 1280 } });
    await product(page, 'Hot-dog').click();
    await shot(page, 'tablette-portrait');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.context().close();
  });
});
