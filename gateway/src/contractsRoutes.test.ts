/**
 * The route table comes from the contracts without their schemas: the gateway loads each
 * contract's `gateway.ts` list, never TypeBox nor a service's storage.
 */
import { describe, expect, it } from 'vitest';
import { packagesLoadedBy } from '@kermesse/kit/testing';
import { ROUTES } from './routeTable.ts';

describe('the route table from the contracts', () => {
  it('loads no schema library and no storage', async () => {
    const loaded = await packagesLoadedBy(['@kermesse/gateway/routes']);
    expect(loaded).toContain('koa');
    for (const heavy of ['@sinclair/typebox', 'knex', 'pg', '@nats-io/jetstream']) expect(loaded).not.toContain(heavy);
  });

  it('gives every prefix one service, whichever contract lists it', () => {
    const prefixes = ROUTES.map((route) => route.prefix);
    expect(new Set(prefixes).size).toBe(prefixes.length);
    expect(ROUTES.find((route) => route.prefix === '/api/cr/raffle')?.service).toBe('raffle');
    expect(ROUTES.find((route) => route.prefix === '/api/cr')?.service).toBe('register');
    expect(ROUTES.find((route) => route.prefix === '/api/login')).toMatchObject({ service: 'identity', roles: 'public' });
  });
});
