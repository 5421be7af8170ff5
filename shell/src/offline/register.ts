/**
 * Makes Kermesse an installable web app that opens with no network: links the web-app manifest and
 * registers the service worker (./sw.js), both emitted by the shell's build next to index.html.
 * Called once from bootstrap.tsx.
 *
 * The worker does not take over the page that registered it (no `clients.claim()`): what this page
 * already loaded is handed to it instead (every file and register reading seen by a
 * PerformanceObserver), so the next opening — online or not — is served by the worker.
 */

import { readRegisterToken } from '@kermesse/ui-kit';

export function registerOffline(): void {
  afterOpening(() => {
    linkManifest();
    if (typeof navigator === 'undefined' || !('serviceWorker' in navigator) || !window.isSecureContext) return;
    // Emitted as a file at the root of the build (not bundled as a worker chunk under /assets/), so
    // its scope can be the whole site. (Kept out of the register() call: written inside it, the
    // bundler would take sw.js for a worker to bundle.)
    const script = new URL('./sw.js', import.meta.url);
    navigator.serviceWorker
      .register(script, { scope: '/' })
      .then(() => navigator.serviceWorker.ready)
      .then((registration) => handOverLoadedFiles(registration))
      .catch((error: unknown) => console.warn('Mode hors ligne indisponible', error));
  });
}

/**
 * Once the page has loaded and the browser is idle: the screen the page opens on comes first (the
 * register on a phone's first visit); the worker then keeps what that screen loaded.
 */
function afterOpening(run: () => void): void {
  const whenIdle = () => (typeof requestIdleCallback === 'function' ? requestIdleCallback(run, { timeout: 2000 }) : setTimeout(run, 200));
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}

function linkManifest(): void {
  if (typeof document === 'undefined' || document.querySelector('link[rel="manifest"]')) return;
  const link = document.createElement('link');
  link.rel = 'manifest';
  link.href = new URL('./manifest.webmanifest', import.meta.url).href;
  document.head.append(link);
}

/** Sends the worker every same-origin file and register reading this page loads, now and later. */
function handOverLoadedFiles(registration: ServiceWorkerRegistration): void {
  const sent = new Set<string>();
  const send = (entries: PerformanceEntryList) => {
    const urls = entries
      .map((entry) => entry.name)
      .filter((name) => {
        if (sent.has(name)) return false;
        try {
          return new URL(name).origin === location.origin;
        } catch {
          return false;
        }
      });
    if (urls.length === 0) return;
    urls.forEach((url) => sent.add(url));
    registration.active?.postMessage({ type: 'cache', urls: [location.origin + '/', ...urls], token: readToken() });
  };
  send(performance.getEntriesByType('resource'));
  if (typeof PerformanceObserver === 'undefined') return;
  new PerformanceObserver((list) => send(list.getEntries())).observe({ type: 'resource', buffered: false });
}

/** The register's token (the cashier's session, or one loaded by hand), sent along so the worker can keep the register's readings. */
function readToken(): string | null {
  return readRegisterToken(localStorage);
}
