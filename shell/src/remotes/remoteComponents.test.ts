import { describe, expect, it } from 'vitest';
import { createRemoteComponents, type RemoteVersions } from './remoteComponents';

/** A remote deployed again alone: the next navigation registers its new entry and loads it anew. */
describe('remote components refresh', () => {
  function setup(latest: () => Promise<string | undefined>) {
    const registered = new Map([['mfe_stock', 'http://x/remoteEntry.js?v=1']]);
    const replaced: string[] = [];
    const versions: RemoteVersions = {
      latest,
      current: (name) => registered.get(name),
      replace(name, entry) {
        replaced.push(entry);
        registered.set(name, entry);
      },
    };
    // Each load gives a new component, as a new build would.
    return { components: createRemoteComponents(async () => ({ default: () => null }), versions), replaced };
  }

  it('keeps the loaded component while the manifest gives the same entry', async () => {
    const { components, replaced } = setup(async () => 'http://x/remoteEntry.js?v=1');
    const first = await components.load('mfe_stock');
    await components.refresh!('mfe_stock');
    expect(replaced).toEqual([]);
    expect(components.loaded('mfe_stock')).toBe(first);
    await expect(components.load('mfe_stock')).resolves.toBe(first);
  });

  it('registers a new entry and drops every component of that remote, not the others', async () => {
    const { components, replaced } = setup(async () => 'http://x/remoteEntry.js?v=2');
    const app = await components.load('mfe_stock');
    const other = await components.load('mfe_register');
    await components.refresh!('mfe_stock');
    expect(replaced).toEqual(['http://x/remoteEntry.js?v=2']);
    expect(components.loaded('mfe_stock')).toBeUndefined();
    expect(await components.load('mfe_stock')).not.toBe(app);
    expect(components.loaded('mfe_register')).toBe(other);
  });

  it('goes on with what it has when the manifest cannot be read (offline)', async () => {
    const { components, replaced } = setup(() => Promise.reject(new TypeError('offline')));
    const app = await components.load('mfe_stock');
    await expect(components.refresh!('mfe_stock')).resolves.toBeUndefined();
    expect(replaced).toEqual([]);
    expect(components.loaded('mfe_stock')).toBe(app);
  });
});

describe('remote components loading', () => {
  it('loads a module once, hands it out synchronously afterwards, and forgets a failed load', async () => {
    let calls = 0;
    const components = createRemoteComponents(async () => {
      calls += 1;
      if (calls === 1) throw new TypeError('réseau coupé');
      return { default: () => null };
    });
    await expect(components.load('mfe_register')).rejects.toThrow('réseau coupé');
    expect(components.loaded('mfe_register')).toBeUndefined();
    const [a, b] = await Promise.all([components.load('mfe_register'), components.load('mfe_register')]);
    expect(a).toBe(b);
    expect(calls).toBe(2);
    expect(components.loaded('mfe_register')).toBe(a);
  });

  it('refuses a module without a default component', async () => {
    const components = createRemoteComponents(async () => ({ notADefault: 1 }));
    await expect(components.load('mfe_stock')).rejects.toThrow("mfe_stock/App n'exporte pas de composant par défaut.");
  });

  it('trusts the start-up manifest while it is recent, and asks again afterwards', () => {
    let recent = true;
    const components = createRemoteComponents(async () => ({ default: () => null }), {
      latest: async () => undefined,
      current: () => undefined,
      replace: () => undefined,
      recent: () => recent,
    });
    expect(components.stale('mfe_register')).toBe(false);
    recent = false;
    expect(components.stale('mfe_register')).toBe(true);
    expect(createRemoteComponents(async () => ({ default: () => null })).stale('mfe_register')).toBe(false);
  });
});
