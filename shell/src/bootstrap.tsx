/** Starts the shell: theme, runtime remotes from /remotes.json, then the React tree. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { applyTheme, readTheme } from '@kermesse/ui-kit';
import { Shell } from './Shell';
import { fetchManifest, parseManifest, remoteEntries, type RemoteManifest } from './remotes/manifest';
import { createRemoteComponents } from './remotes/remoteComponents';
import './offline';

applyTheme(readTheme());

/**
 * How long the first render waits for the remote of the page the shell opens on. Its files are
 * preloaded with the page (the gateway's Link hints), so it is usually there a few dozen ms after
 * this script: the shell then renders once, with the register in it, instead of painting its
 * loading screen and laying the page out again (first-visit LCP). A remote that does not
 * come in time shows the usual « Chargement du module ».
 */
const OPENING_REMOTE_WAIT_MS = 1500;

/** The entry registered for each remote (a remote deployed again alone gets a new one, see refresh). */
const registered = new Map<string, string>();

/**
 * The manifest just read at start-up answers for the page the shell opens on (no second
 * `/remotes.json` on the phone's critical path); every later navigation into a remote reads it again.
 */
const STARTUP_MANIFEST_FRESH_MS = 10_000;
let startupManifestAt: number | undefined;

const components = createRemoteComponents((id) => loadRemote(id), {
  async latest(name) {
    await manifest;
    const startup = startupManifestAt;
    startupManifestAt = undefined;
    if (startup !== undefined && Date.now() - startup < STARTUP_MANIFEST_FRESH_MS) return registered.get(name);
    const response = await fetch('/remotes.json', { headers: { Accept: 'application/json' } });
    if (!response.ok) return undefined;
    const entry = remoteEntries(parseManifest(await response.json())).find((remote) => remote.name === name)?.entry;
    // The runtime keeps entries as absolute URLs: compare alike.
    return entry && new URL(entry, window.location.origin).href;
  },
  current: (name) => registered.get(name),
  // Once: the first navigation into a remote (the page the shell opens on) trusts the start-up manifest.
  recent: () => {
    const startup = startupManifestAt;
    startupManifestAt = undefined;
    return startup !== undefined && Date.now() - startup < STARTUP_MANIFEST_FRESH_MS;
  },
  replace(name, entry) {
    // The old build's chunk list (`rspackChunk` + its uniqueName `kermesse_<name>`, see
    // ui-kit/rspack.ts) must not be taken by the new build's runtime as chunks it already has.
    delete (globalThis as unknown as Record<string, unknown>)[`rspackChunkkermesse_${name}`];
    registerRemotes([{ name, entry }], { force: true });
    registered.set(name, entry);
  },
});

/** The load of the opening page's remote, when it has one (see OPENING_REMOTE_WAIT_MS). */
let openingRemote: Promise<unknown> | undefined;

// Registering does not download anything: a remote's entry is fetched on the first visit to its route.
const manifest: Promise<RemoteManifest> = fetchManifest().then((result) => {
  try {
    const entries = remoteEntries(result.remotes);
    registerRemotes(entries);
    for (const { name, entry } of entries) registered.set(name, new URL(entry, window.location.origin).href);
    if (!result.failed) startupManifestAt = Date.now();
    // The remote of the page the shell opens on (the register on a cashier's phone) starts loading
    // now rather than after the shell's first render; its route renders it as soon as it is there.
    // Modules kept for some roles wait for RemoteRoute's check.
    const { pathname } = window.location;
    const opening = result.remotes.find(
      (remote) => remote.available && !remote.roles && (pathname === remote.path || pathname.startsWith(`${remote.path}/`)),
    );
    if (opening) openingRemote = components.load(opening.name, opening.module).catch(() => undefined);
    return result;
  } catch (error) {
    console.error('Enregistrement des modules impossible', error);
    return { remotes: [], failed: true };
  }
});
// React's `use` reads a settled promise's `status`/`value` and then renders at once instead of
// suspending: the manifest usually arrived (through the early script) before the first render.
markSettled(manifest);

/** Marks a promise the way React's `use` reads one that has settled. */
function markSettled<T>(promise: Promise<T>) {
  const tracked = promise as Promise<T> & { status?: string; value?: T };
  promise.then(
    (value) => {
      tracked.status = 'fulfilled';
      tracked.value = value;
    },
    () => undefined,
  );
}

const container = document.getElementById('root');
if (!container) throw new Error('Élément #root absent de index.html');

const render = () =>
  createRoot(container).render(
    <StrictMode>
      <BrowserRouter>
        <Shell manifest={manifest} components={components} />
      </BrowserRouter>
    </StrictMode>,
  );
const openingReady = manifest.then(
  () => openingRemote,
  () => undefined,
);
void Promise.race([openingReady, new Promise((resolve) => setTimeout(resolve, OPENING_REMOTE_WAIT_MS))]).then(render);
