/**
 * What Chromium says of the gateway's pages: the Permissions-Policy header holds
 * only features Chromium knows (no « Unrecognized feature » on any page), `/favicon.ico` is answered,
 * and the receipt page `/s/{ref}` rendered by the register carries its icon inline, so it never asks
 * for /favicon.ico. Debian's Chromium through playwright-core, as the e2e tests.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderReceipt } from '../../services/register/src/receipts/html.ts';
import { PERMISSIONS_POLICY } from './securityHeaders.ts';
import { startServer, startTestGateway, type TestGateway, type TestServer } from './testSupport.ts';

/** A shell page as its production build writes it: start-up scripts in the page (shell/ui-kit/inlineStartup.ts). */
const INDEX =
  '<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>Kermesse</title><script>window.early = "tôt";</script></head>' +
  '<body><p id="page">Accueil</p><script>document.getElementById("page").dataset.started = window.early;</script></body></html>';
/** The register's own CSP for the receipt page (services/register/src/routes/public). */
const RECEIPT_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

let root: string;
let register: TestServer;
let gateway: TestGateway;
let browser: Browser;

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'kermesse-gateway-pages-'));
  mkdirSync(path.join(root, 'shell', 'dist'), { recursive: true });
  // No favicon.ico in this shell build: the gateway's own icon answers.
  writeFileSync(path.join(root, 'shell', 'dist', 'index.html'), INDEX);
  const receipt = renderReceipt({
    reference: 'K7M2Q-9XR4T',
    createdAt: new Date('2026-05-10T10:00:00Z'),
    eventName: 'Kermesse de printemps',
    checkoutName: 'Buvette',
    lines: [{ name: 'Crêpe', categoryName: 'Buvette', kind: 'product', quantity: 1, unitPriceCents: 250, totalCents: 250 }],
    totalCents: 250,
    paidCents: 250,
    paymentMode: 2,
    payments: [{ method: 'ESP', amountCents: 250, reference: '5' }],
    tickets: [],
    bets: [],
    receiptUrl: '/s/K7M2Q-9XR4T',
  });
  register = await startServer((req, res) => {
    if (req.url?.startsWith('/s/')) {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': RECEIPT_CSP });
      res.end(receipt);
      return;
    }
    res.writeHead(404).end();
  });
  gateway = await startTestGateway({ root, upstreams: { register: register.url } as never });
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
    ],
  });
});

afterAll(async () => {
  await browser?.close();
  await gateway?.close();
  await register?.close();
  rmSync(root, { recursive: true, force: true });
});

/** Opens `url`, returns the console messages and the paths the page asked for. */
async function visit(url: string): Promise<{ page: Page; messages: string[]; paths: string[] }> {
  const page = await browser.newPage();
  const messages: string[] = [];
  const paths: string[] = [];
  page.on('console', (message) => messages.push(message.text()));
  page.on('request', (request) => paths.push(new URL(request.url()).pathname));
  await page.goto(url, { waitUntil: 'load' });
  // Chromium asks for the icon after the load; give it the time to do so (and to log about it).
  await page.waitForTimeout(500);
  return { page, messages, paths };
}

describe('pages in Chromium', () => {
  it('sends a Permissions-Policy without any feature Chromium does not know', async () => {
    expect(PERMISSIONS_POLICY).not.toMatch(/bluetooth/);
    const res = await fetch(`${gateway.url}/`);
    expect(res.headers.get('permissions-policy')).toBe(PERMISSIONS_POLICY);
    const { page, messages } = await visit(`${gateway.url}/caisse`);
    expect(await page.textContent('#page')).toBe('Accueil');
    expect(messages.filter((m) => /Unrecognized feature|Permissions-Policy|Error with Permissions-Policy/i.test(m))).toEqual([]);
    // Every feature named is one this Chromium knows; the header does not switch Web Bluetooth off.
    const known = await page.evaluate(() => (document as unknown as { featurePolicy: { features(): string[] } }).featurePolicy.features());
    const named = PERMISSIONS_POLICY.split(',').map((directive) => directive.trim().split('=')[0] as string);
    expect(named.filter((feature) => !known.includes(feature))).toEqual([]);
    expect(named).not.toContain('bluetooth');
    await page.close();
  });

  it("runs the scripts the shell's build wrote into its page, and no other inline script", async () => {
    const { page, messages } = await visit(`${gateway.url}/caisse`);
    expect(await page.getAttribute('#page', 'data-started')).toBe('tôt');
    expect(messages.filter((m) => /Content Security Policy/i.test(m))).toEqual([]);
    const injected = await page.evaluate(
      () =>
        new Promise<{ ran: boolean; refused: string }>((resolve) => {
          document.addEventListener('securitypolicyviolation', (event) =>
            resolve({ ran: 'injected' in window, refused: event.violatedDirective }),
          );
          const script = document.createElement('script');
          script.textContent = 'window.injected = true;';
          document.head.append(script);
        }),
    );
    expect(injected).toEqual({ ran: false, refused: 'script-src-elem' });
    await page.close();
  });

  it('answers /favicon.ico with an icon when the shell build has none', async () => {
    const res = await fetch(`${gateway.url}/favicon.ico`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/svg+xml');
    expect(await res.text()).toMatch(/^<svg /);
  });

  it('shows the receipt page /s/{ref} with its inline icon, never asking for /favicon.ico', async () => {
    const { page, messages, paths } = await visit(`${gateway.url}/s/K7M2Q-9XR4T`);
    expect(await page.title()).toBe('Reçu K7M2Q-9XR4T');
    expect(await page.getAttribute('link[rel="icon"]', 'href')).toMatch(/^data:image\/svg\+xml,/);
    expect(paths).not.toContain('/favicon.ico');
    expect(messages.filter((m) => /Unrecognized feature|favicon|Content Security Policy/i.test(m))).toEqual([]);
    await page.close();
  });
});
