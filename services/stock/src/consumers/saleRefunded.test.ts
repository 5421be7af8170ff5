/** sale.refunded on real Postgres and NATS: refunded product lines go back in stock exactly once. */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventPayloads } from '@kermesse/kit/bus';
import { eventually } from '@kermesse/kit/testing';
import { buildProduct, buildSale, levelAndLedger, startStockTestSystem, type StockTestSystem } from '../testSupport.ts';
import { refundNote } from './saleRefundedConsumer.ts';

let sys: StockTestSystem;
const EVENT = 31;

beforeAll(async () => {
  sys = await startStockTestSystem({ app: false });
  await sys.publish('catalog.event.created', { eventId: EVENT, name: 'Fête de fin d’année', startsOn: '2026-06-27' });
  for (const id of [301, 302]) await sys.publish('catalog.product.changed', buildProduct(id, `Produit ${id}`));
  await eventually(
    async () => (await sys.db('levels').where({ event_id: EVENT }).count<{ count: number }[]>('* as count'))[0]!.count === 2,
    15_000,
  );
}, 120_000);

afterAll(async () => {
  await sys?.stop();
});

function refundOf(
  sale: EventPayloads['sale.completed'],
  lines: Array<[productId: number, quantity: number]>,
): EventPayloads['sale.refunded'] {
  const refunded = lines.map(([productId, quantity]) => {
    const line = sale.lines.find((l) => l.productId === productId)!;
    return { ...line, quantity, totalCents: line.unitPriceCents * quantity };
  });
  return {
    refundId: randomUUID(),
    saleId: sale.saleId,
    reference: sale.reference,
    eventId: sale.eventId,
    checkoutId: sale.checkoutId,
    sessionId: 1,
    lines: refunded,
    tickets: [],
    bets: [],
    amountCents: refunded.reduce((sum, l) => sum + l.totalCents, 0),
    paymentMode: 2,
    reason: 'Produit abîmé',
    refundedBy: 'user-1',
    refundedAt: new Date().toISOString(),
  };
}

describe('sale.refunded', () => {
  it('puts the refunded quantities back once, even when the event is delivered again', async () => {
    const sale = buildSale(3001, EVENT, [
      [301, 5],
      [302, 2],
    ]);
    await sys.publish('sale.completed', sale);
    await eventually(async () => (await levelAndLedger(sys.db, EVENT, 301)).stock === -5, 15_000);

    // The donation line of the sale has no stock: only product lines move.
    const refund = refundOf(sale, [
      [301, 3],
      [-1, 1],
    ]);
    const envelope = await sys.publish('sale.refunded', refund);
    await eventually(async () => (await levelAndLedger(sys.db, EVENT, 301)).stock === -2, 15_000);

    // The same event delivered again (another message id: JetStream does not drop it), then a later refund.
    await sys.publishRaw(envelope, `${envelope.id}-again`);
    await sys.publish('sale.refunded', refundOf(sale, [[302, 1]]));
    await eventually(async () => (await levelAndLedger(sys.db, EVENT, 302)).stock === -1, 15_000);

    expect(await levelAndLedger(sys.db, EVENT, 301)).toEqual({ stock: -2, ledger: -2, movements: 2 });
    const movements = await sys
      .db('movements')
      .where({ event_id: EVENT, product_id: 301 })
      .orderBy('id')
      .select('kind', 'variation', 'note', 'sale_reference');
    expect(movements[1]).toEqual({ kind: 'correction', variation: 3, note: refundNote(sale.reference), sale_reference: sale.reference });
    const handled = await sys.db('inbox').where({ event_id: envelope.id }).count<{ count: number }[]>('* as count');
    expect(Number(handled[0]!.count)).toBe(1);
  });

  it('creates the level of a product it did not know yet (a refund before the catalog event)', async () => {
    const sale = buildSale(3002, EVENT, [[303, 2]]);
    await sys.publish('sale.refunded', refundOf(sale, [[303, 2]]));
    await eventually(async () => (await levelAndLedger(sys.db, EVENT, 303)).stock === 2, 15_000);
    await sys.publish('sale.completed', sale);
    await eventually(async () => (await levelAndLedger(sys.db, EVENT, 303)).stock === 0, 15_000);
  });
});
