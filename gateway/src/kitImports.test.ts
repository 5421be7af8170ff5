import { expect, it } from 'vitest';
import { packagesLoadedBy } from '@kermesse/kit/testing';

it('the gateway loads neither knex, pg nor NATS to serve requests (only the kit http and auth entry points)', async () => {
  const loaded = await packagesLoadedBy([new URL('./app.ts', import.meta.url).href, new URL('./server.ts', import.meta.url).href]);
  expect(loaded).toContain('koa');
  expect(loaded).toContain('undici');
  for (const heavy of ['knex', 'pg', '@nats-io/transport-node', '@nats-io/jetstream']) expect(loaded).not.toContain(heavy);
});
