/**
 * The loto night in Chromium, on the whole system (launcher: every service, gateway, built front
 * ends): a volunteer seats families at the door on a phone (reserve by name, cancel on an empty
 * name, release after the confirmation, print, and the other door's reservation appearing within
 * 3 s); the caller enters 20 balls, the projector's board shows them live, and a carton is checked.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ARTIFACTS_DIR, signInThroughForm } from './support/browser.ts';
import { gatewayOk } from './support/api.ts';
import { setupSystem } from './support/session.ts';

const e2e = setupSystem({ signIn: ['admin', 'benevole'] });

interface Seat {
  seatId: number;
  name: string | null;
  reserved: boolean;
}
interface Plan {
  tables: { tableId: number; label: string; seats: Seat[] }[];
}
interface Carton {
  number: number;
  code: string;
  grid: (number | null)[][];
}

const api = <T = unknown>(method: string, path: string, body?: unknown, token = e2e.tokens.admin) =>
  gatewayOk<T>(e2e.url, token, method, path, body);

/** A phone at the door (390 × 844, touch), signed in as the demo volunteer. */
async function volunteerPhone(): Promise<Page> {
  const context = await e2e.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  const page = await context.newPage();
  await signInThroughForm(page, 'benevole@kermesse.local');
  await expect.poll(() => new URL(page.url()).pathname, { timeout: 20_000 }).toBe('/loto');
  return page;
}

/** What a person waits for on a loaded machine (the default poll gives up after 1 s). */
const SETTLE = { timeout: 10_000 };

const seat = (page: Page, table: number, seatNo: number) => page.locator(`button[aria-label^="Table ${table}, siège ${seatNo} :"]`);

describe('seating plan on a phone', () => {
  it('reserves by name, cancels on an empty name, releases after the confirmation, prints, and sees the other door within 3 s', async () => {
    const page = await volunteerPhone();
    await page.getByRole('heading', { name: 'Soirées loto' }).waitFor();
    await page.getByRole('link', { name: 'Placement des tables' }).first().tap();
    await page.getByRole('heading', { name: 'Placement des tables - Loto' }).waitFor();
    expect(await page.locator('fieldset.bgo-table').count()).toBe(30);
    expect(await seat(page, 1, 1).getAttribute('aria-label')).toBe('Table 1, siège 1 : Famille Martin');
    // Three columns of tables, nothing wider than the phone.
    expect(await page.evaluate(() => getComputedStyle(document.querySelector('.bgo-tables')!).gridTemplateColumns.split(' ').length)).toBe(
      3,
    );
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // Reserve: the prompt asks for a name.
    page.once('dialog', (dialog) => {
      expect(dialog.type()).toBe('prompt');
      void dialog.accept('Famille Petit');
    });
    await seat(page, 3, 2).tap();
    await expect.poll(() => seat(page, 3, 2).getAttribute('aria-label'), SETTLE).toBe('Table 3, siège 2 : Famille Petit');
    await page.getByText('Siège 2 de la table 3 réservé pour Famille Petit.').waitFor();

    // An empty name cancels: nothing reserved.
    page.once('dialog', (dialog) => void dialog.accept(''));
    await seat(page, 3, 3).tap();
    const afterCancel = await api<Plan>('GET', '/api/volunteer/bingo/1/placement', undefined, e2e.tokens.benevole);
    expect(afterCancel.tables[2]!.seats[2]).toEqual({ seatId: 3, name: null, reserved: false });

    // Release after « Êtes-vous sûr de vouloir libérer ce siège ? » (refused first, then accepted).
    page.once('dialog', (dialog) => {
      expect(dialog.message()).toBe('Êtes-vous sûr de vouloir libérer ce siège ?');
      void dialog.dismiss();
    });
    await seat(page, 3, 2).tap();
    expect(await seat(page, 3, 2).getAttribute('aria-label')).toBe('Table 3, siège 2 : Famille Petit');
    page.once('dialog', (dialog) => void dialog.accept());
    await seat(page, 3, 2).tap();
    await expect.poll(() => seat(page, 3, 2).getAttribute('aria-label'), SETTLE).toBe('Table 3, siège 2 : libre');

    // The other door (admin's plan) takes a seat: the phone shows it within 3 s.
    await api('POST', '/admin-bingo/api/bingo/1/reserve', { tableId: 10, seatId: 5, name: 'Famille Garnier' });
    const seen = Date.now();
    await expect
      .poll(() => seat(page, 10, 5).getAttribute('aria-label'), { timeout: 3_000, interval: 100 })
      .toBe('Table 10, siège 5 : Famille Garnier');
    expect(Date.now() - seen).toBeLessThanOrEqual(3_000);

    // A seat taken at the other door a moment before: the 409's French message is shown.
    await api('POST', '/admin-bingo/api/bingo/1/reserve', { tableId: 12, seatId: 1, name: 'Arrivé avant' });
    page.once('dialog', (dialog) => void dialog.accept('Arrivé après'));
    await seat(page, 12, 1).tap();
    await page.getByText('Ce siège vient d’être réservé par quelqu’un d’autre. Choisissez-en un autre.').waitFor();

    await page.screenshot({ path: join(ARTIFACTS_DIR, 'loto-placement-telephone.png'), fullPage: true });
    await page.evaluate(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => {
        (window as unknown as { printed: number }).printed += 1;
      };
    });
    await page.getByRole('button', { name: 'Imprimer' }).tap();
    expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    await page.context().close();
  });
});

