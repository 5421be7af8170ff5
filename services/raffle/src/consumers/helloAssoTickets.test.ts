/**
 * HelloAsso's tickets at the gate, on real Postgres and NATS (docs/gate.md §1, docs/helloasso.md §6):
 * an event ticket the accounting service announces becomes one pre-sold ticket with its signed code,
 * however often it is announced; « Contrôle à l'entrée » lets it in once; refunded on HelloAsso, it is
 * cancelled and the gate no longer knows it.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildEnvelope, type EventPayloads } from '@kermesse/kit/bus';
import { eventually } from '@kermesse/kit/testing';
import type { GateCheckResult, GateList, IssuedGatePasses } from '@kermesse/contracts-raffle';
import { json, publishEvent, startTestbed, type Testbed } from '../testSupport.ts';

const EVENT_ID = 71;
let tb: Testbed;

beforeAll(async () => {
  tb = await startTestbed({ nats: true, eventId: EVENT_ID });
}, 120_000);

afterAll(async () => {
  await tb?.close();
});

const sold = (itemId: number, holder: string): EventPayloads['helloasso.ticket.sold'] => ({
  itemId,
  orderId: 2001,
  eventId: EVENT_ID,
  holder,
  label: 'Entrée adulte',
  quantity: 1,
});
const passes = async () =>
  (await json<IssuedGatePasses>(await tb.call('GET', `/api/admin/gate/events/${EVENT_ID}/passes`, { as: 'admin' }))).items;
const check = async (code: string, device = 'Téléphone de Léa') => {
  const res = await tb.call('POST', '/api/volunteer/gate/check', {
    as: 'benevole',
    body: { eventId: EVENT_ID, code, device, scanId: randomUUID() },
  });
  expect(res.status).toBe(200);
  return json<GateCheckResult>(res);
};

describe('HelloAsso tickets at the gate', () => {
  it('become one signed pre-sold ticket each, however often announced, let in once', async () => {
    const first = sold(7001, 'Chloé Garnier');
    // The same announcement twice (a redelivery), and once more under another id (the import run again).
    const envelope = buildEnvelope('accounting', 'helloasso.ticket.sold', first);
    await publishEvent(tb, 'helloasso.ticket.sold', first, envelope);
    await publishEvent(tb, 'helloasso.ticket.sold', first, envelope, `${envelope.id}-again`);
    await publishEvent(tb, 'helloasso.ticket.sold', first, buildEnvelope('accounting', 'helloasso.ticket.sold', first));
    await publishEvent(tb, 'helloasso.ticket.sold', sold(7003, 'Hugo Garnier'));
    await eventually(async () => (await passes()).length === 2, 15_000);
    await eventually(async () => (await tb.db('inbox')).length >= 3, 15_000);
    const list = await passes();
    expect(list.map((p) => [p.holder, p.label, p.quantity])).toEqual([
      ['Chloé Garnier', 'Entrée adulte', 1],
      ['Hugo Garnier', 'Entrée adulte', 1],
    ]);
    expect(await tb.db('gate_passes').where({ source: 'helloasso' }).orderBy('source_id').pluck('source_id')).toEqual(['7001', '7003']);

    // The phones load it with the rest, and the gate lets it in once.
    const gate = await json<GateList>(await tb.call('GET', `/api/volunteer/gate/events/${EVENT_ID}/list`, { as: 'benevole' }));
    expect(gate.passes.map((p) => p.holder)).toContain('Chloé Garnier');
    const code = list[0]!.code;
    expect(await check(code)).toMatchObject({ outcome: 'valid', pass: { holder: 'Chloé Garnier' } });
    expect(await check(code, 'Tablette du portail')).toMatchObject({ outcome: 'used', firstUse: { device: 'Téléphone de Léa' } });
  });

  it('is cancelled once refunded on HelloAsso: the gate no longer knows it', async () => {
    const hugo = (await passes()).find((p) => p.holder === 'Hugo Garnier')!;
    const refund = { itemId: 7003, refundedOn: '2026-06-14' };
    await publishEvent(tb, 'helloasso.ticket.refunded', refund);
    await publishEvent(tb, 'helloasso.ticket.refunded', refund);
    await eventually(async () => (await passes()).length === 1, 15_000);
    expect(await check(hugo.code)).toMatchObject({ outcome: 'unknown', pass: null });
    const gate = await json<GateList>(await tb.call('GET', `/api/volunteer/gate/events/${EVENT_ID}/list`, { as: 'benevole' }));
    expect(gate.passes.map((p) => p.holder)).toEqual(['Chloé Garnier']);
    // Kept, marked: never deleted.
    expect(await tb.db('gate_passes').where({ source_id: '7003' }).whereNotNull('cancelled_at')).toHaveLength(1);
  });

  it('waits for a fair it has not heard of yet, then issues the ticket', async () => {
    await publishEvent(tb, 'helloasso.ticket.sold', { ...sold(7010, 'Nina Roux'), eventId: 72 });
    await publishEvent(tb, 'catalog.event.created', { eventId: 72, name: 'Fête de fin d’année', startsOn: '2026-06-27' });
    await eventually(async () => (await tb.db('gate_passes').where({ source_id: '7010', event_id: 72 })).length === 1, 30_000);
  });
});
