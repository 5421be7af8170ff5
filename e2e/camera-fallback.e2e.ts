/**
 * The camera's fallback decoder in Chromium (docs/gate.md §5): with no BarcodeDetector in the page
 * (as Firefox or Safari before 17), « Scanner » at the register loads the ZXing WebAssembly polyfill
 * from our own origin, under the gateway's Content-Security-Policy, and reads an EAN-13 from a fake
 * camera showing the barcode: the product carrying it lands in the cart. Chromium logs no CSP error.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gatewayOk } from './support/api.ts';
import { ARTIFACTS_DIR, CHROMIUM_PATH } from './support/browser.ts';
import { openRegister, setupSystem, TABLET } from './support/session.ts';

const e2e = setupSystem({ signIn: ['admin', 'caissier'] });
/** A valid EAN-13 (its check digit verified by the register). */
const EAN = '3017620422003';

const L = ['0001101', '0011001', '0010011', '0111101', '0100011', '0110001', '0101111', '0111011', '0110111', '0001011'];
const G = ['0100111', '0110011', '0011011', '0100001', '0011101', '0111001', '0000101', '0010001', '0001001', '0010111'];
const R = ['1110010', '1100110', '1101100', '1000010', '1011100', '1001110', '1010000', '1000100', '1001000', '1110100'];
const PARITY = ['LLLLLL', 'LLGLGG', 'LLGGLG', 'LLGGGL', 'LGLLGG', 'LGGLLG', 'LGGGLL', 'LGLGLG', 'LGLGGL', 'LGGLGL'];

/** The 95 modules of an EAN-13 (GS1 General Specifications): guards, left half by parity, right half. */
function ean13Modules(code: string): string {
  const digits = [...code].map(Number);
  const parity = PARITY[digits[0]!]!;
  const left = digits.slice(1, 7).map((digit, i) => (parity[i] === 'L' ? L : G)[digit]);
  const right = digits.slice(7).map((digit) => R[digit]);
  return `101${left.join('')}01010${right.join('')}101`;
}

/** One frame of a camera as Chromium's fake capture reads it (Y4M, 4:2:0): the barcode, black on white. */
function barcodeVideo(code: string): string {
  const [width, height, module] = [640, 480, 5];
  const modules = ean13Modules(code);
  const x0 = Math.floor((width - modules.length * module) / 2);
  const luma = Buffer.alloc(width * height, 235);
  for (let y = 90; y < 390; y++)
    for (let m = 0; m < modules.length; m++)
      if (modules[m] === '1') luma.fill(16, y * width + x0 + m * module, y * width + x0 + (m + 1) * module);
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const file = join(mkdtempSync(join(tmpdir(), 'kermesse-camera-')), 'ean13.y4m');
  writeFileSync(file, Buffer.concat([Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\nFRAME\n`), luma, chroma]));
  return file;
}

let camera: Browser;

beforeAll(async () => {
  camera = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${barcodeVideo(EAN)}`,
    ],
  });
});

afterAll(() => camera?.close());

describe('the camera without BarcodeDetector', () => {
  it('reads an EAN-13 with the ZXing polyfill served by the gateway, and the product goes into the cart', async () => {
    const events = await gatewayOk<Array<{ id: number; name: string }>>(e2e.url, e2e.tokens.admin, 'GET', '/api/admin/events');
    const event = events.find((candidate) => candidate.name === 'Kermesse de printemps');
    const products = await gatewayOk<Array<{ id: number; name: string }>>(
      e2e.url,
      e2e.tokens.admin,
      'GET',
      `/api/admin/products?eventId=${event!.id}`,
    );
    const cafe = products.filter((product) => product.name === 'Café');
    expect(cafe.length).toBeGreaterThan(0);
    for (const product of cafe) await gatewayOk(e2e.url, e2e.tokens.admin, 'PUT', `/api/admin/products/${product.id}`, { ean: EAN });

    const context = await camera.newContext({ baseURL: e2e.url, viewport: TABLET, permissions: ['camera'] });
    await context.addInitScript((bearer) => {
      if (!localStorage.getItem('bearerToken')) localStorage.setItem('bearerToken', bearer);
      // As in Firefox or Safari before 17: no BarcodeDetector, whatever this Chromium has.
      delete (window as { BarcodeDetector?: unknown }).BarcodeDetector;
    }, e2e.tokens.caissier);
    const page = await context.newPage();
    const refused: string[] = [];
    const logged: string[] = [];
    page.on('pageerror', (error) => logged.push(`pageerror ${error.message}`));
    page.on('console', (message) => {
      logged.push(`${message.type()} ${message.text()}`);
      if (/Content.Security.Policy|Refused to/i.test(message.text())) refused.push(message.text());
    });
    const wasm: number[] = [];
    page.on('response', (answer) => {
      if (answer.url().endsWith('.wasm')) wasm.push(answer.status());
    });
    try {
      await openRegister(page, 'Caisse Buvette', { timeout: 90_000 });
      await page.screenshot({ path: join(ARTIFACTS_DIR, 'camera-polyfill-register.png') });
      await page.getByRole('button', { name: 'Scanner' }).click();
      await expect.poll(() => page.getByText('« Café » ajouté au panier.').isVisible(), { timeout: 60_000, interval: 250 }).toBe(true);
      await expect.poll(() => page.getByRole('region', { name: 'Panier' }).getByText('Café').first().isVisible()).toBe(true);
      await page.screenshot({ path: join(ARTIFACTS_DIR, 'camera-polyfill-1280.png') });
      // The WebAssembly came from our origin, once, not from a CDN.
      expect(wasm).toEqual([200]);
      expect(refused).toEqual([]);
    } catch (error) {
      await page.screenshot({ path: join(ARTIFACTS_DIR, 'camera-polyfill-failed.png') });
      throw new Error(`${String(error)}\nwasm: ${JSON.stringify(wasm)}\n${logged.join('\n')}`, { cause: error });
    } finally {
      await context.close();
    }
    // The first visit loads the shell, the register and the polyfill on a loaded machine.
  }, 300_000);
});
