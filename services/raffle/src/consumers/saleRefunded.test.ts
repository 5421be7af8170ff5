/**
 * sale.refunded on real Postgres and NATS: the refunded tickets and bets are voided exactly once,
 * stay sold (never back on sale), and the drawing and the basket weighing leave them out.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EventPayloads } from '@kermesse/kit/bus';
import { eventually } from '@kermesse/kit/testing';
import { basketSalesFigures } from '../repositories/giftBaskets.ts';
import { salesFigures } from '../repositories/raffles.ts';
import {
  addBasketType,
  addPrize,
  completedSale,
  createGiftBasket,
  createRaffle,
  publishEvent,
  saleLines,
  startTestbed,
  type Testbed,
} from '../testSupport.ts';

const EVENT_ID = 61;
let tb: Testbed;
let raffleId: number;
let basketId: number;
let typeId: number;

beforeAll(async () => {
  tb = await startTestbed({ nats: true, eventId: EVENT_ID });
  raffleId = await createRaffle(tb, { name: 'Tombola remboursée', eventId: EVENT_ID });
  await addPrize(tb, raffleId, { name: 'Vélo', rank: 1, price: 300, quantity: 1 });
  basketId = await createGiftBasket(tb, { name: 'Panier remboursé', eventId: EVENT_ID });
  typeId = await addBasketType(tb, basketId, { name: 'Panier gourmand', price: 40 });
}, 120_000);

afterAll(async () => {
  await tb?.close();
});

/** What a sale sold (or a refund gives back): these numbers of the raffle, these weights on the basket, 2 € each. */
const items = (numbers: number[], weights: number[]) => ({
  lines: saleLines(numbers.length, weights.length),
  tickets: numbers.map((number) => ({ raffleId, number })),
  bets: weights.map((weight) => ({ giftBasketId: basketId, typeId, weight })),
});

const sale = (saleId: number, numbers: number[], weights: number[]) =>
  completedSale({
    saleId,
    reference: `R-${saleId}`,
    eventId: EVENT_ID,
    buyer: { personId: 7, firstname: 'Jules', lastname: 'Petit', email: null, phone: null },
    ...items(numbers, weights),
  });

const refund = (saleId: number, numbers: number[], weights: number[]): EventPayloads['sale.refunded'] => ({
  refundId: randomUUID(),
  saleId,
  reference: `R-${saleId}`,
  eventId: EVENT_ID,
  checkoutId: 1,
  sessionId: 1,
  ...items(numbers, weights),
  amountCents: 200 * (numbers.length + weights.length),
  paymentMode: 2,
  reason: 'Erreur de caisse',
  refundedBy: 'u-1',
  refundedAt: new Date().toISOString(),
});

const voided = async () => ({
  tickets: await tb.db('tickets').where({ raffle_id: raffleId }).whereNotNull('voided_at').orderBy('number').select('number', 'status'),
  bets: await tb.db('bets').where({ gift_basket_id: basketId }).whereNotNull('voided_at').orderBy('weight').select('weight', 'status'),
});

describe('sale.refunded in the raffle service', () => {
  it('voids the named tickets and bets once (a redelivery changes nothing); they stay sold and the drawing excludes them', async () => {
    await publishEvent(tb, 'sale.completed', sale(6001, [10, 11, 12], [2500, 3100]));
    await eventually(async () => (await tb.db('tickets').where({ raffle_id: raffleId, sale_id: 6001 })).length === 3, 15_000);
    await eventually(async () => (await tb.db('bets').where({ gift_basket_id: basketId, sale_id: 6001 })).length === 2, 15_000);

    const envelope = await publishEvent(tb, 'sale.refunded', refund(6001, [11, 12], [3100]));
    await eventually(async () => (await voided()).tickets.length === 2, 15_000);
    await publishEvent(tb, 'sale.refunded', refund(6001, [11, 12], [3100]), envelope, `${envelope.id}-again`);

    // A refund handled before its sale's own event (two consumers): the numbers are sold to that sale, voided.
    await publishEvent(tb, 'sale.refunded', refund(6002, [20], []));
    await eventually(async () => (await voided()).tickets.length === 3, 15_000);
    await publishEvent(tb, 'sale.completed', sale(6002, [20, 21], []));
    await eventually(async () => (await tb.db('tickets').where({ raffle_id: raffleId, sale_id: 6002 })).length === 2, 15_000);

    expect(await voided()).toEqual({
      tickets: [
        { number: 11, status: 'sold' },
        { number: 12, status: 'sold' },
        { number: 20, status: 'sold' },
      ],
      bets: [{ weight: 3100, status: 'sold' }],
    });
    expect(Number((await tb.db('inbox').where({ event_id: envelope.id }).count<{ count: number }[]>('* as count'))[0]!.count)).toBe(1);
    expect(await tb.db('tickets').where({ raffle_id: raffleId, number: 20 }).first('firstname', 'voided_by_refund')).toMatchObject({
      firstname: 'Jules',
      voided_by_refund: expect.any(String),
    });
    expect(await tb.db('sale_conflicts').where('kind', 'like', 'refund-%')).toHaveLength(0);

    // The organiser's figures count what was kept: 2 tickets sold of 5 at 2 €, 1 bet of 2.
    const figures = await tb.db('raffle_sales').where({ raffle_id: raffleId }).sum({ cents: 'revenue_cents' });
    expect(Number(figures[0]!.cents)).toBe(1000);
    expect(await salesFigures(tb.db, raffleId)).toMatchObject({ sold: 2, revenueCents: 400 });
    expect(await basketSalesFigures(tb.db, basketId)).toEqual({ sold: 1, revenueCents: 200 });

    // Voided numbers are not back on sale: the register's picker still sees them taken.
    const taken = (await (await tb.call('GET', `/api/cr/raffle/${raffleId}/tickets/sold`, { as: 'caissier' })).json()) as Array<{
      number: number;
    }>;
    expect(taken.map((t) => t.number)).toEqual(expect.arrayContaining([11, 12, 20]));

    // The drawing's list of tickets leaves them out; the basket weighing too.
    expect((await tb.call('POST', `/api/admin/raffle/${raffleId}/close`, { as: 'admin' })).status).toBe(200);
    const { committed_tickets: committed } = await tb.db('raffles').where({ id: raffleId }).first('committed_tickets');
    expect(committed).toEqual([10, 21]);
    await tb.call('POST', `/api/admin/gift-basket/${basketId}/weigh`, { as: 'admin', body: { typeId, weight: 3100 } });
    // The voided bet of exactly 3,100 g does not win: the closest bet still in play (2,500 g) does.
    const result = (await (await tb.call('GET', `/api/admin/gift-basket/${basketId}/weigh/result`, { as: 'admin' })).json()) as {
      data: Array<{ result: { weigh: number } | null }>;
    };
    expect(result.data.map((d) => d.result?.weigh)).toEqual([2500]);
  });
});
