import { describe, expect, it } from 'vitest';
import { createRemoteComponents, type RemoteVersions } from './remoteComponents';

/** A remote deployed again alone (issue 16): the next navigation registers its new entry and loads it anew. */
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
    return { components: createRemoteComponents(async () => ({ default: () => null }), versions), replaced };
  }

  it('keeps the loaded component while the manifest gives the same entry', async () => {
    const { components, replaced } = setup(async () => 'http://x/remoteEntry.js?v=1');
    const first = components.get('mfe_stock');
    await components.refresh!('mfe_stock');
    expect(replaced).toEqual([]);
    expect(components.get('mfe_stock')).toBe(first);
  });

  it('registers a new entry and drops every component of that remote, not the others', async () => {
    const { components, replaced } = setup(async () => 'http://x/remoteEntry.js?v=2');
    const app = components.get('mfe_stock');
    const other = components.get('mfe_register');
    await components.refresh!('mfe_stock');
    expect(replaced).toEqual(['http://x/remoteEntry.js?v=2']);
    expect(components.get('mfe_stock')).not.toBe(app);
    expect(components.get('mfe_register')).toBe(other);
  });

  it('goes on with what it has when the manifest cannot be read (offline)', async () => {
    const { components, replaced } = setup(() => Promise.reject(new TypeError('offline')));
    const app = components.get('mfe_stock');
    await expect(components.refresh!('mfe_stock')).resolves.toBeUndefined();
    expect(replaced).toEqual([]);
    expect(components.get('mfe_stock')).toBe(app);
  });
});
