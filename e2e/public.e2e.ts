/**
 * The public pages in Chromium: « Devenez partenaire solidaire » (sent, another one, the
 * docs/spec.md §8 alert when sending fails), the contact form reaching the admins' « Messages », the terms
 * modal, the pagination demo, and axe-core (WCAG 2.1 AA) on these pages and on sign-in, in light
 * and dark modes, at phone width.
 */
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { signInThroughForm } from './support/browser.ts';
import { gatewayOk, signInToken } from './support/api.ts';
import { setupSystem } from './support/session.ts';

const AXE_SCRIPT = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const e2e = setupSystem();

async function newPage(width = 390, height = 844, { bypassCSP = false } = {}): Promise<Page> {
  // bypassCSP only to inject axe-core: the gateway's CSP (script-src 'self') refuses inline scripts.
  const context = await e2e.newContext({ viewport: { width, height }, bypassCSP });
  const page = await context.newPage();
  // The home page's pre-sale announcement is not what these tests look at.
  await page.addInitScript(() => localStorage.setItem('kermesseDismissedAnnouncement', 'demo-grande-tombola-de-printemps'));
  return page;
}

/** WCAG 2.1 A/AA violations axe-core finds on the page as it is now (ids and the first targets). */
async function accessibilityViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: AXE_SCRIPT });
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run(context: Document, options: unknown): Promise<{ violations: { id: string; nodes: { target: unknown[] }[] }[] }> };
      }
    ).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
    return result.violations.map(
      (v) =>
        `${v.id}: ${v.nodes
          .slice(0, 3)
          .map((n) => JSON.stringify(n.target))
          .join(', ')}`,
    );
  });
  return violations;
}

async function setTheme(page: Page, theme: 'light' | 'dark') {
  await page.evaluate((value) => localStorage.setItem('kermesseTheme', value), theme);
  await page.reload();
}

describe('« Devenez partenaire solidaire »', () => {
  it('sends a request with its donation type, confirms it, and lets the partner send another', async () => {
    const page = await newPage();
    await page.goto('/');
    await page.getByRole('link', { name: 'Devenez partenaire solidaire' }).click();
    await page.getByRole('heading', { name: 'Devenez partenaire solidaire' }).waitFor();
    const options = await page.getByLabel('Type de don').locator('option').allTextContents();
    expect(options).toEqual(['Aucun', "Bon d'achat", 'Objet avec marque', 'Prêt', 'Autres']);

    await page.getByLabel('Entreprise').fill('Boulangerie du Centre');
    await page.getByLabel('Nom du contact').fill('Paul Martin');
    await page.getByLabel('Adresse e-mail').fill('paul@boulangerie-centre.fr');
    await page.getByLabel('Téléphone').fill('04 78 00 00 00');
    await page.getByLabel('Code postal').fill('69001');
    await page.getByLabel('Ville').fill('Lyon');
    await page.getByLabel('Type de don').selectOption({ label: "Bon d'achat" });
    await page.getByLabel('Message').fill('Dix bons de 20 € pour la tombola.');
    await page.getByRole('button', { name: 'Envoyer la demande' }).click();
    await page.getByText('Merci, votre demande a été envoyée avec succès !').waitFor();

    await page.getByRole('button', { name: 'Envoyer une autre demande' }).click();
    expect(await page.getByLabel('Entreprise').inputValue()).toBe('');

    // The request reached the admins' inbox with its donation type.
    const adminToken = await signInToken(e2e.url, 'admin@kermesse.local');
    const inbox = await gatewayOk<{ items: { kind: string; title: string; details: Record<string, string> }[] }>(
      e2e.url,
      adminToken,
      'GET',
      '/api/admin/contact/inbox',
    );
    expect(inbox.items.find((i) => i.title === 'Boulangerie du Centre')).toMatchObject({
      kind: 'partner',
      details: { 'Type de don': "Bon d'achat", Ville: 'Lyon' },
    });
    await page.context().close();
  });

  it('shows the alert of docs/spec.md §8 when the request cannot be sent, and keeps what was typed', async () => {
    const page = await newPage();
    await page.route('**/api/partner/sendByEmail', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ error: 'Service indisponible.' }) }),
    );
    await page.goto('/partenaire');
    await page.getByLabel('Entreprise').fill('Garage Dupont');
    await page.getByLabel('Nom du contact').fill('Julie Dupont');
    await page.getByLabel('Adresse e-mail').fill('julie@garage-dupont.fr');
    await page.getByRole('button', { name: 'Envoyer la demande' }).click();
    await page.getByRole('alert').getByText("Une erreur est survenue lors de l'envoi du formulaire.").waitFor();
    expect(await page.getByLabel('Entreprise').inputValue()).toBe('Garage Dupont');
    await page.context().close();
  });
});

