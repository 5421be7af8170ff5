/**
 * The stall's printers in Chromium against the whole system (docs/printing.md): the cashier sets two
 * network printers in « Imprimantes » on a phone (390 px) — the till's, which carries the drawer, and
 * the frites stand's, which gets the « Plats » — then a cash sale sends « Barquette de frites ×2 » to
 * the stand through the print relay and opens the drawer with the till printer's pulse, and the receipt
 * prints only when asked. With the relay down the kitchen ticket fails without touching the sale, stays
 * listed across a reload and an offline spell, and prints exactly once on « Réessayer »; a reprint says
 * « DUPLICATA ». The printers are fake network printers (TCP servers recording the bytes), decoded back.
 */
import { join } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { createPrintRelay } from '../infra/src/printRelay.ts';
import { startFakeNetworkPrinter, type FakeNetworkPrinter } from '../infra/src/testing/fakeNetworkPrinter.ts';
import { decodeEscPos, printedText } from '../shell/ui-kit/src/printing/testing/escPosDecoder.ts';
import { ARTIFACTS_DIR } from './support/browser.ts';
import { openRegister, recordSales, setupSystem } from './support/session.ts';

const e2e = setupSystem({ signIn: ['caissier'] });
const PHONE = { width: 390, height: 844 };
const TOKEN = 'jeton-relais-e2e';

let till: FakeNetworkPrinter;
let frites: FakeNetworkPrinter;
let relay: ReturnType<typeof createPrintRelay>;
let relayPort = 0;

async function startRelay(): Promise<void> {
  relay = createPrintRelay({ token: TOKEN, printerPorts: [till.port, frites.port], timeoutMs: 3000 });
  await new Promise<void>((resolve) => relay.listen(relayPort, '127.0.0.1', resolve));
  relayPort = (relay.address() as AddressInfo).port;
}

const stopRelay = () => new Promise<void>((resolve) => relay.close(() => resolve()));

beforeAll(async () => {
  [till, frites] = await Promise.all([startFakeNetworkPrinter(), startFakeNetworkPrinter()]);
  await startRelay();
});

afterAll(async () => {
  await stopRelay().catch(() => undefined);
  await Promise.all([till?.close(), frites?.close()]);
});

const shot = (page: Page, name: string) => page.screenshot({ path: join(ARTIFACTS_DIR, `impression-${name}.png`) });
const product = (page: Page, name: string) => page.getByRole('button', { name: new RegExp(`^${name},`) });
const printingButton = (page: Page) => page.getByRole('button', { name: /^Impressions/ });
const dialog = (page: Page) => page.getByRole('dialog');

/** axe's violations on the page as it is now (WCAG 2.1 A and AA and best practices, as e2e/any-device.e2e.ts). */
async function violations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).setLegacyMode().analyze();
  return results.violations.flatMap((violation) => violation.nodes.map((node) => `${violation.id} ${node.target.join(' ')}`));
}

/** Decoded text of the next job `printer` receives. */
async function nextTicket(printer: FakeNetworkPrinter) {
  return decodeEscPos(await printer.nextJob(20_000));
}

/** Adds a network printer in the open « Imprimantes » form; the n-th printer's fields. */
async function addPrinter(page: Page, index: number, name: string, address: string, width: '58' | '80') {
  await page.getByRole('button', { name: 'Ajouter une imprimante' }).click();
  const printer = dialog(page).locator('fieldset.prt-printer').nth(index);
  await printer.getByLabel('Nom').fill(name);
  await printer.getByLabel('Adresse (port 9100)').fill(address);
  await printer.getByLabel('Largeur du papier').selectOption(width);
}

async function sellFritesForCash(page: Page) {
  await product(page, 'Barquette de frites').click();
  await product(page, 'Barquette de frites').click();
  await product(page, 'Café').click();
  // On a phone the cart is a sheet: open it to pay.
  const sheet = page.getByRole('button', { name: /^Ouvrir le panier/ });
  if (await sheet.isVisible()) await sheet.click();
  await page.getByRole('button', { name: /^Espèce/ }).click();
  await page.getByLabel('Montant donné').fill('10');
  await page.getByRole('button', { name: 'Valider' }).click();
  await page.getByRole('heading', { name: 'Vente terminée !' }).waitFor({ timeout: 20_000 });
}

async function newSale(page: Page) {
  await page.getByRole('button', { name: 'Nouvelle vente' }).click();
  await page.getByRole('tab', { name: 'Toutes les catégories' }).waitFor();
}

