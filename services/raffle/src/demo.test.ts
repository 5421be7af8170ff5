/**
 * The raffle service's demo data on real Postgres and NATS, in a test bed of its own (the other tests
 * make their own raffles): seeded once however often it runs, attached to the register's demo fair
 * when that is announced, then published for the registers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '@kermesse/kit/testing';
import { DEMO_EVENT_NAME, DEMO_RAFFLE, seedDemo } from './demo.ts';
import { publishEvent, startTestbed, type Testbed } from './testSupport.ts';

let tb: Testbed;

beforeAll(async () => {
  tb = await startTestbed({ nats: true });
});

afterAll(async () => {
  await tb?.close();
});

describe('demo data and the register event', () => {
  it('seeds once, then attaches the demo raffle and baskets to « Kermesse de printemps » when the register announces it, and publishes them', async () => {
    await seedDemo({ db: tb.db });
    await seedDemo({ db: tb.db });
    const raffles = await tb.db('raffles').where({ name: DEMO_RAFFLE }).select('id', 'event_id', 'total_tickets');
    expect(raffles).toHaveLength(1);
    expect(raffles[0]).toMatchObject({ event_id: null, total_tickets: 1000 });
    const demoId = raffles[0]!.id as number;
    expect((await tb.db('prizes').where({ raffle_id: demoId }).count('* as n').first())?.n).toBe(12);

    await publishEvent(tb, 'catalog.event.created', { eventId: 77, name: DEMO_EVENT_NAME, startsOn: '2026-05-16' });
    await eventually(async () => (await tb.db('raffles').where({ id: demoId }).first('event_id'))?.event_id === 77);
    const published = await eventually(async () => {
      const rows = await tb
        .db('outbox')
        .whereNotNull('published_at')
        .whereIn('type', ['raffle.configured', 'giftbasket.configured'])
        .select('envelope');
      const payloads = rows.map((r: { envelope: { payload: Record<string, unknown> } }) => r.envelope.payload);
      return payloads.filter((p) => p.eventId === 77).length === 2 ? payloads.filter((p) => p.eventId === 77) : null;
    });
    expect(published).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          raffleId: demoId,
          totalTickets: 1000,
          tiers: [
            { nb: 1, priceCents: 200 },
            { nb: 3, priceCents: 500 },
            { nb: 10, priceCents: 1500 },
          ],
          salesOpen: true,
        }),
        expect.objectContaining({
          name: 'Paniers garnis de la kermesse',
          tiers: [
            { nb: 1, priceCents: 200 },
            { nb: 3, priceCents: 500 },
          ],
          types: [
            expect.objectContaining({ name: 'Panier gourmand', priceCents: 6500 }),
            expect.objectContaining({ name: 'Panier bien-être', priceCents: 4500 }),
          ],
        }),
      ]),
    );
    const sold = ((await (await tb.call('GET', `/api/cr/raffle/${demoId}/tickets/sold`, { as: 'caissier' })).json()) as unknown[]).length;
    expect(sold).toBe(28);
  });
});
