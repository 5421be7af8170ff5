/** Debian's Chromium driven by playwright-core (no downloaded browser here). */
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { E2E_PASSWORD } from './system.ts';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
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
    // Playwright gives each launch a new, empty profile.
  });
}

/** Where screenshots go (kept by CI as artifacts, ignored by git). */
export const ARTIFACTS_DIR = join(import.meta.dirname, '..', '..', 'artifacts');

/** Signs in through the shell's password form (`#form-login`), as a person would. */
export async function signInThroughForm(page: Page, email: string): Promise<void> {
  await page.goto('/connexion');
  const form = page.locator('#form-login');
  await form.locator('input[type="email"]').fill(email);
  await form.locator('input[type="password"]').fill(E2E_PASSWORD);
  await form.locator('button[type="submit"]').click();
}

/**
 * Gives the page a device that holds passkeys: DevTools' virtual authenticator (resident keys, user
 * verified, presence given at once). Passkeys need a site name: open the system on `localhost`.
 */
export async function addVirtualAuthenticator(page: Page, context: BrowserContext): Promise<void> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}
