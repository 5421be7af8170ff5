/**
 * « Contrôle à l'entrée » in Chromium on a phone (390 px), on the whole system: the administrator
 * issues a pre-sold ticket on « Billets prévendus » (its QR code shown for printing); a volunteer's phone checks their QR codes typed by a keyboard-wedge scanner
 * — valid, then « Déjà utilisé à … par … », a forged one refused — and, offline, lets a ticket in from
 * the list it loaded, then reports on reconnecting that another phone had let it in first.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { ARTIFACTS_DIR, signInThroughForm } from './support/browser.ts';
import { gatewayOk } from './support/api.ts';
import { setupSystem } from './support/session.ts';

const e2e = setupSystem({ signIn: ['admin', 'benevole'] });

interface Pass {
  id: string;
  code: string;
  holder: string;
}

const api = <T = unknown>(method: string, path: string, body?: unknown, token = e2e.tokens.admin) =>
  gatewayOk<T>(e2e.url, token, method, path, body);

/** What a person waits for on a loaded machine. */
const SETTLE = { timeout: 10_000 };

/** A wedge scanner: the code's characters a few milliseconds apart, then Enter, into the focused field. */
async function scan(page: Page, code: string): Promise<void> {
  await page.locator('#rf-gate-code').focus();
  await page.keyboard.type(code, { delay: 2 });
  await page.keyboard.press('Enter');
}

const verdict = (page: Page) => page.locator('.rf-gate-verdict');

/** axe's findings on the page as it is (WCAG 2.1 A and AA and best practices, as e2e/any-device.e2e.ts checks). */
async function violations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).setLegacyMode().analyze();
  return results.violations.flatMap((v) => v.nodes.map((node) => `${v.id} ${node.target.join(' ')} : ${node.failureSummary ?? v.help}`));
}

