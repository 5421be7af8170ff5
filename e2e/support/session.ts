/**
 * The preamble every browser test file shares, written once: the whole system and Chromium started
 * before the file's tests and stopped after them, the demo accounts it needs signed in once, browser
 * contexts that start signed in, and a register opened on its sales screen.
 */
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll } from 'vitest';
import type { Browser, BrowserContext, BrowserContextOptions, Page, Request } from 'playwright-core';
import { signInToken } from './api.ts';
import { ARTIFACTS_DIR, launchBrowser } from './browser.ts';
import { startTestSystem, type TestSystem, type TestSystemOptions } from './system.ts';

/** The demo accounts (README « Demo accounts »), by the French name of their role. */
export const DEMO_ACCOUNTS = {
  admin: 'admin@kermesse.local',
  tresorier: 'tresorier@kermesse.local',
  caissier: 'caissier@kermesse.local',
  benevole: 'benevole@kermesse.local',
} as const;

export type DemoAccount = keyof typeof DEMO_ACCOUNTS;

/** A 10-inch tablet held in landscape, the register's usual screen. */
export const TABLET = { width: 1280, height: 800 } as const;

export interface SystemSetupOptions<A extends DemoAccount> extends TestSystemOptions {
  /** Demo accounts signed in before the tests: their tokens are in `tokens`. */
  signIn?: readonly A[];
}

export interface E2eSystem<A extends DemoAccount> {
  /** The running system (its services, to stop one in a test). */
  readonly sys: TestSystem;
  /** The gateway's URL, the only address a browser uses. */
  readonly url: string;
  readonly browser: Browser;
  /** The bearer tokens of the accounts named in `signIn`. */
  readonly tokens: Readonly<Record<A, string>>;
  /** Signs an account in (`POST /api/login`) and returns its bearer token. */
  signIn(account: DemoAccount | string): Promise<string>;
  /**
   * A new browser context on the system; with `token`, its pages start signed in with it (set only when
   * the page holds no token yet, so a sign-out or another sign-in in the test keeps its effect).
   */
  newContext(options?: BrowserContextOptions & { token?: string }): Promise<BrowserContext>;
}

/**
 * Starts the system and Chromium before the file's tests (screenshots directory made), signs in the
 * accounts of `signIn`, and stops both after the tests. Call it once at the top of a test file.
 */
export function setupSystem<A extends DemoAccount = never>(options: SystemSetupOptions<A> = {}): E2eSystem<A> {
  const { signIn: accounts = [], ...systemOptions } = options;
  let sys: TestSystem | undefined;
  let browser: Browser | undefined;
  const tokens = {} as Record<A, string>;
  const started = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`${what} is not started: call setupSystem() at the top of the test file`);
    return value;
  };
  const signIn = (account: DemoAccount | string) =>
    signInToken(started(sys, 'the system').url, account in DEMO_ACCOUNTS ? DEMO_ACCOUNTS[account as DemoAccount] : account);

  beforeAll(async () => {
    mkdirSync(ARTIFACTS_DIR, { recursive: true });
    [sys, browser] = await Promise.all([startTestSystem(systemOptions), launchBrowser()]);
    const signedIn = await Promise.all(accounts.map((account) => signIn(account)));
    accounts.forEach((account, i) => {
      tokens[account] = signedIn[i]!;
    });
  });

  afterAll(async () => {
    await browser?.close();
    await sys?.stop();
  });

  return {
    get sys() {
      return started(sys, 'the system');
    },
    get url() {
      return started(sys, 'the system').url;
    },
    get browser() {
      return started(browser, 'the browser');
    },
    tokens,
    signIn,
    async newContext({ token, ...contextOptions } = {}) {
      const context = await started(browser, 'the browser').newContext({ baseURL: started(sys, 'the system').url, ...contextOptions });
      if (token !== undefined) {
        await context.addInitScript((bearer) => {
          if (!localStorage.getItem('bearerToken')) localStorage.setItem('bearerToken', bearer);
        }, token);
      }
      return context;
    },
  };
}

export interface OpenRegisterOptions {
  /** The event chosen on the entry page (the demo event by default). */
  event?: string;
  /** Wait for the catalogue (the « Toutes les catégories » tab); false to look at the screen while it loads. */
  loaded?: boolean;
  /** How long the first screen may take: the first visit builds nothing but loads the shell and the remote. */
  timeout?: number;
}

/** The register's entry page (`/caisse`): the event chosen, `register` clicked, its sales screen shown. */
export async function openRegister(
  page: Page,
  register: string,
  { event = 'Kermesse de printemps', loaded = true, timeout }: OpenRegisterOptions = {},
) {
  await page.goto('/caisse');
  const events = page.getByRole('combobox');
  await events.waitFor({ timeout });
  await events.selectOption({ label: event });
  await page.getByRole('button', { name: register }).click();
  if (loaded) await page.getByRole('tab', { name: 'Toutes les catégories' }).waitFor({ timeout });
}

/** A sale creation a page sent (`POST /api/cr/sale/create`), with its Idempotency-Key. */
export interface SentSale {
  key: string | undefined;
  body: { sale: Record<string, unknown> };
}

/** Records every sale creation the page sends, in order, into the returned array. */
export function recordSales(page: Page): SentSale[] {
  const sales: SentSale[] = [];
  page.on('request', (request: Request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/cr/sale/create') {
      sales.push({ key: request.headers()['idempotency-key'], body: request.postDataJSON() });
    }
  });
  return sales;
}

/**
 * Whether the shell's service worker holds what a register needs to reopen with no network: the
 * register's remote, the event list and a register's checkout (poll it after opening a register online).
 */
export function registerKeptOffline(page: Page): Promise<boolean> {
  return page.evaluate(async () => {
    if (!(await navigator.serviceWorker.getRegistration())?.active) return false;
    const data = await caches.open('kermesse-data-v1');
    const shell = await caches.open('kermesse-shell-v1');
    const readings = (await data.keys()).map((request) => new URL(request.url).pathname);
    const files = (await shell.keys()).map((request) => new URL(request.url).pathname);
    return (
      readings.some((path) => path.startsWith('/api/cr/checkouts/')) &&
      readings.includes('/api/cr/events') &&
      files.some((path) => path.endsWith('/remoteEntry.js'))
    );
  });
}