describe('a loto night being called', () => {
  it('the caller enters 20 balls, the board shows them live, and a carton is checked', async () => {
    const carton = (await api<{ cartons: Carton[] }>('GET', '/admin-bingo/api/bingo/1/cartons?from=1&to=1')).cartons[0]!;
    const firstRow = carton.grid[0]!.filter((n): n is number => n !== null);
    const others = Array.from({ length: 90 }, (_, i) => i + 1).filter((n) => !carton.grid.flat().includes(n));
    const balls = [...others.slice(0, 15), ...firstRow];

    // The projector: public, no sign-in.
    const projector = await (await e2e.newContext({ viewport: { width: 1280, height: 720 } })).newPage();
    await projector.goto('/loto/1/tableau');
    await projector.getByTestId('board-partie').waitFor();
    expect(await projector.getByTestId('board-partie').textContent()).toBe('Partie 1/4 — Quine : Bon d’achat librairie 20 €');

    const context = await e2e.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await signInThroughForm(page, 'admin@kermesse.local');
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 20_000 }).toBe('/');
    await page.goto('/loto/1/animateur');
    const input = page.getByRole('textbox', { name: 'Boule', exact: true });
    await input.waitFor();
    for (const ball of balls) {
      await input.fill(String(ball));
      await input.press('Enter');
      await expect.poll(() => page.getByTestId('caller-last').textContent(), SETTLE).toBe(String(ball));
    }
    await expect.poll(() => projector.getByTestId('board-last').textContent(), { timeout: 3_000 }).toBe(String(balls[19]));
    expect(await projector.locator('.bgo-board__grid li.is-drawn').count()).toBe(20);
    // Live through the gateway's stream (Server-Sent Events), not the polling fallback.
    expect(await projector.locator('.bgo-board__offline').count()).toBe(0);
    await projector.screenshot({ path: join(ARTIFACTS_DIR, 'loto-tableau.png') });

    await page.getByLabel('Numéro du carton').fill(carton.code);
    await page.getByRole('button', { name: 'Vérifier le carton' }).click();
    await page.getByTestId('check-result').waitFor();
    expect(await page.getByTestId('check-result').getByRole('status').textContent()).toBe(
      `Carton ${carton.code} : quine valide, la dernière boule est sur le carton.`,
    );

    // A projector that reconnects (reload) shows the current state.
    await projector.reload();
    await expect.poll(() => projector.getByTestId('board-last').textContent(), SETTLE).toBe(String(balls[19]));
    expect(await projector.locator('.bgo-board__grid li.is-drawn').count()).toBe(20);
    await context.close();
    await projector.context().close();
  });
});

