/*
 * Kermesse's service worker: the register opens and reads its catalogue with no network.
 *
 * - Pages (navigations): the network first, else the cached shell (`/`), which routes on the client.
 * - `/remotes.json` and each remote's `remoteEntry.js` (names without a hash): the network first, else the cache.
 * - Built files (`/assets/…`, `/remotes/…` chunks, pictures): the cache first, refreshed behind.
 * - The register's readings (`GET /api/cr/…`: events, registers, catalogue, settings, stock alerts,
 *   sold tickets, pending total): the network first, else the last answer kept, marked with the time
 *   it was received in the `X-Kermesse-Cache` header.
 * - Everything else, and every write (a sale, a payment), goes to the network untouched: sales made
 *   offline wait in the register's own queue (IndexedDB) and are sent with their Idempotency-Key.
 *
 * The page also posts the files it loaded before this worker took control ({type: 'cache', urls}),
 * so a register opened once online opens again offline.
 *
 * Plain JavaScript, emitted as is by the shell's build (shell/src/offline/register.ts).
 */
const SHELL_CACHE = 'kermesse-shell-v1';
const DATA_CACHE = 'kermesse-data-v1';
const KEPT = [SHELL_CACHE, DATA_CACHE];
/** A page or a reading that takes longer than this on a weak Wi-Fi is served from the cache. */
const NETWORK_TIMEOUT_MS = 4000;

/** The register's readings kept for offline use. */
const READINGS = [
  /^\/api\/cr\/events$/,
  /^\/api\/cr\/events\/\d+\/checkouts$/,
  /^\/api\/cr\/checkouts\/\d+$/,
  /^\/api\/cr\/settings$/,
  /^\/api\/cr\/stocks\/\d+\/stocks\/state$/,
  /^\/api\/cr\/raffle\/\d+\/tickets\/sold$/,
  /^\/api\/cr\/gift-basket\/\d+\/(types|votes\/sold)$/,
  /^\/api\/cr\/sale\/list\/\d+\/pending\/total$/,
];

const isReading = (url) => READINGS.some((pattern) => pattern.test(url.pathname));
const isUnhashedEntry = (url) => url.pathname === '/remotes.json' || url.pathname.endsWith('/remoteEntry.js') || url.pathname === '/';
const isStatic = (url) => !url.pathname.startsWith('/api/') && !url.pathname.startsWith('/s/') && /\.[a-z0-9]+$/i.test(url.pathname);

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(SHELL_CACHE)
      .then((cache) => cache.addAll(['/', '/remotes.json']))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(names.filter((name) => name.startsWith('kermesse-') && !KEPT.includes(name)).map((name) => caches.delete(name))),
      ),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;

  if (request.mode === 'navigate') {
    event.respondWith(networkFirst(request, SHELL_CACHE, { fallback: '/' }));
  } else if (isReading(url)) {
    event.respondWith(networkFirst(request, DATA_CACHE, { stamp: true }));
  } else if (isUnhashedEntry(url)) {
    event.respondWith(networkFirst(request, SHELL_CACHE, {}));
  } else if (isStatic(url)) {
    event.respondWith(cacheFirst(request, event));
  }
});

self.addEventListener('message', (event) => {
  const data = event.data;
  if (!data || data.type !== 'cache' || !Array.isArray(data.urls)) return;
  event.waitUntil(keep(data.urls, typeof data.token === 'string' ? data.token : null));
});

/** Files and readings the page loaded before this worker controlled it. */
async function keep(urls, token) {
  const shell = await caches.open(SHELL_CACHE);
  const data = await caches.open(DATA_CACHE);
  await Promise.all(
    urls.map(async (text) => {
      let url;
      try {
        url = new URL(text, self.location.origin);
      } catch {
        return;
      }
      if (url.origin !== self.location.origin) return;
      try {
        if (isReading(url)) {
          if (!token || (await data.match(url.href))) return;
          const response = await fetch(url.href, { headers: { authorization: `Bearer ${token}` } });
          if (response.ok) await data.put(url.href, stamped(response, new Date()));
        } else if (isStatic(url) || isUnhashedEntry(url)) {
          if (await shell.match(url.href)) return;
          const response = await fetch(url.href);
          if (response.ok) await shell.put(url.href, response);
        }
      } catch {
        // Offline already: the next visit online fills the gap.
      }
    }),
  );
}

async function networkFirst(request, cacheName, { fallback, stamp = false }) {
  const cache = await caches.open(cacheName);
  try {
    const response = await withTimeout(fetch(request), NETWORK_TIMEOUT_MS);
    if (response.ok) await cache.put(request, stamp ? stamped(response.clone(), new Date()) : response.clone());
    return response;
  } catch (error) {
    const cached = (await cache.match(request, { ignoreVary: true })) ?? (fallback ? await cache.match(fallback) : undefined);
    if (cached) return cached;
    throw error;
  }
}

async function cacheFirst(request, event) {
  const cache = await caches.open(SHELL_CACHE);
  const cached = await cache.match(request, { ignoreVary: true });
  const refresh = fetch(request).then(async (response) => {
    if (response.ok && response.type === 'basic') await cache.put(request, response.clone());
    return response;
  });
  if (cached) {
    event.waitUntil(refresh.catch(() => undefined));
    return cached;
  }
  return refresh;
}

/** A copy of a reading with the time it was received, read by the register to say how old it is. */
function stamped(response, at) {
  const headers = new Headers(response.headers);
  headers.set('X-Kermesse-Cache', at.toISOString());
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

function withTimeout(promise, ms) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('délai dépassé')), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