describe('printing at the stall (390 px phone, fake network printers behind the print relay)', () => {
  let context: BrowserContext;
  let page: Page;

  it('sets the printers, then a cash sale sends the frites to their stand and opens the drawer; the receipt only on request', async () => {
    context = await e2e.newContext({ viewport: PHONE, hasTouch: true, isMobile: true, token: e2e.tokens.caissier });
    page = await context.newPage();
    const sales = recordSales(page);
    await openRegister(page, 'Caisse Buvette', { timeout: 90_000 });

    await printingButton(page).click();
    await dialog(page).getByRole('heading', { name: 'Imprimantes', exact: true }).waitFor();
    await addPrinter(page, 0, 'Caisse', till.address, '80');
    await addPrinter(page, 1, 'Stand frites', frites.address, '58');
    await dialog(page).getByLabel('Imprimante des reçus et du rapport Z').selectOption({ label: 'Caisse' });
    await dialog(page).getByLabel('Tiroir-caisse branché sur l’imprimante des reçus').check();
    await dialog(page).getByLabel('Tickets « Plats »').selectOption({ label: 'Stand frites' });
    await dialog(page).getByLabel('Adresse du relais').fill(`http://127.0.0.1:${relayPort}`);
    await dialog(page).getByLabel('Jeton du relais').fill(TOKEN);
    await dialog(page).getByRole('button', { name: 'Tester le relais' }).click();
    await dialog(page).getByText('Relais d’impression joignable, jeton accepté.').waitFor();
    const width = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(width).toBeLessThanOrEqual(0);
    await shot(page, 'reglages-390');
    expect(await violations(page)).toEqual([]);
    await dialog(page).getByRole('button', { name: 'Enregistrer' }).click();
    await dialog(page).getByText('Aucune impression pour cette caisse.').waitFor();
    await dialog(page).getByRole('button', { name: 'Fermer' }).click();

    await sellFritesForCash(page);
    expect(sales).toHaveLength(1);
    const drawer = await nextTicket(till);
    expect(drawer.pulses).toHaveLength(1);
    expect(drawer.cuts).toBe(0);
    const kitchen = await nextTicket(frites);
    const text = printedText(kitchen);
    expect(text[0]).toBe('Plats');
    expect(text).toContain('Barquette de frites ×2');
    expect(text.join('\n')).not.toContain('Café');
    expect(Math.max(...kitchen.lines.map((line) => line.length))).toBeLessThanOrEqual(32);
    expect(kitchen.cuts).toBe(1);
    // Nothing else: no receipt until the buyer asks.
    expect(till.jobs).toHaveLength(1);

    await page.getByRole('button', { name: 'Imprimer le reçu' }).click();
    await page.getByText('Reçu envoyé à l’imprimante « Caisse ».').waitFor();
    const receipt = printedText(await nextTicket(till));
    expect(receipt).toContain('Reçu');
    expect(receipt.find((line) => line.startsWith('2 × Barquette de frites'))).toMatch(/5,00 €$/);
    expect(receipt.find((line) => line.startsWith('Total'))).toMatch(/6,00 €$/);
    expect(receipt.find((line) => line.startsWith('Paiement'))).toMatch(/Espèces$/);
    await shot(page, 'vente-terminee-390');
    await newSale(page);
  });

  it('a ticket the relay cannot take fails without touching the sale, survives a reload and an offline spell, and prints once on « Réessayer »', async () => {
    await stopRelay();
    const sales = recordSales(page);
    await sellFritesForCash(page);
    expect(sales).toHaveLength(1);
    await page.getByRole('button', { name: 'Nouvelle vente' }).click();
    // Two failed jobs: the drawer's pulse and the kitchen ticket.
    await printingButton(page)
      .and(page.getByRole('button', { name: 'Impressions : 2 en échec' }))
      .waitFor({ timeout: 20_000 });

    await page.reload();
    await page.getByRole('tab', { name: 'Toutes les catégories' }).waitFor({ timeout: 60_000 });
    await page.getByRole('button', { name: 'Impressions : 2 en échec' }).waitFor();

    await context.setOffline(true);
    await page.getByRole('button', { name: 'Impressions : 2 en échec' }).click();
    const failed = dialog(page).locator('.prt-job--echec');
    expect(await failed.count()).toBe(2);
    await expect(failed.first().getByRole('alert').innerText()).resolves.toContain('Relais d’impression injoignable');
    await shot(page, 'echec-390');
    expect(await violations(page)).toEqual([]);
    await context.setOffline(false);

    await startRelay();
    const before = { till: till.jobs.length, frites: frites.jobs.length };
    await dialog(page)
      .getByRole('button', { name: /^Réessayer : Ticket Plats/ })
      .click();
    const kitchen = printedText(await nextTicket(frites));
    expect(kitchen).toContain('Barquette de frites ×2');
    await dialog(page).locator('.prt-job--imprime').first().waitFor();
    expect(frites.jobs.length).toBe(before.frites + 1);

    // Reprinted: a new job, « DUPLICATA » on the paper.
    await dialog(page)
      .getByRole('button', { name: /^Réimprimer : Ticket Plats/ })
      .first()
      .click();
    const duplicate = printedText(await nextTicket(frites));
    expect(duplicate[0]).toBe('DUPLICATA');
    expect(duplicate).toContain('Barquette de frites ×2');
    // The drawer's failed pulse is still there for the cashier to retry or remove; nothing reached the till.
    expect(till.jobs.length).toBe(before.till);
    await dialog(page).getByRole('button', { name: 'Retirer : Ouverture du tiroir' }).click();
    await dialog(page).locator('.prt-job--echec').waitFor({ state: 'detached' });
    await context.close();
  });
});
