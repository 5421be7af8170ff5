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
}

export function createRemoteComponents(loadRemoteModule: LoadRemoteModule): RemoteComponents {
  const cache = new Map<string, LazyExoticComponent<ComponentType>>();
  return {
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
