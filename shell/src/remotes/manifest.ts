/**
 * The runtime remote manifest (`GET /remotes.json`, docs/platform.md): which remote serves which
 * path, where its remoteEntry is, and whether it has a build at all.
 */

export interface RemoteDescriptor {
  /** Container name, e.g. `mfe_register`. */
  name: string;
  /** Where the shell mounts the remote's routes, e.g. `/caisse`. */
  path: string;
  /** URL of the remote's remoteEntry.js (or mf-manifest.json). */
  entry: string;
  /** False when the remote has no build yet: the shell shows « Module bientôt disponible ». */
  available: boolean;
  /** The exposed module mounted there (`App` unless said otherwise). */
  module?: string;
  /** Only these roles load it (admin always does); everyone when absent. */
  roles?: readonly string[];
  /** Its name in messages, when the navigation does not give one. */
  label?: string;
}

/**
 * Modules a remote exposes besides `./App`, each mounted at its own path and loaded only for its
 * roles: the register's back office (`mfe_register/Admin`) is never downloaded by a cashier.
 */
export const EXTRA_MODULES: readonly { remote: string; module: string; path: string; roles: readonly string[]; label: string }[] = [
  { remote: 'mfe_register', module: 'Admin', path: '/gestion', roles: ['admin'], label: 'Gestion de la fête' },
  { remote: 'mfe_register', module: 'Dashboard', path: '/tableau-de-bord', roles: ['admin', 'treasurer'], label: 'Tableau de bord' },
];

/** The manifest's remotes plus the extra modules of those it lists. */
export function withExtraModules(remotes: RemoteDescriptor[]): RemoteDescriptor[] {
  const extra = EXTRA_MODULES.flatMap(({ remote, module, path, roles, label }) => {
    const host = remotes.find((r) => r.name === remote && !r.module);
    return host ? [{ ...host, path, module, roles, label }] : [];
  });
  return [...remotes, ...extra];
}

/** What the federation runtime registers: each available remote once, whatever it mounts. */
export function remoteEntries(remotes: RemoteDescriptor[]): { name: string; entry: string }[] {
  const seen = new Set<string>();
  return remotes.filter((r) => r.available && !seen.has(r.name) && seen.add(r.name)).map(({ name, entry }) => ({ name, entry }));
}

export interface RemoteManifest {
  remotes: RemoteDescriptor[];
  /** True when the manifest could not be read; the shell still works without remotes. */
  failed: boolean;
}

/** Keeps the well-formed entries of a manifest; anything else is dropped rather than breaking the shell. */
export function parseManifest(body: unknown): RemoteDescriptor[] {
  const remotes = (body as { remotes?: unknown } | null)?.remotes;
  if (!Array.isArray(remotes)) return [];
  return remotes.flatMap((item: unknown): RemoteDescriptor[] => {
    const { name, path, entry, available } = (item ?? {}) as Record<string, unknown>;
    if (typeof name !== 'string' || !/^[A-Za-z_][\w]*$/.test(name)) return [];
    if (typeof path !== 'string' || !/^\/[\w-]+(\/[\w-]+)*$/.test(path)) return [];
    if (typeof entry !== 'string' || entry === '') return [];
    return [{ name, path, entry, available: available === true }];
  });
}

/** The route pattern under which a remote's own routes are mounted: `/caisse` → `caisse/*`. */
export function routePatternFor(remote: Pick<RemoteDescriptor, 'path'>): string {
  return `${remote.path.slice(1)}/*`;
}

/** Fetches and parses the manifest; never rejects. */
export async function fetchManifest(fetchImpl: typeof fetch = (input, init) => fetch(input, init)): Promise<RemoteManifest> {
  try {
    const response = await fetchImpl('/remotes.json', { headers: { Accept: 'application/json' } });
    if (!response.ok) throw new Error(`GET /remotes.json: HTTP ${response.status}`);
    return { remotes: withExtraModules(parseManifest(await response.json())), failed: false };
  } catch (error) {
    console.error('Manifeste des modules illisible', error);
    return { remotes: [], failed: true };
  }
}