describe('a new loto night in its fair', () => {
  it('an administrator on a phone creates it with its « Événement »; the fair’s registers offer its cartons', async () => {
    const context = await e2e.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
    const page = await context.newPage();
    await signInThroughForm(page, 'admin@kermesse.local');
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 20_000 }).toBe('/');
    await page.goto('/loto');
    const form = page.getByRole('form', { name: 'Nouvelle soirée loto' });
    await form.waitFor();
    const fairField = form.getByLabel('Événement');
    await fairField.locator('option', { hasText: 'Kermesse de printemps' }).waitFor({ state: 'attached' });
    await fairField.selectOption({ label: 'Kermesse de printemps' });
    await form.getByLabel('Nom').fill('Loto d’hiver');
    await form.getByLabel('Date').fill(`${new Date().getFullYear()}-02-14`);
    await form.getByLabel('Prix du carton (moins de 20 €)').fill('2,50');
    await form.getByRole('button', { name: 'Créer la soirée' }).tap();
    await page.getByText('Soirée « Loto d’hiver » créée.').waitFor(SETTLE);
    const card = page.locator('.bgo-night-list li', { has: page.getByRole('heading', { name: 'Loto d’hiver' }) });
    expect(await card.locator('.k-muted').first().textContent()).toMatch(/^Kermesse de printemps · 14\/02\/\d{4} · carton 2,50\u00a0€/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await form.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(ARTIFACTS_DIR, 'loto-nouvelle-soiree-telephone.png'), fullPage: true });

    const events = await api<Array<{ id: number; name: string }>>('GET', '/api/cr/events');
    const fair = events.find((event) => event.name === 'Kermesse de printemps')!;
    const night = (await api<Array<{ id: number; name: string; eventId: number }>>('GET', '/admin-bingo/api/bingos')).find(
      (n) => n.name === 'Loto d’hiver',
    )!;
    expect(night.eventId).toBe(fair.id);
    // Its settings show the fair, still changeable (no carton sold yet), on the phone's width.
    await page.goto(`/loto/${night.id}/soiree`);
    const settings = page.getByRole('form', { name: 'Soirée' });
    await settings.getByLabel('Événement').locator('option', { hasText: 'Kermesse de printemps' }).waitFor({ state: 'attached' });
    await expect.poll(() => settings.getByLabel('Événement').inputValue(), SETTLE).toBe(String(fair.id));
    expect(await settings.getByLabel('Événement').isEnabled()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: join(ARTIFACTS_DIR, 'loto-soiree-evenement-telephone.png') });
    const checkouts = (await api<Array<{ checkouts: Array<{ id: number }> }>>('GET', `/api/cr/events/${fair.id}/checkouts`))[0]!.checkouts;
    await expect
      .poll(
        async () =>
          (await api<Array<{ bingos?: Array<{ id: number }> }>>('GET', `/api/cr/checkouts/${checkouts[0]!.id}`))[0]!.bingos?.some(
            (b) => b.id === night.id,
          ),
        { timeout: 20_000 },
      )
      .toBe(true);

    // Next year: the fair duplicated on the same phone brings its loto nights back, and its raffle under the name typed.
    await page.goto('/gestion');
    const fairCard = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Kermesse de printemps', exact: true }) });
    await fairCard.getByRole('button', { name: 'Dupliquer' }).tap();
    await fairCard.getByLabel('Nom du nouvel événement').fill('Kermesse 2027');
    await fairCard.getByLabel('Date de début').fill('2027-06-12');
    await fairCard.getByLabel('Nom de la tombola').fill('Tombola 2027');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await fairCard.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(ARTIFACTS_DIR, 'loto-dupliquer-fete-telephone.png') });
    await fairCard.getByRole('button', { name: "Dupliquer l'événement" }).tap();
    await page.getByRole('heading', { name: 'Kermesse 2027', level: 1 }).waitFor(SETTLE);
    const copyId = Number(/evenements\/(\d+)/.exec(page.url())![1]);

    type NightRow = { id: number; name: string; heldOn: string; cartonPrice: string; eventId: number };
    const copies = async () => (await api<NightRow[]>('GET', '/admin-bingo/api/bingos')).filter((n) => n.eventId === copyId);
    await expect
      .poll(async () => (await copies()).map((n) => n.name).sort(), { timeout: 20_000 })
      .toEqual(['Loto de la kermesse', 'Loto d’hiver']);
    const demoCopy = (await copies()).find((n) => n.name === 'Loto de la kermesse')!;
    expect(demoCopy).toMatchObject({ heldOn: '2027-06-12', cartonPrice: '3.00' });
    const { parties } = await api<{ parties: Array<{ kindLabel: string; prizes: Array<{ label: string }> }> }>(
      'GET',
      `/admin-bingo/api/bingo/${demoCopy.id}/parties`,
    );
    expect(parties.map((p) => p.prizes.map((x) => x.label))).toEqual([
      ['Bon d’achat librairie 20 €'],
      ['Panier garni'],
      ['Trottinette'],
      ['Tablette tactile'],
    ]);
    // No carton and no seat taken: last year's belong to last year's night.
    expect((await api<{ total: number }>('GET', `/admin-bingo/api/bingo/${demoCopy.id}/cartons`)).total).toBe(0);
    const plan = await api<Plan>('GET', `/admin-bingo/api/bingo/${demoCopy.id}/placement`);
    expect(plan.tables.flatMap((t) => t.seats).filter((s) => s.reserved)).toEqual([]);
    await expect
      .poll(
        async () =>
          (await api<Array<{ name: string; eventId: number }>>('GET', '/api/admin/raffles'))
            .filter((r) => r.eventId === copyId)
            .map((r) => r.name),
        {
          timeout: 20_000,
        },
      )
      .toEqual(['Tombola 2027']);
    await page.goto('/loto');
    await page.getByRole('heading', { name: 'Soirées loto' }).waitFor();
    await page
      .getByText(/^Kermesse 2027 · 12\/06\/2027/)
      .first()
      .waitFor(SETTLE);
    await context.close();
  });
});
