/**
 * A refund from the order detail, in Chromium against the whole system: the administrator
 * names the cashier « responsable de caisse » in the back office; the cashier sells two crêpes and a coffee
 * for cash, refunds one crêpe from the order detail (quantity, reason, mode), sees it listed there
 * and on the public receipt page; the stock service puts the crêpe back through NATS.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createDb, type Db } from '@kermesse/kit/db';
import { ARTIFACTS_DIR, signInThroughForm } from './support/browser.ts';
import { callGateway } from './support/api.ts';
import { openRegister, setupSystem, TABLET } from './support/session.ts';

const e2e = setupSystem({ signIn: ['caissier', 'admin'] });
let registerDb: Db;
let stockDb: Db;

beforeAll(async () => {
  registerDb = createDb(e2e.sys.system.databaseUrl, { schema: 'register' });
  stockDb = createDb(e2e.sys.system.databaseUrl, { schema: 'stock' });
});

afterAll(async () => {
  await registerDb?.destroy();
  await stockDb?.destroy();
});

const shot = (page: Page, name: string) => page.screenshot({ path: join(ARTIFACTS_DIR, `remboursement-${name}.png`) });
const product = (page: Page, name: string) =>
  page.getByRole('button', { name: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')},`) });
const spaces = (text: string) => text.replace(/\s/g, ' ');

describe('a refund from the order detail', () => {
  it('refunds one line of a cash sale, shows it on the order detail and the receipt page, and puts the stock back', async () => {
    // Without the right, the cashier may not refund.
    const cashierId = JSON.parse(Buffer.from(e2e.tokens.caissier.split('.')[1]!, 'base64url').toString()).sub as string;
    expect((await callGateway(e2e.url, e2e.tokens.caissier, 'GET', '/api/admin/till-managers')).status).toBe(403);

    // The administrator names the cashier « responsable de caisse » in the back office.
    const admin = await e2e.newContext({ viewport: TABLET });
    const adminPage = await admin.newPage();
    await adminPage.goto('/');
    await adminPage.getByRole('button', { name: 'Plus tard' }).click();
    await signInThroughForm(adminPage, 'admin@kermesse.local');
    await adminPage.getByRole('button', { name: 'Se déconnecter' }).waitFor();
    await adminPage.goto('/gestion');
    const managers = adminPage.getByRole('region', { name: 'Responsables de caisse' });
    await managers.getByRole('button', { name: 'Nommer responsable de caisse : Caissière Démo' }).click();
    await managers.getByText('— responsable de caisse').waitFor();
    await adminPage.screenshot({ path: join(ARTIFACTS_DIR, 'remboursement-responsables.png'), fullPage: true });
    await admin.close();
    expect((await callGateway<{ userIds: string[] }>(e2e.url, e2e.tokens.admin, 'GET', '/api/admin/till-managers')).body.userIds).toEqual([
      cashierId,
    ]);

    const event = await registerDb('events').where({ name: 'Kermesse de printemps' }).first('id');
    const crepe = await registerDb('products').where({ name: 'Crêpe au sucre' }).first('id');
    const level = async () =>
      (await stockDb('levels').where({ event_id: event.id, product_id: crepe.id }).first('stock'))?.stock as number | undefined;
    await expect.poll(level, { timeout: 30_000 }).toBeTypeOf('number');
    const before = (await level())!;

    const context = await e2e.newContext({ viewport: TABLET, hasTouch: true, token: e2e.tokens.caissier });
    const page = await context.newPage();
    await openRegister(page, 'Caisse Buvette');

    await product(page, 'Crêpe au sucre').click();
    await product(page, 'Crêpe au sucre').click();
    await product(page, 'Café').click();
    await page.getByRole('button', { name: /^Espèce/ }).click();
    await page.getByLabel('Montant donné').fill('5');
    await page.getByRole('button', { name: 'Valider' }).click();
    await page.getByRole('heading', { name: 'Vente terminée !' }).waitFor({ timeout: 15_000 });
    await expect.poll(level, { timeout: 30_000 }).toBe(before - 2);

    await page.getByRole('button', { name: 'Détail de la commande' }).click();
    const reference = (await page.locator('.reg-order h2 .reg-mono').innerText()).trim();
    const refunds = page.getByRole('region', { name: 'Remboursements' });
    await refunds.getByText('Aucun remboursement pour cette commande.').waitFor();
    await refunds.getByRole('button', { name: 'Rembourser' }).click();

    const dialog = page.getByRole('dialog', { name: `Rembourser la commande ${reference}` });
    await dialog.getByLabel('Quantité à rembourser — Crêpe au sucre').fill('3');
    await dialog.getByLabel('Motif').fill('Crêpe tombée par terre');
    await dialog.getByRole('button', { name: /^Rembourser 3,00/ }).click();
    // The server's answer: read once it came, not before.
    await expect
      .poll(() => dialog.getByRole('alert').innerText())
      .toBe('Vous ne pouvez pas rembourser plus que ce qui a été vendu : il reste 2 « Crêpe au sucre » remboursables.');
    await dialog.getByLabel('Quantité à rembourser — Crêpe au sucre').fill('1');
    await dialog.getByLabel('Espèces').check();
    await shot(page, 'dialogue');
    await dialog.getByRole('button', { name: /^Rembourser 1,00/ }).click();
    await dialog.waitFor({ state: 'detached' });

    await expect.poll(async () => spaces(await refunds.innerText())).toContain('Remboursement de 1,00 € enregistré.');
    await expect.poll(async () => spaces(await refunds.innerText())).toContain('1 × Crêpe au sucre');
    expect(spaces(await refunds.innerText())).toContain('Motif : Crêpe tombée par terre');
    await shot(page, 'detail-commande');

    // The public receipt page lists the refund; the sale itself is unchanged.
    const receipt = await context.newPage();
    await receipt.goto(`/s/${reference}`);
    const text = spaces(await receipt.locator('body').innerText());
    expect(text).toContain('Remboursements');
    expect(text).toContain('Motif : Crêpe tombée par terre');
    expect(text).toContain('Total remboursé : 1,00 €');
    expect(text).toMatch(/Total\s+3,00 €/);
    await receipt.screenshot({ path: join(ARTIFACTS_DIR, 'remboursement-recu.png') });

    // The stock service took the crêpe back (through NATS), once.
    await expect.poll(level, { timeout: 30_000 }).toBe(before - 1);
    await context.close();
  }, 180_000);
});
