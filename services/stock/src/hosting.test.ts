/**
 * Two associations on one installation (docs/keys-per-association.md): both demos name the same
 * fair and the same products, and each gets its own demo levels; neither sees the other's stock.
 * Real Postgres, as the service's run-time role under row-level security.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventEnvelope } from '@kermesse/kit/bus';
import type { Db } from '@kermesse/kit/db';
import { startHostedDatabase, type HostedDatabase } from '@kermesse/kit/testing';
import { withAssociation } from '@kermesse/kit/tenancy';
import { migrations, schema } from '../migrations/index.ts';
import { handleProductChanged, learnEvent } from './consumers/catalogConsumers.ts';
import { DEMO_EVENT, seedDemo } from './demo.ts';
import { listStockLines } from './repositories/levels.ts';

const FERRY = '6f1c2a4e-1b7d-4c3e-9a51-0d2e8f3b7a11';
const COMITE = '0b9d7e52-3c8a-4f16-b2d4-7e6a1c9f5d22';

let db: Db;
let hosted: HostedDatabase | undefined;

beforeAll(async () => {
  hosted = await startHostedDatabase({ schema, migrations });
  db = hosted.db;
}, 60_000);

afterAll(() => hosted?.close());

const productChanged = (association: string, productId: number, eventId: number): EventEnvelope<'catalog.product.changed'> => ({
  id: randomUUID(),
  type: 'catalog.product.changed',
  version: 1,
  occurredAt: new Date().toISOString(),
  source: 'register',
  associationId: association,
  payload: { productId, name: 'Crêpe au sucre', priceCents: 250, categoryId: 1, categoryName: 'Desserts', active: true, eventId },
});

/** One association's demo fair: the demo levels seeded, then the register's event and its crêpe. */
function demoFair(association: string, eventId: number, productId: number) {
  return withAssociation(association, async () => {
    await seedDemo({ db });
    await db.transaction((trx) => learnEvent(trx, { id: eventId, name: DEMO_EVENT, startsOn: '2026-05-16' }));
    await db.transaction((trx) => handleProductChanged(productChanged(association, productId, eventId), trx));
  });
}

describe('two associations run the same demo fair apart', () => {
  it('gives each its own demo stock and shows each only its own lines', async () => {
    await demoFair(FERRY, 401, 4001);
    await demoFair(COMITE, 402, 4002);

    // The demo's crêpes: 100 in stock, alert at 20 — in both associations.
    // (awaited inside: a knex query runs when awaited, and must run in its association)
    const linesOf = (association: string, eventId: number) => withAssociation(association, async () => await listStockLines(db, eventId));
    const ferry = await linesOf(FERRY, 401);
    const comite = await linesOf(COMITE, 402);
    expect(ferry).toEqual([expect.objectContaining({ product_id: 4001, name: 'Crêpe au sucre', stock: 100, alert_threshold: 20 })]);
    expect(comite).toEqual([expect.objectContaining({ product_id: 4002, name: 'Crêpe au sucre', stock: 100, alert_threshold: 20 })]);
    // Neither sees the other's event.
    expect(await linesOf(FERRY, 402)).toEqual([]);
    expect(await linesOf(COMITE, 401)).toEqual([]);
  });

  it('shows nothing to a connection that names no association', async () => {
    expect(await db('levels').count<{ count: number }[]>('* as count')).toEqual([{ count: 0 }]);
    expect(await db('demo_levels').count<{ count: number }[]>('* as count')).toEqual([{ count: 0 }]);
  });
});
