/**
 * Prize costs reach accounting: every change of a raffle's prizes (added, cost corrected, removed)
 * publishes `raffle.configured` on real NATS with the raffle's prizes and their costs as they now are.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EventConsumer, type EventEnvelope } from '@kermesse/kit/bus';
import { eventually } from '@kermesse/kit/testing';
import { addPrize, collectEvents, createRaffle, startTestbed, type Testbed } from './testSupport.ts';

const EVENT_ID = 52;
let tb: Testbed;
let consumer: EventConsumer;
const received: Array<EventEnvelope<'raffle.configured'>> = [];

beforeAll(async () => {
  tb = await startTestbed({ eventId: EVENT_ID, nats: true });
  consumer = await collectEvents(tb, 'raffle.configured', 'test-raffle-prize-costs', received);
});

afterAll(async () => {
  await consumer?.stop();
  await tb?.close();
});

const latest = (raffleId: number) => received.filter((e) => e.payload.raffleId === raffleId).at(-1)?.payload;

describe('raffle prize costs on the bus', () => {
  it('publishes the prizes with their costs when a prize is added, its cost corrected, and removed', async () => {
    const raffleId = await createRaffle(tb, { name: 'Tombola des lots' });
    const bikeId = (await addPrize(tb, raffleId, { name: 'Vélo', weight: 1, price: 150, cost: '80,50', quantity: 1 })).id;
    const wineId = (await addPrize(tb, raffleId, { name: 'Coffret de vin', weight: 2, price: 30, cost: 12, quantity: 3 })).id;
    await eventually(() => latest(raffleId)?.prizes?.length === 2);
    expect(latest(raffleId)).toMatchObject({
      raffleId,
      eventId: EVENT_ID,
      name: 'Tombola des lots',
      prizes: [
        { id: bikeId, name: 'Vélo', quantity: 1, costCents: 8050 },
        { id: wineId, name: 'Coffret de vin', quantity: 3, costCents: 1200 },
      ],
    });

    // The cost of the bike is corrected: the new state is published, the other prize unchanged.
    const prize = (await (await tb.call('GET', `/api/admin/prizes/${bikeId}`, { as: 'admin' })).json()) as Record<string, unknown>;
    const put = await tb.call('PUT', `/api/admin/prizes/${bikeId}`, { as: 'admin', body: { ...prize, cost: 95 } });
    expect(put.status).toBe(200);
    await eventually(() => latest(raffleId)?.prizes?.find((p) => p.id === bikeId)?.costCents === 9500);
    expect(latest(raffleId)!.prizes).toEqual([
      { id: bikeId, name: 'Vélo', quantity: 1, costCents: 9500 },
      { id: wineId, name: 'Coffret de vin', quantity: 3, costCents: 1200 },
    ]);

    // A refused correction publishes nothing new.
    const before = received.length;
    const refused = await tb.call('PUT', `/api/admin/prizes/${bikeId}`, { as: 'admin', body: { ...prize, cost: -1 } });
    expect(refused.status).toBe(400);
    // A value past the ceiling (and past an integer of cents) is refused in French before any SQL.
    for (const body of [
      { ...prize, price: 30000000 },
      { ...prize, cost: '30 000 000,00' },
    ]) {
      const tooMuch = await tb.call('PUT', `/api/admin/prizes/${bikeId}`, { as: 'admin', body });
      expect(tooMuch.status).toBe(400);
      expect(await tooMuch.json()).toMatchObject({
        error: expect.stringMatching(/ne peut dépasser 1\u202f000\u202f000,00\u00a0€\.$/),
        code: 'VALIDATION',
      });
    }

    expect((await tb.call('DELETE', `/api/admin/prizes/${wineId}`, { as: 'admin' })).status).toBe(200);
    await eventually(() => latest(raffleId)?.prizes?.length === 1);
    expect(latest(raffleId)!.prizes).toEqual([{ id: bikeId, name: 'Vélo', quantity: 1, costCents: 9500 }]);
    expect(received.length).toBe(before + 1);
  });
});
