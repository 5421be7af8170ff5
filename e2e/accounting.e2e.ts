/**
 * Accounting in Chromium, on the whole system (launcher: every service, gateway, built front ends):
 * the treasurer lands on the trial balances, adds one from the Paheko sample file and imports it,
 * reads its report, the Bilan des comptes, the Disponibilités and the forecast (printed on A4 and on
 * a phone), sees a locked balance refused; a sale at the register reaches the journal by itself,
 * « Générer la balance » feeds the Disponibilités, the fair's result counts a purchase, the FEC
 * downloads, the year closes; a cashier is kept out.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { checkFec } from '@kermesse/contracts-accounting';
import { eventually } from '@kermesse/kit/testing';
import { ARTIFACTS_DIR, signInThroughForm } from './support/browser.ts';
import { callGateway, gatewayOk, signInToken } from './support/api.ts';
import { setupSystem } from './support/session.ts';

const e2e = setupSystem({ signIn: ['tresorier', 'caissier'] });
const settled = <T>(check: () => Promise<T>) => eventually(check, 30_000, 200);
const SAMPLE = join(import.meta.dirname, '..', 'services', 'accounting', 'samples', 'balance-generale-2025.csv');
const YEAR = new Date().getFullYear();

const api = <T = unknown>(
  method: string,
  path: string,
  body?: unknown,
  token = e2e.tokens.tresorier,
  headers: Record<string, string> = {},
) => gatewayOk<T>(e2e.url, token, method, path, body, headers);

/** A page signed in as the treasurer, who lands on the accounting screens. */
async function treasurerPage(viewport = { width: 1280, height: 900 }): Promise<Page> {
  const context = await e2e.newContext({ viewport, acceptDownloads: true });
  const page = await context.newPage();
  await signInThroughForm(page, 'tresorier@kermesse.local');
  await expect.poll(() => new URL(page.url()).pathname, { timeout: 20_000 }).toBe('/comptabilite');
  return page;
}

async function printed(page: Page, name: string) {
  await page.emulateMedia({ media: 'print' });
  await page.screenshot({ path: join(ARTIFACTS_DIR, `${name}.png`), fullPage: true });
  expect(await page.locator('.shell-header').isVisible()).toBe(false);
  expect(await page.locator('.acc-tabs').isVisible()).toBe(false);
  expect(await page.getByRole('button', { name: 'Imprimer' }).isVisible()).toBe(false);
  await page.emulateMedia({ media: 'screen' });
}

