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
    return { remotes: parseManifest(await response.json()), failed: false };
  } catch (error) {
    console.error('Manifeste des modules illisible', error);
    return { remotes: [], failed: true };
  }
}
