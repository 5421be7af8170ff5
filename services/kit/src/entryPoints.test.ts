import { describe, expect, it } from 'vitest';
import { packagesLoadedBy } from './testing/index.ts';

const STORAGE = ['knex', 'pg', '@nats-io/transport-node', '@nats-io/jetstream', '@nats-io/nats-core'];

describe('kit entry points', () => {
  it('http and auth load neither knex, pg nor NATS', async () => {
    const loaded = await packagesLoadedBy(['@kermesse/kit/http', '@kermesse/kit/auth']);
    expect(loaded).toContain('koa');
    expect(loaded).toContain('jose');
    for (const heavy of STORAGE) expect(loaded).not.toContain(heavy);
  });

  it('db loads knex and pg, bus loads NATS and not knex (the detector sees them)', async () => {
    expect(await packagesLoadedBy(['@kermesse/kit/db'])).toEqual(expect.arrayContaining(['knex', 'pg']));
    const bus = await packagesLoadedBy(['@kermesse/kit/bus']);
    expect(bus).toContain('@nats-io/jetstream');
    expect(bus).not.toContain('knex');
  });
});