describe('trial balances', () => {
  it('adds a balance from the Paheko file, imports it with « Importer », and prints its report', async () => {
    const page = await treasurerPage();
    await page.getByRole('heading', { name: 'Balances des comptes' }).waitFor();
    // The demo: last year's balance and this year's budget.
    await page.getByRole('cell', { name: 'Budget prévisionnel' }).waitFor();

    await page.getByRole('button', { name: 'Ajouter une balance' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ajouter une balance' });
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await dialog.getByText('Les données CSV sont obligatoires : collez la balance ou choisissez son fichier.').waitFor();
    await dialog.getByLabel('Exercice', { exact: true }).fill('2024');
    await dialog.getByLabel('Choisir un fichier CSV').setInputFiles(SAMPLE);
    await expect.poll(() => dialog.getByLabel('Données CSV', { exact: true }).inputValue()).toContain('530;Caisse;1 845,50');
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    const saved = page.getByText(/Balance n°(\d+) \(exercice 2024\) enregistrée/);
    await saved.waitFor();
    const id = Number(/n°(\d+)/.exec((await saved.textContent())!)![1]);

    await page.getByRole('link', { name: `Lignes de la balance n°${id}` }).click();
    await page.getByRole('heading', { name: `Lignes de la balance n°${id}` }).waitFor();
    await page.getByText('Aucune ligne : cliquez sur « Importer »').waitFor();
    await page.getByRole('button', { name: 'Importer' }).click();
    await page.getByText('Import effectué : 19 lignes importées.').waitFor();
    // The report's table comes with the next render, after the message: wait for it before reading it.
    await page.locator('thead th').first().waitFor();
    expect(await page.locator('thead th').allTextContents()).toEqual(['Compte', 'Débit', 'Crédit', 'Solde']);
    expect((await page.getByRole('row', { name: /^512/ }).innerText()).replace(/\s+/g, ' ')).toBe(
      '512 Banque 4 812,35 € 1 250,00 € 3 562,35 €',
    );

    await page.getByRole('link', { name: 'Rapport de la balance' }).click();
    await page.getByText('Période du 1er janvier au 31 décembre 2024').waitFor();
    expect(await page.locator('thead th').allTextContents()).toEqual(['DEPENSES', 'RECETTES', 'Solde']);
    await page.getByRole('rowheader', { name: 'TOTAUX DEPENSE' }).waitFor();
    await page.getByRole('rowheader', { name: 'TOTAUX RECETTE' }).waitFor();
    // 350 + 84,90 + 612,40 + 420 + 145 + 480 + 310 + 38,60 = 2 440,90 ; revenues 6 148,25 ; solde 6 148,25 − 2 440,90 = 3 707,35 (a surplus)
    expect((await page.getByLabel('Différence').innerText()).replace(/\s/g, ' ')).toBe('3 707,35 €');
    await printed(page, 'comptabilite-rapport-balance');
    await page.context().close();
  });

  it('names the bad lines of a file and imports nothing; a locked balance answers 409', async () => {
    const page = await treasurerPage();
    await page.getByRole('button', { name: 'Ajouter une balance' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ajouter une balance' });
    await dialog.getByLabel('Exercice', { exact: true }).fill('2023');
    await dialog.getByLabel('Données CSV', { exact: true }).fill('Compte;Libellé;Débit;Crédit\n530;Caisse;12,5O;0\n707;Ventes;0;12,50\n');
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    const saved = page.getByText(/Balance n°(\d+) \(exercice 2023\) enregistrée/);
    await saved.waitFor();
    const id = Number(/n°(\d+)/.exec((await saved.textContent())!)![1]);
    await page.getByRole('link', { name: `Lignes de la balance n°${id}` }).click();
    await page.getByRole('button', { name: 'Importer' }).click();
    await page.getByText(/Erreur lors de l'import : Le fichier de la balance n'a pas été importé : 1 erreur\(s\)\./).waitFor();
    await page.getByText("Ligne 2 : le débit « 12,5O » n'est pas un montant", { exact: false }).waitFor();
    expect((await api<unknown[]>('GET', `/api/admin/accountancy/trial-balance-rows/${id}`)).length).toBe(0);

    // Locked from the modal: read-only from then on.
    await page.goto('/comptabilite');
    await page.getByRole('button', { name: `Modifier la balance n°${id}` }).click();
    const edit = page.getByRole('dialog', { name: `Modifier la balance n°${id}` });
    expect(await edit.getByLabel('Identifiant').getAttribute('readonly')).not.toBeNull();
    await edit.getByLabel(/^Verrouillée/).check();
    await edit.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByRole('cell', { name: '🔒 Verrouillée' }).first().waitFor();
    const refused = await callGateway<{ error: string }>(
      e2e.url,
      e2e.tokens.tresorier,
      'PUT',
      `/api/admin/accountancy/trial-balance/${id}`,
      { financial_year: 2023, data_csv_raw: 'x' },
    );
    expect(refused).toEqual({
      status: 409,
      body: expect.objectContaining({ error: 'Cette balance est verrouillée : elle ne peut plus être modifiée, importée ni supprimée.' }),
    });
    expect((await callGateway(e2e.url, e2e.tokens.tresorier, 'POST', `/api/trials/import/${id}`)).status).toBe(409);
    await page.context().close();
  });
});

describe('reports of a year', () => {
  it('shows the Bilan des comptes, the Disponibilités and the forecast, on a desk and on a phone, and prints them', async () => {
    const page = await treasurerPage();
    await page.getByRole('link', { name: 'Bilan des comptes' }).click();
    // The year picker of the page being left is still there until the new page is drawn: choose the
    // year on the new page, or the choice lands on the old one and cancels the navigation.
    await page.getByRole('heading', { name: 'Bilan des comptes' }).waitFor();
    await page.getByLabel('Exercice').selectOption('2025');
    await page.getByText('Période du 1er janvier au 31 décembre 2025').waitFor();
    await page.getByRole('rowheader', { name: 'TOTAUX' }).waitFor();
    expect(await page.locator('thead th').allTextContents()).toEqual(['Dépense', 'Montant', 'Recette', 'Montant', 'Solde']);
    expect((await page.getByRole('row', { name: /Achats buvette/ }).innerText()).replace(/\s+/g, ' ')).toBe(
      'Achats buvette 612,40 € Ventes buvette 1 640,80 € 1 028,40 €',
    );
    // 6072 / 707 (420 − 420): solde 0, dropped.
    expect(await page.getByRole('row', { name: /Achats de marchandises/ }).count()).toBe(0);
    await printed(page, 'comptabilite-bilan');

    await page.getByRole('link', { name: 'Disponibilités' }).click();
    await page.getByRole('heading', { name: 'Disponibilités' }).waitFor();
    await page.getByRole('cell', { name: 'Banque (512)' }).waitFor();
    expect((await page.getByRole('row', { name: /^Total/ }).innerText()).replace(/\s+/g, ' ')).toBe('Total 4 043,85 €');
    await printed(page, 'comptabilite-disponibilites');

    await page.getByRole('link', { name: 'Prévisionnel' }).click();
    await page.getByRole('heading', { name: /^Prévisionnel/ }).waitFor();
    await page.getByLabel('Exercice').selectOption(String(2026));
    await page.getByRole('heading', { name: 'Prévisionnel 2026' }).waitFor();
    expect((await page.getByRole('row', { name: /Achats buvette/ }).innerText()).replace(/\s+/g, ' ')).toBe(
      'Achats buvette 650,00 € Ventes buvette 1 700,00 € 1 050,00 €',
    );
    await page.context().close();

    const phone = await treasurerPage({ width: 390, height: 844 });
    await phone.goto('/comptabilite/bilan?exercice=2025');
    await phone.getByRole('rowheader', { name: 'TOTAUX' }).waitFor();
    // A card per line on a phone: nothing scrolls sideways, the page or the table, and each card says
    // what its amounts are.
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const table = phone.getByRole('table', { name: 'Bilan des comptes 2025' });
    expect(await table.evaluate((element) => element.scrollWidth <= element.parentElement!.clientWidth)).toBe(true);
    const line = phone.getByRole('row', { name: /Achats buvette/ });
    expect((await line.innerText()).replace(/\s+/g, ' ')).toBe('Achats buvette 612,40 € Ventes buvette 1 640,80 € 1 028,40 €');
    expect(
      await line
        .locator('td')
        .evaluateAll((cells) => cells.map((cell) => getComputedStyle(cell, '::before').content).filter((c) => c !== 'none')),
    ).toEqual(['"Dépense · "', '"Recette · "', '"Solde"']);
    await phone.screenshot({ path: join(ARTIFACTS_DIR, 'comptabilite-bilan-telephone.png'), fullPage: true });
    await phone.context().close();
  });
});

describe('the books write themselves', () => {
  it('journals a register sale, generates the balance, shows the fair result, exports the FEC and closes the year', async () => {
    const events = await api<Array<{ id: number; name: string }>>('GET', '/api/cr/events', undefined, e2e.tokens.caissier);
    const event = events.find((e) => e.name === 'Kermesse de printemps')!;
    const [first] = await api<Array<{ checkouts: Array<{ id: number; name: string }> }>>(
      'GET',
      `/api/cr/events/${event.id}/checkouts`,
      undefined,
      e2e.tokens.caissier,
    );
    const buvette = first!.checkouts.find((c) => c.name === 'Caisse Buvette')!;
    const products = (
      await api<Array<{ products: Array<{ id: number; name: string; price: number }> }>>(
        'GET',
        `/api/cr/checkouts/${buvette.id}`,
        undefined,
        e2e.tokens.caissier,
      )
    )[0]!.products;
    const waffle = products.find((p) => p.name === 'Gaufre')!;
    const sale = {
      sale: {
        checkoutId: buvette.id,
        eventId: event.id,
        personId: null,
        paymentMode: 2,
        cart: [{ product: { id: waffle.id, name: 'Gaufre', price: waffle.price }, quantity: 2 }],
        payments: [{ method: 'ESP', amount: waffle.price * 2, payment_reference: '10' }],
      },
    };
    const answer = await api<{ sale: { reference: string } }>('POST', '/api/cr/sale/create', sale, e2e.tokens.caissier, {
      'Idempotency-Key': randomUUID(),
    });
    const entryOf = async () =>
      (await api<{ entries: Array<{ pieceRef: string }> }>('GET', `/api/admin/accountancy/journal/${YEAR}`)).entries.find(
        (e) => e.pieceRef === answer.sale.reference,
      );
    await settled(entryOf);

    const page = await treasurerPage();
    await page.getByRole('link', { name: 'Journal' }).click();
    await page.getByRole('heading', { name: `Journal ${YEAR}` }).waitFor();
    await page.getByRole('cell', { name: answer.sale.reference, exact: true }).waitFor();
    await page.getByText(/✓ Journal intègre/).waitFor();
    await page.getByRole('button', { name: 'Générer la balance' }).click();
    await page.getByText(new RegExp(`Balance ${YEAR} générée depuis le journal`)).waitFor();
    await printed(page, 'comptabilite-journal');

    await page.goto(`/comptabilite/disponibilites?exercice=${YEAR}`);
    await page.getByRole('cell', { name: 'Caisse (530)' }).waitFor();

    const download = page.waitForEvent('download');
    await page.goto('/comptabilite/journal');
    await page.getByRole('button', { name: 'Exporter le FEC' }).click();
    const fec = await download;
    expect(fec.suggestedFilename()).toBe(`FEC${YEAR}1231.txt`);
    const lines = readFileSync((await fec.path())!, 'utf8')
      .replace(/\r\n$/, '')
      .split('\r\n');
    expect(lines[0]!.split('\t')).toHaveLength(18);
    expect(lines.slice(1).every((l) => l.split('\t').length === 18)).toBe(true);
    // Every rule of the format on the demo year's journal (docs/fec.md): the file Test Compta Demat would read.
    const checked = checkFec(new Uint8Array(readFileSync((await fec.path())!)), { fileName: fec.suggestedFilename(), year: YEAR });
    expect(checked.problems).toEqual([]);
    expect(checked.entries).toBeGreaterThan(0);

    await page.getByRole('link', { name: 'Résultat de la fête' }).click();
    await page.getByRole('heading', { name: 'Résultat de la fête' }).waitFor();
    await page.getByLabel('Événement').selectOption({ label: 'Kermesse de printemps' });
    await page.locator('#fair-result').waitFor();
    // The demo raffle's prizes, with their costs as the raffle service holds them, reached the books
    // through `raffle.configured`: « Lots de tombola » shows their total (unit cost × quantity).
    const adminToken = await signInToken(e2e.url, 'admin@kermesse.local');
    const raffles = await api<Array<{ id: number; name: string }>>('GET', '/api/admin/raffles', undefined, adminToken);
    const demoRaffle = raffles.find((r) => r.name === 'Grande tombola de printemps')!;
    const prizes = await api<Array<{ cost: number; quantity: number }>>(
      'GET',
      `/api/admin/raffles/${demoRaffle.id}/prizes`,
      undefined,
      adminToken,
    );
    const raffleCosts = prizes.reduce((sum, p) => sum + Math.round(p.cost * 100) * p.quantity, 0) / 100;
    expect(raffleCosts).toBeGreaterThan(0);
    const raffleRow = page.getByRole('table', { name: 'Dépenses connues' }).getByRole('row').filter({ hasText: 'Lots de tombola' });
    await expect
      .poll(async () => (await raffleRow.locator('td').nth(1).textContent())?.replace(/\s/g, ' '), { timeout: 20_000 })
      .toBe(`${raffleCosts.toFixed(2).replace('.', ',')} €`);
    await page.getByRole('cell', { name: 'Grande tombola de printemps' }).waitFor();
    await page.getByLabel('Libellé').fill('Pâte à gaufres');
    await page.getByLabel('Montant (€)').fill('1,50');
    await page.getByRole('button', { name: 'Ajouter la dépense' }).click();
    await page.getByText('Dépense « Pâte à gaufres » enregistrée.').waitFor();
    await page.getByRole('cell', { name: 'Pâte à gaufres' }).waitFor();
    await printed(page, 'comptabilite-resultat-fete');
    const csvDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Télécharger le CSV' }).click();
    expect((await csvDownload).suggestedFilename()).toBe(`resultat-fete-${event.id}.csv`);

    await page.getByRole('link', { name: 'Journal' }).click();
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: `Clôturer l'exercice ${YEAR}` }).click();
    await page.getByText(`Exercice ${YEAR} clôturé.`).waitFor();
    await page.getByRole('heading', { name: `Journal ${YEAR} (clôturé)` }).waitFor();
    // A closed year no longer offers to generate its balance or to close it.
    expect(await page.getByRole('button', { name: 'Générer la balance' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: `Clôturer l'exercice ${YEAR}` }).count()).toBe(0);
    await page.context().close();
  });

  it('keeps cashiers out of the accounts', async () => {
    expect((await callGateway(e2e.url, e2e.tokens.caissier, 'GET', '/api/admin/accountancy/trial-balance')).status).toBe(403);
    expect((await callGateway(e2e.url, e2e.tokens.caissier, 'POST', '/api/trials/import/1')).status).toBe(403);
    const volunteer = await signInToken(e2e.url, 'benevole@kermesse.local');
    expect((await callGateway(e2e.url, volunteer, 'GET', '/api/admin/accountancy/bilan-des-comptes/2025')).status).toBe(403);
    const context = await e2e.newContext();
    const page = await context.newPage();
    await signInThroughForm(page, 'caissier@kermesse.local');
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 20_000 }).toBe('/caisse');
    await page.goto('/comptabilite');
    await page.getByText('Ces écrans sont réservés au trésorier et aux administrateurs.').waitFor();
    await context.close();
  });
});
