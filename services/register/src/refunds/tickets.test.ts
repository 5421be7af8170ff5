/**
 * Refunding raffle tickets and gift-basket bets, with the real raffle service: the numbers
 * of the refunded lines are voided — the ones named, else the last of the sale — never more or other
 * than the sale's, and the raffle service (through NATS) keeps them sold-and-voided: not back on sale.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, ownerOf, type Db } from '@kermesse/kit/db';
import { eventually } from '@kermesse/kit/testing';
import { startRegisterHarness, type RegisterHarness } from '../testing/harness.ts';

let h: RegisterHarness;
let raffleId: number;
let basketId: number;
let gourmand: number;
let buyerId: number;
/** The raffle service's own tables, read as their owner: the register's role has no access to them. */
let raffleDb: Db;

beforeAll(async () => {
  h = await startRegisterHarness({ raffle: true });
  raffleDb = createDb(ownerOf(h.db)!.url, { poolMax: 1 });
  raffleId = await h.raffle.createRaffle({
    name: 'Tombola des remboursements',
    tickets: 200,
    price: [
      { nb: 1, p: 2 },
      { nb: 5, p: 8 },
    ],
  });
  const basket = await h.raffle.createGiftBasket({
    name: 'Panier remboursé',
    price: [{ nb: 1, p: 2 }],
    types: [{ name: 'Panier gourmand', price: 30 }],
  });
  basketId = basket.id;
  gourmand = basket.types[0]!.id;
  await eventually(
    async () =>
      (await h.db('products as p').join('categories as c', 'c.id', 'p.category_id').where('c.gift_basket_id', basketId)).length === 1,
  );
  buyerId = (
    await h.request('POST', '/api/cr/users/create', { body: { email: 'remi.blanc@example.org', firstName: 'Rémi', lastName: 'Blanc' } })
  ).body.data.user.id;
}, 180_000);

afterAll(async () => {
  await raffleDb?.destroy();
  await h?.close();
});

const ticketProduct = async (owner: 'raffle_id' | 'gift_basket_id', id: number, nb: number) =>
  (
    await h
      .db('products as p')
      .join('categories as c', 'c.id', 'p.category_id')
      .where(`c.${owner}`, id)
      .andWhere('p.tier_nb', nb)
      .first('p.id')
  ).id as number;

const refund = (reference: string, body: Record<string, unknown>) =>
  h.request('POST', `/api/cr/sale/${reference}/refund`, { who: 'admin', body: { reason: 'Acheteur parti', payment_mode: 2, ...body } });

const raffleTickets = async () =>
  (
    await raffleDb.raw('select number, status, voided_at is not null as voided from raffle.tickets where raffle_id = ? order by number', [
      raffleId,
    ])
  ).rows as Array<{ number: number; status: string; voided: boolean }>;

describe('refunding tickets and bets', () => {
  it('voids the last numbers by default, the named ones otherwise, and the raffle service keeps them out of sale', async () => {
    const one = await ticketProduct('raffle_id', raffleId, 1);
    const five = await ticketProduct('raffle_id', raffleId, 5);
    const bet = await ticketProduct('gift_basket_id', basketId, 1);
    const sold = await h.request('POST', '/api/cr/sale/create', {
      body: {
        sale: {
          checkoutId: h.checkoutId,
          eventId: h.eventId,
          personId: buyerId,
          paymentMode: 2,
          payments: [],
          cart: [
            { product: { id: one }, quantity: 2 },
            { product: { id: five }, quantity: 1 },
            { product: { id: bet }, quantity: 1 },
          ],
          raffleId,
          raffles: [1, 2, 3, 4, 5, 6, 7],
          giftBasketsId: basketId,
          giftBaskets: [{ weight: 4000, type: { id: gourmand } }],
        },
      },
    });
    expect(sold.status).toBe(201);
    const reference = sold.body.sale.reference as string;

    // One single ticket: the highest number of the sale goes.
    const first = await refund(reference, { lines: [{ productId: one, quantity: 1 }] });
    expect(first).toMatchObject({ status: 201, body: { refund: { amount: 2, tickets: [7], bets: [] } } });

    // The five-ticket line: exactly five numbers of the sale, not voided yet.
    expect(await refund(reference, { lines: [{ productId: five, quantity: 1 }], tickets: [1, 2, 3] })).toMatchObject({
      status: 400,
      body: { error: 'Indiquez exactement 5 numéro(s) de tombola à annuler.', code: 'TICKETS_COUNT' },
    });
    expect(await refund(reference, { lines: [{ productId: five, quantity: 1 }], tickets: [1, 2, 3, 4, 7] })).toMatchObject({
      status: 400,
      body: { error: "Le numéro 7 n'appartient pas à cette vente ou est déjà annulé.", code: 'TICKET_NOT_IN_SALE' },
    });
    const second = await refund(reference, { lines: [{ productId: five, quantity: 1 }], tickets: [5, 4, 3, 2, 1] });
    expect(second).toMatchObject({ status: 201, body: { refund: { amount: 8, tickets: [1, 2, 3, 4, 5] } } });

    const third = await refund(reference, { lines: [{ productId: bet, quantity: 1 }] });
    expect(third).toMatchObject({ status: 201, body: { refund: { amount: 2, bets: [{ typeId: gourmand, weight: 4000 }] } } });
    const event = (
      await h
        .db('outbox')
        .where({ type: 'sale.refunded' })
        .whereRaw("envelope->'payload'->>'refundId' = ?", [third.body.refund.id])
        .first('envelope')
    ).envelope;
    expect(event.payload.bets).toEqual([{ giftBasketId: basketId, typeId: gourmand, weight: 4000 }]);

    // The raffle service voided them through NATS; they stay sold (taken), never back on sale.
    await eventually(async () => (await raffleTickets()).filter((t) => t.voided).length === 6, 20_000);
    expect(await raffleTickets()).toEqual([1, 2, 3, 4, 5, 6, 7].map((number) => ({ number, status: 'sold', voided: number !== 6 })));
    await eventually(
      async () =>
        ((await raffleDb.raw('select voided_at from raffle.bets where gift_basket_id = ? and weight = 4000', [basketId])).rows[0]
          ?.voided_at ?? null) !== null,
      20_000,
    );
    expect(await h.raffle.takenNumbers(raffleId)).toEqual(expect.arrayContaining([1, 2, 3, 4, 5, 6, 7]));

    // The receipt page names the voided numbers.
    const page = await h.request('GET', `/s/${reference}`, { who: null });
    expect(page.text).toContain('Tickets annulés : n° 7');
    expect(page.text).toContain('Tickets annulés : n° 1, n° 2, n° 3, n° 4, n° 5');
    expect(page.text).toContain('Paris annulés : 4 kg 000 g');
  });
});
