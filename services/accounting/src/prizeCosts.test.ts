/**
 * « Résultat de la fête » counts the prize costs that raffle (`raffle.configured`,
 * `giftbasket.configured`) and bingo (`bingo.configured`) publish, on real NATS: by origin, beside
 * the purchases entered, in the JSON, the CSV and the result. The latest state of a raffle, basket
 * or night wins; an event delivered twice or late changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildEnvelope } from '@kermesse/kit/bus';
import { eventually } from '@kermesse/kit/testing';
import type { FairResult } from '@kermesse/contracts-accounting';
import { buildSale, startAccountingTestSystem, type AccountingTestSystem } from './testSupport.ts';

const FAIR = 5;
const OTHER = 6;
let sys: AccountingTestSystem;

beforeAll(async () => {
  sys = await startAccountingTestSystem();
  await sys.publish('catalog.event.created', { eventId: FAIR, name: 'Fête des écoles', startsOn: '2026-06-20' });
  await sys.publish('catalog.event.created', { eventId: OTHER, name: 'Marché de Noël', startsOn: '2026-12-12' });
  await sys.publish(
    'sale.completed',
    buildSale(501, [['product', 'Buvette', 40000]], { eventId: FAIR, completedAt: '2026-06-20T15:00:00.000Z' }),
  );
});

afterAll(async () => {
  await sys?.stop();
});

const result = async (eventId: number): Promise<FairResult> => {
  const res = await sys.request(`/api/admin/accountancy/events/${eventId}/result`);
  expect(res.status).toBe(200);
  return (await res.json()) as FairResult;
};
const bySource = (r: FairResult) => Object.fromEntries(r.costs.bySource.map((c) => [c.label, c.amount]));

const BIKE = { id: 1, name: 'Vélo', quantity: 1, costCents: 8050 };
const WINE = { id: 2, name: 'Coffret de vin', quantity: 3, costCents: 1200 };

describe('prize costs in « Résultat de la fête »', () => {
  it('counts the raffle, gift-basket and loto prizes published, by origin, beside the purchases', async () => {
    await sys.publish(
      'raffle.configured',
      {
        raffleId: 3,
        eventId: FAIR,
        name: 'Grande tombola',
        totalTickets: 500,
        tiers: [{ nb: 1, priceCents: 200 }],
        salesOpen: true,
        prizes: [BIKE, WINE],
      },
      'raffle',
    );
    await sys.publish(
      'giftbasket.configured',
      {
        giftBasketId: 4,
        eventId: FAIR,
        name: 'Paniers garnis',
        tiers: [{ nb: 1, priceCents: 100 }],
        types: [
          { id: 1, name: 'Panier gourmand', priceCents: 6500 },
          { id: 2, name: 'Panier bien-être', priceCents: 4500 },
        ],
      },
      'raffle',
    );
    await sys.publish(
      'bingo.configured',
      {
        bingoId: 9,
        eventId: FAIR,
        name: 'Loto de la fête',
        heldOn: '2026-06-20',
        prizes: [{ id: 1, name: 'Téléviseur', quantity: 1, costCents: 19990 }],
      },
      'bingo',
    );
    // Another event's raffle is not this fair's cost.
    await sys.publish(
      'raffle.configured',
      {
        raffleId: 8,
        eventId: OTHER,
        name: 'Tombola de Noël',
        totalTickets: 100,
        tiers: [],
        prizes: [{ id: 9, name: 'Sapin', quantity: 1, costCents: 3000 }],
      },
      'raffle',
    );
    const purchase = await sys.request(`/api/admin/accountancy/events/${FAIR}/purchases`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ label: 'Gobelets', amount: '12,30', date: '2026-06-18' }),
    });
    expect(purchase.status).toBe(201);

    const fair = await eventually(async () => {
      const r = await result(FAIR);
      return r.sales === 1 && r.costs.prizes.length === 3 ? r : null;
    });
    expect(fair.costs.bySource).toEqual([
      { source: 'raffle', label: 'Lots de tombola', amount: 116.5 },
      { source: 'giftbasket', label: 'Lots de paniers garnis', amount: 110 },
      { source: 'bingo', label: 'Lots du loto', amount: 199.9 },
      { source: 'purchases', label: 'Achats saisis', amount: 12.3 },
    ]);
    expect(fair.costs.prizes).toEqual([
      { source: 'raffle', label: 'Lots de tombola', name: 'Grande tombola', prizes: 4, amount: 116.5 },
      { source: 'giftbasket', label: 'Lots de paniers garnis', name: 'Paniers garnis', prizes: 2, amount: 110 },
      { source: 'bingo', label: 'Lots du loto', name: 'Loto de la fête', prizes: 1, amount: 199.9 },
    ]);
    // 400 − (116,50 + 110 + 199,90 + 12,30) = −38,70
    expect(fair).toMatchObject({ revenue: { total: 400 }, costs: { total: 438.7 }, result: -38.7 });
    expect(bySource(await result(OTHER))).toEqual({
      'Lots de tombola': 30,
      'Lots de paniers garnis': 0,
      'Lots du loto': 0,
      'Achats saisis': 0,
    });

    const csv = await (await sys.request(`/api/admin/accountancy/events/${FAIR}/result?format=csv`)).text();
    expect(csv).toContain('Dépenses par origine;;Montant');
    expect(csv).toContain('Lots de tombola;;116,50');
    expect(csv).toContain('Lots de paniers garnis;;110,00');
    expect(csv).toContain('Lots du loto;;199,90');
    expect(csv).toContain('Achats saisis;;12,30');
    expect(csv).toContain('Grande tombola (4 lots);Lots de tombola;116,50');
    expect(csv).toContain('Total des dépenses;;438,70');
    expect(csv).toContain('Résultat;;-38,70');
  });

  it('keeps the latest state: a changed cost replaces the old one, a late or repeated event changes nothing', async () => {
    // The bike's cost is corrected to 95 € and the wine removed: 95 €.
    const newer = await sys.publish(
      'raffle.configured',
      {
        raffleId: 3,
        eventId: FAIR,
        name: 'Grande tombola',
        totalTickets: 500,
        tiers: [{ nb: 1, priceCents: 200 }],
        prizes: [{ ...BIKE, costCents: 9500 }],
      },
      'raffle',
    );
    await eventually(async () => bySource(await result(FAIR))['Lots de tombola'] === 95);

    // An older state delivered late, and the newer one delivered again under another message id.
    const stale = buildEnvelope('raffle', 'raffle.configured', {
      raffleId: 3,
      eventId: FAIR,
      name: 'Grande tombola',
      totalTickets: 500,
      tiers: [],
      prizes: [BIKE, WINE],
    });
    stale.occurredAt = new Date(Date.parse(newer.occurredAt) - 60_000).toISOString();
    await sys.publishRaw(stale, stale.id);
    await sys.publishRaw(newer, `${newer.id}-again`);
    // A bingo change goes through meanwhile; the stale raffle event is awaited in the inbox (handled, changing nothing).
    await sys.publish(
      'bingo.configured',
      {
        bingoId: 9,
        eventId: OTHER,
        name: 'Loto de la fête',
        heldOn: '2026-06-20',
        prizes: [{ id: 1, name: 'Téléviseur', quantity: 1, costCents: 15000 }],
      },
      'bingo',
    );
    await eventually(async () => bySource(await result(OTHER))['Lots du loto'] === 150);
    await eventually(async () => (await sys.db('inbox').where({ event_id: stale.id }).first()) !== undefined);

    const fair = await result(FAIR);
    expect(bySource(fair)).toEqual({ 'Lots de tombola': 95, 'Lots de paniers garnis': 110, 'Lots du loto': 0, 'Achats saisis': 12.3 });
    expect(fair.costs.total).toBe(217.3);
    expect(fair.result).toBe(182.7);
  });
});
