/**
 * Ticket claims and sale confirmation on real Postgres and NATS JetStream: concurrent overlapping
 * claims, all-or-nothing, expiry, release, `sale.completed` delivered twice. Each test makes its own
 * raffles and baskets (the demo data has its own test: demo.test.ts).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, type RunningServer } from '@kermesse/kit/http';
import { eventually } from '@kermesse/kit/testing';
import { buildApp } from './app.ts';
import { expireClaims } from './commands/expireClaims.ts';
import {
  addBasketType,
  completedSale,
  createGiftBasket,
  createRaffle,
  logger,
  publishEvent,
  saleLines,
  startTestbed,
  type Testbed,
} from './testSupport.ts';

const EVENT_ID = 7;
let tb: Testbed;
let raffleId: number;
let basketId: number;
let typeA: number;
let typeB: number;

beforeAll(async () => {
  tb = await startTestbed({ nats: true, eventId: EVENT_ID });
  raffleId = await createRaffle(tb, { name: 'Tombola concurrente', tickets: 1000 });
  basketId = await createGiftBasket(tb, { name: 'Paniers concurrents' });
  typeA = await addBasketType(tb, basketId, { name: 'Panier A', price: 40 });
  typeB = await addBasketType(tb, basketId, { name: 'Panier B', price: 30 });
});

afterAll(async () => {
  await tb?.close();
});

const claim = (body: Record<string, unknown>) => tb.call('POST', '/internal/claims', { as: 'caissier', body });
const tickets = (...numbers: number[]) => numbers.map((number) => ({ raffleId, number }));
const soldNumbers = async () =>
  ((await (await tb.call('GET', `/api/cr/raffle/${raffleId}/tickets/sold`, { as: 'caissier' })).json()) as Array<{ number: number }>).map(
    (t) => t.number,
  );

/** A second app on the same database whose claims last `claimTtlMs`, and a POST to it as the cashier. */
async function startAppWithClaimTtl(claimTtlMs: number) {
  const server: RunningServer = await listen(
    await buildApp({ db: tb.db, logger, uploadsDir: tb.uploadsDir, claimTtlMs, verifier: tb.verifier }),
    0,
  );
  const post = (path: string, body: unknown) =>
    fetch(`http://127.0.0.1:${server.port}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${tb.tokens.caissier}` },
      body: JSON.stringify(body),
    });
  return { post, close: () => server.close() };
}