describe('the gate check on a volunteer’s phone', () => {
  it('lets a ticket in once, refuses a forged one, and reconciles an offline entry with another phone’s', async () => {
    const [event] = (await api<{ items: Array<{ id: number; name: string }> }>('GET', '/api/volunteer/gate/events')).items;
    expect(event).toBeDefined();
    const issue = (holder: string, extra: Record<string, unknown> = {}) =>
      api<Pass>('POST', '/api/admin/gate/passes', { eventId: event!.id, holder, ...extra });
    const martin = await issue('Camille Martin');

    // The administrator issues the Durand family's ticket on « Billets prévendus », its QR code shown to print.
    const office = await e2e.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
    const admin = await office.newPage();
    await signInThroughForm(admin, 'admin@kermesse.local');
    await expect.poll(() => new URL(admin.url()).pathname, { timeout: 20_000 }).toBe('/');
    await admin.goto(`${e2e.url}/tombola/billets`);
    await admin.getByRole('heading', { name: 'Billets prévendus' }).waitFor(SETTLE);
    await admin.locator('#rf-passes-event').selectOption(String(event!.id));
    await admin.getByLabel('Titulaire').fill('Famille Durand');
    await admin.getByLabel('Objet (facultatif)').fill('Entrée + repas');
    await admin.getByLabel('Nombre de personnes').fill('4');
    await admin.getByRole('button', { name: 'Émettre le billet' }).tap();
    await admin.getByRole('img', { name: 'QR code du billet de Famille Durand' }).waitFor(SETTLE);
    expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await violations(admin)).toEqual([]);
    await admin.screenshot({ path: join(ARTIFACTS_DIR, 'billets-prevendus-telephone.png'), fullPage: true });
    await office.close();
    const passes = (await api<{ items: Pass[] }>('GET', `/api/admin/gate/events/${event!.id}/passes`)).items;
    const durand = passes.find((p) => p.holder === 'Famille Durand')!;
    expect(durand).toBeDefined();

    const context = await e2e.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
    const page = await context.newPage();
    await signInThroughForm(page, 'benevole@kermesse.local');
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 20_000 }).toBe('/loto');
    // « Entrée » in the volunteer's menu, folded behind « Menu » on a phone.
    await page.getByRole('button', { name: 'Menu' }).tap();
    await page.getByRole('link', { name: 'Entrée', exact: true }).tap();
    await page.getByRole('heading', { name: "Contrôle à l'entrée" }).waitFor(SETTLE);
    await page
      .locator('#rf-gate-event')
      .waitFor(SETTLE)
      .catch(async () => {
        throw new Error(`Pas de choix d'événement ; la page dit : ${await page.locator('main').innerText()}`);
      });
    await page.locator('#rf-gate-event').selectOption(String(event!.id));
    await page.getByText(/Liste chargée à \d+ h \d\d : \d+ billets?, \d+ entrés?\./).waitFor(SETTLE);

    // A valid ticket: green, who it admits.
    await scan(page, durand.code);
    await expect.poll(() => verdict(page).innerText(), SETTLE).toContain('Entrée valide');
    expect(await verdict(page).innerText()).toContain('Famille Durand — Entrée + repas — 4 personnes');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await violations(page)).toEqual([]);
    await page.screenshot({ path: join(ARTIFACTS_DIR, 'controle-entree-valide-telephone.png'), fullPage: true });

    // The same ticket again: when and by which phone it was used.
    await scan(page, durand.code);
    await expect
      .poll(() => verdict(page).innerText(), SETTLE)
      .toMatch(/^Déjà utilisé à \d{1,2} h \d\d par Téléphone de benevole \(benevole@kermesse\.local\)/);
    await page.screenshot({ path: join(ARTIFACTS_DIR, 'controle-entree-deja-utilise-telephone.png'), fullPage: true });

    // A forged ticket: another holder's id under Durand's signature.
    const [prefix, , signature] = durand.code.split('.');
    const payload = JSON.parse(Buffer.from(martin.code.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
    const forged = `${prefix}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.${signature}`;
    await scan(page, forged);
    await expect.poll(() => verdict(page).innerText(), SETTLE).toContain('Billet inconnu');
    await page.screenshot({ path: join(ARTIFACTS_DIR, 'controle-entree-inconnu-telephone.png'), fullPage: true });

    // Offline: the list kept on the phone lets Camille Martin in, and the scan waits.
    await context.setOffline(true);
    await scan(page, martin.code);
    await expect.poll(() => verdict(page).innerText(), SETTLE).toContain('Entrée valide');
    expect(await verdict(page).innerText()).toContain('Contrôlé hors ligne : envoyé au retour du réseau.');
    await page.getByText("1 contrôle hors ligne en attente d'envoi.").waitFor(SETTLE);
    await page.screenshot({ path: join(ARTIFACTS_DIR, 'controle-entree-hors-ligne-telephone.png'), fullPage: true });

    // Meanwhile the gate's tablet, online, let the same ticket in.
    const tablet = await api<{ outcome: string }>(
      'POST',
      '/api/volunteer/gate/check',
      { eventId: event!.id, code: martin.code, device: 'Tablette du portail', scanId: crypto.randomUUID() },
      e2e.tokens.benevole,
    );
    expect(tablet.outcome).toBe('valid');

    // Back online: the waiting scan is sent once, and the double entry is reported.
    await context.setOffline(false);
    await page
      .getByText(/1 contrôle hors ligne envoyé\. Double entrée : Camille Martin était déjà entré à \d{1,2} h \d\d par Tablette du portail/)
      .waitFor(SETTLE);
    expect(await page.getByText("en attente d'envoi").count()).toBe(0);
    const list = await api<{ passes: Array<{ id: string; usedDevice: string | null }> }>(
      'GET',
      `/api/volunteer/gate/events/${event!.id}/list`,
      undefined,
      e2e.tokens.benevole,
    );
    expect(list.passes.find((p) => p.id === martin.id)?.usedDevice).toBe('Tablette du portail');
    await page.screenshot({ path: join(ARTIFACTS_DIR, 'controle-entree-synchronise-telephone.png'), fullPage: true });
    await context.close();
  });
});
