/**
 * Loto cartons sold at the register like raffle tickets, in Chromium on the whole system
 * (launcher: every service, gateway, built front ends): the demo loto night's « 1 carton » product
 * reaches the registers through `bingo.configured`; the cashier identifies the buyer, rings up two
 * cartons, types the numbers of the two physical cartons handed over (one with its check digit), pays
 * cash; the receipt lists them; the caller's win check then says the carton was sold to that buyer,
 * and another register cannot sell it again; a refund of carton 8 voids it: the win check answers
 * « Carton remboursé : il ne peut pas gagner. » and it is not sold again.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ARTIFACTS_DIR, signInThroughForm } from './support/browser.ts';
import { callGateway, gatewayOk } from './support/api.ts';
import { openRegister, recordSales, setupSystem, TABLET, type SentSale } from './support/session.ts';

const e2e = setupSystem({ signIn: ['caissier', 'admin'] });

const CAMILLE = 'camille.martin@example.org';
const SETTLE = { timeout: 15_000 };

interface Carton {
  number: number;
  code: string;
  sold?: boolean;
  buyer: string | null;
}

/** A tablet on the sales screen of « Caisse Buvette », with the cashier's token. */
async function openBuvette(): Promise<{ page: Page; sales: SentSale[] }> {
  const context = await e2e.newContext({ viewport: TABLET, hasTouch: true, token: e2e.tokens.caissier });
  const page = await context.newPage();
  const sales = recordSales(page);
  await openRegister(page, 'Caisse Buvette');
  return { page, sales };
}

/** Waits until « Caisse Buvette »'s catalogue (`GET /api/cr/checkouts/:id`, as the register reads it) holds `product`. */
async function buvetteSells(product: string): Promise<void> {
  const call = <T>(path: string) => gatewayOk<T>(e2e.url, e2e.tokens.caissier, 'GET', path);
  const [event] = await call<Array<{ id: number }>>('/api/cr/events');
  const [withCheckouts] = await call<Array<{ checkouts: Array<{ id: number; name: string }> }>>(`/api/cr/events/${event!.id}/checkouts`);
  const buvette = withCheckouts!.checkouts.find((c) => c.name === 'Caisse Buvette')!.id;
  await expect
    .poll(
      async () =>
        (await call<Array<{ products: Array<{ name: string }> }>>(`/api/cr/checkouts/${buvette}`))[0]?.products.map((p) => p.name),
      { timeout: 30_000 },
    )
    .toContain(product);
}