describe('contact form', () => {
  it('reaches the association: the admin reads it in « Messages » and marks it handled', async () => {
    const page = await newPage();
    await page.goto('/');
    await page.getByRole('link', { name: 'Contact', exact: true }).click();
    await page.getByLabel('Adresse e-mail').fill('parent.eleve@exemple.fr');
    await page.getByLabel('Sujet').fill('Objets trouvés');
    await page.getByLabel('Message').fill('Mon fils a oublié sa veste bleue près du chamboule-tout.');
    await page.getByRole('button', { name: 'Envoyer le message' }).click();
    await page.getByText('Merci, votre message a été envoyé à l’association.').waitFor();
    await page.context().close();

    const admin = await newPage(1280, 900);
    await signInThroughForm(admin, 'admin@kermesse.local');
    await admin.getByRole('link', { name: 'Messages' }).click();
    const card = admin.getByRole('article', { name: 'Objets trouvés' });
    await card.getByText('Mon fils a oublié sa veste bleue près du chamboule-tout.').waitFor();
    await card.getByText('Nouveau', { exact: true }).waitFor();
    await card.getByRole('button', { name: 'Marquer comme traité' }).click();
    await card.getByText('Traité', { exact: true }).waitFor();
    await admin.reload();
    await admin.getByRole('article', { name: 'Objets trouvés' }).getByText('Traité', { exact: true }).waitFor();
    await admin.context().close();
  });
});

describe('terms and pagination', () => {
  it('opens the terms of service from the footer and closes them with Escape', async () => {
    const page = await newPage();
    await page.goto('/');
    await page.getByRole('button', { name: "Conditions d'utilisation" }).click();
    const dialog = page.getByRole('dialog', { name: "Conditions d'utilisation et données personnelles" });
    await dialog.getByText('Messages du formulaire de contact : 12 mois, puis suppression.').waitFor();
    await dialog.getByRole('heading', { name: 'Vos droits' }).waitFor();
    await page.keyboard.press('Escape');
    expect(await dialog.count()).toBe(0);
    await page.context().close();
  });

  it('pages through 100 pages starting at page 5, by touch and keyboard', async () => {
    const page = await newPage();
    await page.goto('/pagination');
    await page.getByText('Page 5 sur 100').waitFor();
    expect(await page.getByRole('button', { name: 'Page 5' }).getAttribute('aria-current')).toBe('page');
    await page.getByRole('button', { name: 'Suivant' }).click();
    await page.getByText('Page 6 sur 100').waitFor();
    await page.getByRole('button', { name: 'Page 100' }).focus();
    await page.keyboard.press('Enter');
    await page.getByText('Page 100 sur 100').waitFor();
    expect(await page.getByRole('button', { name: 'Suivant' }).isDisabled()).toBe(true);
    await page.context().close();
  });
});

describe('accessibility (axe-core, WCAG 2.1 AA)', () => {
  it('finds no violation on sign-in and the public pages, in light and dark modes', async () => {
    const page = await newPage(390, 844, { bypassCSP: true });
    const found: Record<string, string[]> = {};
    for (const theme of ['light', 'dark'] as const) {
      await page.goto('/connexion');
      await setTheme(page, theme);
      for (const path of ['/connexion', '/partenaire', '/contact', '/pagination']) {
        await page.goto(path);
        await page.getByRole('heading', { level: 1 }).waitFor();
        const violations = await accessibilityViolations(page);
        if (violations.length) found[`${theme} ${path}`] = violations;
      }
      await page.goto('/');
      await page.getByRole('button', { name: "Conditions d'utilisation" }).click();
      await page.getByRole('dialog').waitFor();
      const violations = await accessibilityViolations(page);
      if (violations.length) found[`${theme} conditions`] = violations;
    }
    expect(found).toEqual({});
    await page.context().close();
  });
});
