/**
 * The component of each remote's exposed module, loaded on first use so that a remote's code is
 * downloaded only when its route is visited, then kept. A failed load is forgotten, to try again.
 *
 * Loaded components are handed out synchronously (`loaded`) rather than through `React.lazy`: a
 * route whose module already arrived (the register, asked at start-up) renders at once. Behind a
 * Suspense boundary it would first commit the fallback, and React then holds the revealed content
 * back until 300 ms after that fallback (its « fallback throttle »): a quarter of a second of a
 * phone's first visit spent idle (first-visit LCP).
 */
import type { ComponentType } from 'react';

/** Loads an exposed module, e.g. `loadRemote('mfe_register/App')` from the federation runtime. */
export type LoadRemoteModule = (id: string) => Promise<unknown>;

export interface RemoteComponents {
  /** The component of a remote's `App` (or another exposed `module`) once loaded, else undefined. */
  loaded(name: string, module?: string): ComponentType | undefined;
  /** Loads it (one load at a time per module; the same component on every call until `forget`). */
  load(name: string, module?: string): Promise<ComponentType>;
  /** Drops a remote's component so that the next `load` loads it again. */
  forget(name: string, module?: string): void;
  /**
   * Whether a navigation into the remote must first `refresh` (ask the manifest again); asked once
   * per navigation. False only for the page the shell opens on, while the manifest read at start-up
   * is a moment old.
   */
  stale(name: string): boolean;
  /**
   * Before a navigation into a remote: when the manifest now gives another entry (the remote was
   * deployed again on its own), registers it in place of the old one and drops its components, so
   * that the next `load` loads the new build — without reloading the shell. Never rejects.
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
  /** True, once, when the registered entry comes from a manifest read a moment ago (no need to ask again). */
  recent?(name: string): boolean;
}

export function createRemoteComponents(loadRemoteModule: LoadRemoteModule, versions?: RemoteVersions): RemoteComponents {
  const components = new Map<string, ComponentType>();
  const loading = new Map<string, Promise<ComponentType>>();
  const drop = (id: string) => {
    components.delete(id);
    loading.delete(id);
  };
  const refresh =
    versions &&
    (async (name: string) => {
      const latest = await versions.latest(name).catch(() => undefined);
      if (!latest || latest === versions.current(name)) return;
      versions.replace(name, latest);
      for (const id of new Set([...components.keys(), ...loading.keys()])) if (id.startsWith(`${name}/`)) drop(id);
    });
  return {
    refresh,
    stale: (name) => versions !== undefined && !versions.recent?.(name),
    loaded: (name, module = 'App') => components.get(`${name}/${module}`),
    load(name, module = 'App') {
      const id = `${name}/${module}`;
      const ready = components.get(id);
      if (ready) return Promise.resolve(ready);
      let pending = loading.get(id);
      if (!pending) {
        const attempt = (async () => {
          const exposed = (await loadRemoteModule(id)) as { default?: unknown } | null;
          const App = exposed?.default;
          // A function component or a memo/forwardRef object.
          if (typeof App !== 'function' && (typeof App !== 'object' || App === null)) {
            throw new Error(`${id} n'exporte pas de composant par défaut.`);
          }
          return App as ComponentType;
        })();
        pending = attempt.then(
          (App) => {
            // Unless dropped meanwhile (a refresh or a retry): then it is not the current one.
            if (loading.get(id) === pending) components.set(id, App);
            return App;
          },
          (error: unknown) => {
            if (loading.get(id) === pending) loading.delete(id);
            throw error;
          },
        );
        loading.set(id, pending);
      }
      return pending;
    },
    forget(name, module = 'App') {
      drop(`${name}/${module}`);
    },
  };
}