describe('loto cartons at the register', () => {
  it(
    "sells 2 cartons to an identified buyer; the receipt lists them; the caller's win check shows the carton sold to the buyer",
    { timeout: 180_000 },
    async () => {
      const cartons = (
        await gatewayOk<{ cartons: Carton[] }>(e2e.url, e2e.tokens.admin, 'GET', '/admin-bingo/api/bingo/1/cartons?from=7&to=8')
      ).cartons;
      expect(cartons.map((c) => c.sold)).toEqual([false, false]);

      // bingo.configured makes the night's carton product: it may reach the register a moment after the
      // system starts, so the register is opened once its catalogue holds it.
      await buvetteSells('1 carton');
      const { page, sales } = await openBuvette();
      const cartonProduct = page.getByRole('button', { name: /^1 carton,/ });
      await page.getByRole('tab', { name: 'Loto : Loto de la kermesse' }).waitFor();
      await cartonProduct.waitFor();

      await page.getByLabel("E-mail de l'acheteur").fill(CAMILLE);
      await page.getByRole('button', { name: 'Identifier', exact: true }).click();
      await page.getByRole('button', { name: 'Réinitialiser' }).waitFor();
      await cartonProduct.click();
      await cartonProduct.click();
      const button = page.getByRole('button', { name: 'Cartons de loto : 0 / 2' });
      await button.waitFor();

      // Paying before typing the cartons is refused in French.
      await page.getByRole('button', { name: /^Espèce/ }).click();
      await expect
        .poll(async () => (await page.getByRole('alert').first().innerText()).trim(), SETTLE)
        .toBe('Saisissez les numéros des 2 cartons remis : 0 saisi(s).');

      await button.click();
      const picker = page.getByRole('dialog', { name: 'Cartons de loto — Loto de la kermesse' });
      const field = picker.getByLabel('Numéro du carton');
      await field.fill('7');
      await field.press('Enter');
      await field.fill(cartons[1]!.code);
      await field.press('Enter');
      expect(await picker.getByTestId('carton-count').innerText()).toBe('2 / 2');
      await page.screenshot({ path: join(ARTIFACTS_DIR, 'caisse-cartons-loto.png') });
      await picker.getByRole('button', { name: 'Confirmer les cartons' }).click();
      await page.getByRole('button', { name: 'Cartons de loto : 2 / 2' }).waitFor();

      await page.getByRole('button', { name: /^Espèce/ }).click();
      await page.getByLabel('Montant donné').fill('10');
      await page.getByRole('button', { name: 'Valider' }).click();
      await page.getByRole('heading', { name: 'Vente terminée !' }).waitFor(SETTLE);
      expect(sales.at(-1)?.body.sale).toMatchObject({ bingoId: 1, cartons: [7, 8], personId: expect.any(Number) });
      const reference = (await page.locator('.reg-finished__reference .reg-mono').innerText()).trim();
      const receipt = await (await fetch(`${e2e.url}/s/${reference}`)).text();
      expect(receipt).toContain('Cartons de loto — Loto de la kermesse');
      expect(receipt).toContain('n° 7, n° 8');
      await page.context().close();

      // The bingo service learnt the buyer (the register's confirmation, then sale.completed).
      await expect
        .poll(
          async () =>
            (await gatewayOk<{ cartons: Carton[] }>(e2e.url, e2e.tokens.admin, 'GET', '/admin-bingo/api/bingo/1/cartons?from=7&to=7'))
              .cartons[0]?.buyer,
          SETTLE,
        )
        .toBe('Camille Martin');

      // The caller checks carton 7: the answer says who bought it at the register.
      const caller = await (await e2e.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
      await signInThroughForm(caller, 'admin@kermesse.local');
      await expect.poll(() => new URL(caller.url()).pathname, { timeout: 20_000 }).toBe('/');
      await caller.goto('/loto/1/animateur');
      await caller.getByLabel('Numéro du carton').fill(cartons[0]!.code);
      await caller.getByRole('button', { name: 'Vérifier le carton' }).click();
      await caller.getByTestId('check-result').waitFor();
      expect(await caller.getByTestId('check-result').textContent()).toContain('Carton vendu à Camille Martin (camille.martin@example.org');
      await caller.screenshot({ path: join(ARTIFACTS_DIR, 'loto-verification-acheteur.png') });
      await caller.context().close();

      // Another register cannot sell carton 8 again: the French 409 of the bingo service.
      const again = await callGateway<{ error: string }>(e2e.url, e2e.tokens.caissier, 'POST', '/api/cr/sale/create', {
        sale: { ...sales.at(-1)!.body.sale, cartons: [8, 9], personId: null, receipt: null },
      });
      expect(again.status).toBe(409);
      expect(again.body.error).toBe('Le carton n° 8 vient d’être vendu par une autre caisse : rendez-le et donnez-en un autre.');

      // The buyer gives carton 8 back: the refund voids it (sale.refunded); the caller's check refuses it.
      const productId = (sales.at(-1)!.body.sale.cart as Array<{ product: { id: number } }>)[0]!.product.id;
      const refund = await gatewayOk<{ refund: { cartons?: number[] } }>(
        e2e.url,
        e2e.tokens.admin,
        'POST',
        `/api/cr/sale/${encodeURIComponent(reference)}/refund`,
        {
          lines: [{ productId, quantity: 1 }],
          reason: 'Carton rendu',
          payment_mode: 2,
          cartons: [8],
        },
      );
      expect(refund.refund.cartons).toEqual([8]);
      await expect
        .poll(
          async () =>
            (
              await gatewayOk<{ cartons: Array<Carton & { voided?: boolean }> }>(
                e2e.url,
                e2e.tokens.admin,
                'GET',
                '/admin-bingo/api/bingo/1/cartons?from=8&to=8',
              )
            ).cartons[0]?.voided,
          SETTLE,
        )
        .toBe(true);
      const checker = await (await e2e.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
      await signInThroughForm(checker, 'admin@kermesse.local');
      await expect.poll(() => new URL(checker.url()).pathname, { timeout: 20_000 }).toBe('/');
      await checker.goto('/loto/1/animateur');
      await checker.getByLabel('Numéro du carton').fill(cartons[1]!.code);
      await checker.getByRole('button', { name: 'Vérifier le carton' }).click();
      await checker.getByTestId('check-result').waitFor();
      expect(await checker.getByTestId('check-result').textContent()).toContain('Carton remboursé : il ne peut pas gagner.');
      await checker.screenshot({ path: join(ARTIFACTS_DIR, 'loto-verification-rembourse.png') });
      await checker.context().close();
      // Not back on sale: the buyer may keep the paper carton.
      const resold = await callGateway<{ error: string }>(e2e.url, e2e.tokens.caissier, 'POST', '/api/cr/sale/create', {
        sale: {
          ...sales.at(-1)!.body.sale,
          cart: [{ product: { id: productId }, quantity: 1 }],
          cartons: [8],
          personId: null,
          receipt: null,
        },
      });
      expect(resold.status).toBe(409);
    },
  );
});