describe('ticket claims', () => {
  it('lets exactly one of many concurrent overlapping claims win each number, all or nothing', async () => {
    // 12 registers at once; claim i wants [100+i, 101+i, 102+i] and all want 999.
    const claims = Array.from({ length: 12 }, (_, i) => ({ claimId: randomUUID(), tickets: tickets(100 + i, 101 + i, 102 + i, 999) }));
    const answers = await Promise.all(claims.map((c) => claim(c)));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(11);
    const winner = claims[statuses.indexOf(201)]!;
    for (const [i, answer] of answers.entries()) {
      if (answer.status !== 409) continue;
      const body = (await answer.json()) as {
        error: string;
        code: string;
        details: { numbers: number[]; tickets: Array<{ number: number }> };
      };
      expect(body.code).toBe('TICKET_TAKEN');
      expect(body.details.numbers).toContain(999);
      expect(body.details.tickets.map((t) => t.number)).toContain(999);
      expect(body.error).toMatch(/^Ces? numéros? de tombola vien/);
      // Nothing of a refused claim is held.
      expect(await tb.db('tickets').where({ claim_id: claims[i]!.claimId }).count('* as n').first()).toEqual({ n: 0 });
    }
    const held: Array<{ number: number; claim_id: string }> = await tb
      .db('tickets')
      .where({ raffle_id: raffleId })
      .whereBetween('number', [100, 999])
      .select('number', 'claim_id');
    expect(held.map((h) => h.number).sort((a, b) => a - b)).toEqual(winner.tickets.map((t) => t.number));
    expect(new Set(held.map((h) => h.claim_id))).toEqual(new Set([winner.claimId]));
  });

  it('lets disjoint concurrent claims all win, and overlapping pairs split number by number', async () => {
    const disjoint = Array.from({ length: 8 }, (_, i) => ({ claimId: randomUUID(), tickets: tickets(300 + 2 * i, 301 + 2 * i) }));
    expect((await Promise.all(disjoint.map(claim))).map((r) => r.status)).toEqual(Array(8).fill(201));
    // Pairs of claims that share exactly one number: exactly one of each pair wins.
    const pairs = Array.from({ length: 6 }, (_, i) => [
      { claimId: randomUUID(), tickets: tickets(400 + 3 * i, 401 + 3 * i) },
      { claimId: randomUUID(), tickets: tickets(401 + 3 * i, 402 + 3 * i) },
    ]);
    const answers = await Promise.all(pairs.flat().map(claim));
    for (let i = 0; i < pairs.length; i += 1) {
      expect([answers[2 * i]!.status, answers[2 * i + 1]!.status].sort()).toEqual([201, 409]);
    }
  });

  it('answers the same claim sent again with 201 and the same expiry, and refuses a claimId reused for something else', async () => {
    const body = { claimId: randomUUID(), tickets: tickets(500, 501), bets: [] };
    const first = await claim(body);
    expect(first.status).toBe(201);
    const firstBody = (await first.json()) as { claimId: string; expiresAt: string };
    expect(firstBody.claimId).toBe(body.claimId);
    expect(Date.parse(firstBody.expiresAt) - Date.now()).toBeGreaterThan(9 * 60_000);
    const again = await claim({ ...body, tickets: tickets(501, 500) });
    expect(again.status).toBe(201);
    expect(await again.json()).toEqual(firstBody);
    const other = await claim({ ...body, tickets: tickets(502) });
    expect(other.status).toBe(409);
    expect(await other.json()).toEqual({
      error: 'Cette réservation existe déjà avec une autre sélection de tickets ou de paris.',
      code: 'CLAIM_MISMATCH',
    });
  });

  it('refuses bad claims in French without holding anything', async () => {
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ claimId: 'pas-un-uuid', tickets: tickets(1) }, 400, "Le champ « claimId » n'est pas au bon format (uuid)."],
      [{ claimId: randomUUID() }, 400, 'La réservation ne contient aucun ticket ni pari.'],
      [
        { claimId: randomUUID(), tickets: tickets(1001) },
        400,
        "Le numéro 1001 n'existe pas dans la tombola « Tombola concurrente » (numéros 1 à 1000).",
      ],
      [{ claimId: randomUUID(), tickets: [...tickets(5), ...tickets(5)] }, 400, 'Le numéro 5 est demandé deux fois.'],
      [{ claimId: randomUUID(), tickets: [{ raffleId: 999999, number: 1 }] }, 404, 'Tombola n° 999999 introuvable.'],
      [
        {
          claimId: randomUUID(),
          bets: [
            { giftBasketId: basketId, typeId: typeA, weight: 1200 },
            { giftBasketId: basketId, typeId: typeA, weight: 1200 },
          ],
        },
        400,
        'Ce pari a déjà été sélectionné.',
      ],
      [
        { claimId: randomUUID(), bets: [{ giftBasketId: basketId, typeId: typeA, weight: 0 }] },
        400,
        'Le champ « bets.0.weight » doit être supérieur ou égal à 1.',
      ],
      [
        { claimId: randomUUID(), bets: [{ giftBasketId: basketId, typeId: 999999, weight: 10 }] },
        400,
        `Le type de pari n° 999999 n'appartient pas au panier garni n° ${basketId}.`,
      ],
    ];
    for (const [body, status, error] of cases) {
      const res = await claim(body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(await res.json()).toMatchObject({ error });
    }
    expect((await tb.call('POST', '/internal/claims', { body: { claimId: randomUUID(), tickets: tickets(1) } })).status).toBe(401);
    expect(
      (await tb.call('POST', '/internal/claims', { as: 'benevole', body: { claimId: randomUUID(), tickets: tickets(1) } })).status,
    ).toBe(403);
    expect(await tb.db('tickets').where({ raffle_id: raffleId, number: 5 }).first()).toBeUndefined();
  });

  it('holds a bet weight once per gift basket, whatever the basket type (« Ce poids a déjà été choisi »)', async () => {
    const first = await claim({ claimId: randomUUID(), bets: [{ giftBasketId: basketId, typeId: typeA, weight: 2500 }] });
    expect(first.status).toBe(201);
    const sameWeightOtherType = await claim({
      claimId: randomUUID(),
      tickets: tickets(600),
      bets: [
        { giftBasketId: basketId, typeId: typeB, weight: 2500 },
        { giftBasketId: basketId, typeId: typeB, weight: 2501 },
      ],
    });
    expect(sameWeightOtherType.status).toBe(409);
    expect(await sameWeightOtherType.json()).toEqual({
      error: 'Ce poids a déjà été choisi : 2 kg 500 g. Choisissez-en un autre.',
      code: 'BET_TAKEN',
      details: { numbers: [], weights: [2500], tickets: [], bets: [{ giftBasketId: basketId, typeId: typeB, weight: 2500 }] },
    });
    // All or nothing: neither ticket 600 nor weight 2501 is held.
    expect(await soldNumbers()).not.toContain(600);
    expect(await tb.db('bets').where({ gift_basket_id: basketId, weight: 2501 }).first()).toBeUndefined();
    const votes = (await (await tb.call('GET', `/api/cr/gift-basket/${basketId}/votes/sold`, { as: 'caissier' })).json()) as Array<{
      weight: number;
    }>;
    expect(votes.map((v) => v.weight)).toContain(2500);
  });

  it('frees the numbers of a claim that expires, and of a claim released by the register', async () => {
    const shortLived = await startAppWithClaimTtl(300);
    try {
      const res = await shortLived.post('/internal/claims', { claimId: randomUUID(), tickets: tickets(700, 701) });
      expect(res.status).toBe(201);
      expect(await soldNumbers()).toEqual(expect.arrayContaining([700, 701]));
      const blocked = await claim({ claimId: randomUUID(), tickets: tickets(701) });
      expect(blocked.status).toBe(409);
      // Past its 300 ms the claim holds nothing any more.
      await eventually(async () => !(await soldNumbers()).includes(700));
      const retaken = await claim({ claimId: randomUUID(), tickets: tickets(700, 701) });
      expect(retaken.status).toBe(201);
    } finally {
      await shortLived.close();
    }

    const released = { claimId: randomUUID(), tickets: tickets(710) };
    expect((await claim(released)).status).toBe(201);
    expect((await tb.call('DELETE', `/internal/claims/${released.claimId}`, { as: 'caissier' })).status).toBe(204);
    expect((await tb.call('DELETE', `/internal/claims/${released.claimId}`, { as: 'caissier' })).status).toBe(204);
    expect(await soldNumbers()).not.toContain(710);
    expect((await claim({ claimId: randomUUID(), tickets: tickets(710) })).status).toBe(201);
  });

  it('never frees the numbers of a claim whose sale is committed, even past its lifetime and before sale.completed', async () => {
    // Claims that live 1 ms: only the register's confirmation keeps these numbers taken.
    const shortLived = await startAppWithClaimTtl(1);
    try {
      const sold = { claimId: randomUUID(), tickets: tickets(730, 731) };
      const abandoned = { claimId: randomUUID(), tickets: tickets(732) };
      expect((await shortLived.post('/internal/claims', sold)).status).toBe(201);
      expect((await shortLived.post('/internal/claims', abandoned)).status).toBe(201);
      expect((await shortLived.post(`/internal/claims/${sold.claimId}/confirm`, { saleId: 4242 })).status).toBe(204);
      expect((await shortLived.post(`/internal/claims/${sold.claimId}/confirm`, { saleId: 4242 })).status).toBe(204);
      await expireClaims(tb.db);
      const taken = await soldNumbers();
      expect(taken).toEqual(expect.arrayContaining([730, 731]));
      expect(taken).not.toContain(732);
      expect((await claim({ claimId: randomUUID(), tickets: tickets(731) })).status).toBe(409);
      // An expired claim can no longer be confirmed: its numbers may have gone to another register.
      const late = await shortLived.post(`/internal/claims/${abandoned.claimId}/confirm`, { saleId: 4243 });
      expect(late.status).toBe(409);
    } finally {
      await shortLived.close();
    }
  });

  it('sweeps expired claims for good', async () => {
    await tb.db('claims').insert({ claim_id: randomUUID(), fingerprint: 'x', status: 'held', expires_at: new Date(Date.now() - 1000) });
    await tb
      .db('tickets')
      .insert({ raffle_id: raffleId, number: 720, status: 'held', claim_id: null, expires_at: new Date(Date.now() - 1000) });
    expect(await expireClaims(tb.db)).toBeGreaterThanOrEqual(1);
    expect(await tb.db('tickets').where({ raffle_id: raffleId, number: 720 }).first()).toBeUndefined();
    expect(await tb.db('claims').where({ status: 'held' }).where('expires_at', '<', new Date()).first()).toBeUndefined();
  });
});

