/**
 * One lazy component per remote, created on first use so that a remote's code is downloaded only
 * when its route is visited. A failed load can be forgotten to try again.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** Loads an exposed module, e.g. `loadRemote('mfe_register/App')` from the federation runtime. */
export type LoadRemoteModule = (id: string) => Promise<unknown>;

export interface RemoteComponents {
  /** The lazy `App` (or another exposed `module`) of a remote (the same component on every call until `forget`). */
  get(name: string, module?: string): LazyExoticComponent<ComponentType>;
  /** Drops a remote's component so that the next `get` loads it again. */
  forget(name: string, module?: string): void;
  /**
   * Before a navigation into a remote: when the manifest now gives another entry (the remote was
   * deployed again on its own), registers it in place of the old one and drops its components, so
   * that the next `get` loads the new build — without reloading the shell. Never rejects.
   */
  refresh?(name: string): Promise<void>;
}

/** Where the remotes' current builds are (the manifest) and how the federation runtime is told. */
export interface RemoteVersions {
  /** The entry the manifest gives now; undefined when it cannot be read (offline). */
  latest(name: string): Promise<string | undefined>;
  /** The entry registered now. */
  current(name: string): string | undefined;
  /** Registers `entry` in place of the remote's current one. */
  replace(name: string, entry: string): void;
}

export function createRemoteComponents(loadRemoteModule: LoadRemoteModule, versions?: RemoteVersions): RemoteComponents {
  const cache = new Map<string, LazyExoticComponent<ComponentType>>();
  const refresh =
    versions &&
    (async (name: string) => {
      const latest = await versions.latest(name).catch(() => undefined);
      if (!latest || latest === versions.current(name)) return;
      versions.replace(name, latest);
      for (const id of [...cache.keys()]) if (id.startsWith(`${name}/`)) cache.delete(id);
    });
  return {
    refresh,
    get(name, module = 'App') {
      const id = `${name}/${module}`;
      let component = cache.get(id);
      if (!component) {
        component = lazy(async () => {
          const exposed = (await loadRemoteModule(id)) as { default?: unknown } | null;
          const App = exposed?.default;
          // A function component or a memo/forwardRef object.
          if (typeof App !== 'function' && (typeof App !== 'object' || App === null)) {
            throw new Error(`${id} n'exporte pas de composant par défaut.`);
          }
          return { default: App as ComponentType };
        });
        cache.set(id, component);
      }
      return component;
    },
    forget(name, module = 'App') {
      cache.delete(`${name}/${module}`);
    },
  };
}
