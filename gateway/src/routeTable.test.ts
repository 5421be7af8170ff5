import { describe, expect, it } from 'vitest';
import { compileRoutes, isAllowed } from './routeTable.ts';

const match = compileRoutes();

describe('route table matching', () => {
  it.each([
    ['/api/cr/events', 'register'],
    ['/api/cr', 'register'],
    ['/api/cr/raffle/1/tickets/sold', 'raffle'],
    ['/api/cr/raffles', 'register'],
    ['/api/cr/gift-basket/2/types', 'raffle'],
    ['/api/cr/stocks/1/stocks/state', 'stock'],
    ['/api/admin/raffle/1/drawing', 'raffle'],
    ['/api/admin/raffles/1/prizes', 'raffle'],
    ['/api/admin/accountancy/bilan-des-comptes/2024', 'accounting'],
    ['/admin/bingo/prize/api/prize/3', 'bingo'],
    ['/admin-bingo/api/bingo/1/reserve', 'bingo'],
    ['/admin/security/user/4/devices/add', 'identity'],
    ['/login/options', 'identity'],
    ['/api/token/release', 'identity'],
  ])('%s → %s (longest prefix, whole segments)', (path, service) => {
    expect(match(path)?.service).toBe(service);
  });

  it.each(['/api/crx', '/api/loginx', '/admin', '/admin/other', '/internal/tokens/1', '/.well-known/jwks.json', '/', '/caisse'])(
    '%s matches nothing',
    (path) => {
      expect(match(path)).toBeUndefined();
    },
  );

  it('lets admin in everywhere and others only where listed', () => {
    const accounting = match('/api/admin/accountancy/trial-balance')!;
    expect(isAllowed(accounting, ['admin'])).toBe(true);
    expect(isAllowed(accounting, ['treasurer'])).toBe(true);
    expect(isAllowed(accounting, ['cashier', 'volunteer'])).toBe(false);
    expect(isAllowed(accounting, [])).toBe(false);
  });

  it('refuses a malformed prefix', () => {
    expect(() =>
      compileRoutes([{ prefix: '/api/x/', service: 'stock', area: 'admin', roles: ['admin'], sample: { method: 'GET', path: '/api/x/' } }]),
    ).toThrow();
  });
});