describe('sale.completed', () => {
  /** A card sale at register 2 confirming `claimId`: the tickets as one « 3 for 5 € » line, the bets, and two crêpes. */
  const salePayload = (saleId: number, claimId: string, numbers: number[], weights: Array<[number, number]> = []) =>
    completedSale({
      saleId,
      reference: `K-${saleId}`,
      eventId: EVENT_ID,
      checkoutId: 2,
      claimId,
      buyer: { personId: 31, firstname: 'Manon', lastname: 'Lefèvre', email: 'manon@example.org', phone: '0699887766' },
      lines: [
        {
          productId: 11,
          name: 'Ticket de tombola (3)',
          categoryId: 5,
          categoryName: 'Tombola',
          unitPriceCents: 500,
          quantity: 1,
          totalCents: 500,
          kind: 'raffle',
        },
        ...saleLines(0, weights.length),
        {
          productId: 3,
          name: 'Crêpe',
          categoryId: 1,
          categoryName: 'Buvette',
          unitPriceCents: 250,
          quantity: 2,
          totalCents: 500,
          kind: 'product',
        },
      ],
      tickets: tickets(...numbers),
      bets: weights.map(([typeId, weight]) => ({ giftBasketId: basketId, typeId, weight })),
      payments: [{ method: 'CB', amountCents: 1000, reference: 'TX-1' }],
      paymentMode: 3,
    });

  it('confirms the claim and records the ticket holders once, even when delivered twice', async () => {
    const claimId = randomUUID();
    expect(
      (await claim({ claimId, tickets: tickets(800, 801, 802), bets: [{ giftBasketId: basketId, typeId: typeB, weight: 1500 }] })).status,
    ).toBe(201);
    const payload = salePayload(4242, claimId, [800, 801, 802], [[typeB, 1500]]);
    const envelope = await publishEvent(tb, 'sale.completed', payload);
    // The same event again under another message id (JetStream cannot drop it): the inbox does.
    await publishEvent(tb, 'sale.completed', payload, envelope, randomUUID());
    // And a second event for the same sale: nothing is recorded twice either.
    await publishEvent(tb, 'sale.completed', payload);

    await eventually(async () => (await tb.db('inbox').where({ consumer: 'raffle-sale-completed' }).count('* as n').first())?.n === 2);
    const rows = await tb
      .db('tickets')
      .where({ raffle_id: raffleId, sale_id: 4242 })
      .orderBy('number')
      .select('number', 'status', 'sale_reference', 'firstname', 'lastname', 'email', 'phone', 'person_id');
    expect(rows).toEqual(
      [800, 801, 802].map((number) => ({
        number,
        status: 'sold',
        sale_reference: 'K-4242',
        firstname: 'Manon',
        lastname: 'Lefèvre',
        email: 'manon@example.org',
        phone: '0699887766',
        person_id: 31,
      })),
    );
    expect(await tb.db('raffle_sales').where({ sale_id: 4242 }).select('raffle_id', 'tickets', 'revenue_cents')).toEqual([
      { raffle_id: raffleId, tickets: 3, revenue_cents: 500 },
    ]);
    expect(await tb.db('claims').where({ claim_id: claimId }).first('status', 'sale_id')).toEqual({ status: 'confirmed', sale_id: 4242 });
    expect(await tb.db('bets').where({ gift_basket_id: basketId, weight: 1500 }).first('status', 'lastname')).toEqual({
      status: 'sold',
      lastname: 'Lefèvre',
    });
    expect(await tb.db('sale_conflicts').where({ sale_id: 4242 }).first()).toBeUndefined();
    // A confirmed claim cannot be released any more, and its sold numbers never expire.
    expect((await tb.call('DELETE', `/internal/claims/${claimId}`, { as: 'caissier' })).status).toBe(409);
    await tb
      .db('claims')
      .where({ claim_id: claimId })
      .update({ expires_at: new Date(Date.now() - 1000) });
    await expireClaims(tb.db);
    expect(await soldNumbers()).toEqual(expect.arrayContaining([800, 801, 802]));
    expect((await claim({ claimId: randomUUID(), tickets: tickets(801) })).status).toBe(409);
  });

  it('frees the numbers a claim held but the sale did not keep', async () => {
    const claimId = randomUUID();
    expect((await claim({ claimId, tickets: tickets(850, 851) })).status).toBe(201);
    await publishEvent(tb, 'sale.completed', salePayload(4243, claimId, [850]));
    await eventually(async () => (await tb.db('tickets').where({ raffle_id: raffleId, number: 850 }).first('status'))?.status === 'sold');
    expect(await tb.db('tickets').where({ raffle_id: raffleId, number: 851 }).first()).toBeUndefined();
  });

  it('refuses to close the sales while a register holds numbers, and closes once they are sold', async () => {
    const id = await createRaffle(tb, { name: 'Tombola à clore', tickets: 50 });
    const claimId = randomUUID();
    expect((await claim({ claimId, tickets: [{ raffleId: id, number: 9 }] })).status).toBe(201);
    const refused = await tb.call('POST', `/api/admin/raffle/${id}/close`, { as: 'admin' });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({
      error: '1 ticket(s) sont en cours de vente sur une caisse. Réessayez dans quelques instants.',
      code: 'TICKETS_BEING_SOLD',
    });
    await publishEvent(tb, 'sale.completed', { ...salePayload(4244, claimId, []), tickets: [{ raffleId: id, number: 9 }] });
    await eventually(async () => (await tb.call('POST', `/api/admin/raffle/${id}/close`, { as: 'admin' })).status === 200);
    const configured = await tb.db('outbox').where({ type: 'raffle.configured' }).orderBy('seq', 'desc').first('envelope');
    expect((configured as { envelope: { payload: { raffleId: number; salesOpen: boolean } } }).envelope.payload).toMatchObject({
      raffleId: id,
      salesOpen: false,
    });
  });
});
