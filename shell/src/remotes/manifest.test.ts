import { describe, expect, it, vi } from 'vitest';
import { fetchManifest, parseManifest, remoteEntries, routePatternFor, withExtraModules } from './manifest';

const register = { name: 'mfe_register', path: '/caisse', entry: '/remotes/mfe-register/remoteEntry.js', available: true };
const raffle = { name: 'mfe_raffle', path: '/tombola', entry: '/remotes/mfe-raffle/remoteEntry.js', available: false };
const registerAdmin = { ...register, path: '/gestion', module: 'Admin', roles: ['admin'], label: 'Gestion de la fête' };
const registerDashboard = {
  ...register,
  path: '/tableau-de-bord',
  module: 'Dashboard',
  roles: ['admin', 'treasurer'],
  label: 'Tableau de bord',
};

describe('parseManifest', () => {
  it('keeps each remote with its path, entry and availability', () => {
    expect(parseManifest({ remotes: [register, raffle] })).toEqual([register, raffle]);
  });

  it('treats a remote without `available: true` as not available', () => {
    const [remote] = parseManifest({ remotes: [{ ...register, available: 'yes' }] });
    expect(remote?.available).toBe(false);
  });

  it('drops malformed entries instead of breaking the shell', () => {
    const remotes = parseManifest({
      remotes: [register, { name: 'mfe-bad name', path: '/x', entry: '/e.js' }, { name: 'mfe_x', path: 'no-slash', entry: '/e.js' }, null],
    });
    expect(remotes.map((remote) => remote.name)).toEqual(['mfe_register']);
  });

  it('gives no remote for a body that is not a manifest', () => {
    expect(parseManifest('<html>')).toEqual([]);
    expect(parseManifest(null)).toEqual([]);
  });
});

describe('routePatternFor', () => {
  it("mounts a remote's routes under its path", () => {
    expect(routePatternFor({ path: '/caisse' })).toBe('caisse/*');
    expect(routePatternFor({ path: '/comptabilite' })).toBe('comptabilite/*');
  });
});

describe('fetchManifest', () => {
  it('reads /remotes.json', async () => {
    const fetchImpl = vi.fn(async () => Response.json({ remotes: [register] }));

    await expect(fetchManifest(fetchImpl)).resolves.toEqual({ remotes: [register, registerAdmin, registerDashboard], failed: false });
    expect(fetchImpl).toHaveBeenCalledWith('/remotes.json', expect.anything());
  });

  it('reports a failure without throwing, so the shell still starts', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);

    await expect(fetchManifest(async () => new Response('', { status: 503 }))).resolves.toEqual({ remotes: [], failed: true });
    await expect(fetchManifest(async () => Promise.reject(new TypeError('Failed to fetch')))).resolves.toEqual({
      remotes: [],
      failed: true,
    });
  });
});

describe('extra modules (the register back office)', () => {
  it("mounts mfe_register/Admin at /gestion for admins only, from the register's own entry", () => {
    expect(withExtraModules([register, raffle])).toEqual([register, raffle, registerAdmin, registerDashboard]);
    expect(withExtraModules([raffle])).toEqual([raffle]);
  });

  it('registers each remote once with the federation runtime, available ones only', () => {
    expect(remoteEntries(withExtraModules([register, raffle]))).toEqual([{ name: 'mfe_register', entry: register.entry }]);
  });
});
