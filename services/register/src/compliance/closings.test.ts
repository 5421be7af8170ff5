/**
 * Sécurisation (docs/compliance/conditions.md §2): over a generated year of two registers' sales
 * with refunds, the daily, monthly and yearly closings carry the right period totals and perpetual
 * grand totals (never reset at a new year), form one chain, and each signature verifies with the
 * published public key alone.
 */
import { randomBytes, randomUUID, verify, createPublicKey } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, migrateLatest, type Db } from '@kermesse/kit/db';
import { createSecretBox } from '@kermesse/kit/secrets';
import { createTestDatabase, type TestDatabase } from '@kermesse/kit/testing';
import { appendOnly, migrations, schema } from '../../migrations/index.ts';
import { createEventWithCheckouts } from '../commands/createEvent.ts';
import { closeEndedPeriods } from '../commands/closeEndedPeriods.ts';
import { listClosings } from '../repositories/closings.ts';
import type { ClosingText } from './closingRecord.ts';
import { loadTillSigner, readPublicKey } from './signingKey.ts';

let database: TestDatabase;
let db: Db;
let eventId: number;
let registers: number[];
const secrets = createSecretBox(randomBytes(32));

/** Net (sales − refunds) per month `YYYY-MM` and per register, as the generator wrote them. */
const netByMonth = new Map<string, number>();
const netByRegister = new Map<number, number>();
let refundsWritten = 0;

/** `register|period` keys with money in them, per kind: the closings expected. */
const periodsWithMoney = new Set<string>();

const addNet = (day: string, checkoutId: number, cents: number) => {
  const month = day.slice(0, 7);
  for (const scope of [String(checkoutId), 'association'])
    for (const period of [day, month, day.slice(0, 4)]) periodsWithMoney.add(`${scope}|${period}`);
  netByMonth.set(month, (netByMonth.get(month) ?? 0) + cents);
  netByRegister.set(checkoutId, (netByRegister.get(checkoutId) ?? 0) + cents);
};

/** A year of sales (2025) on two registers, at midday (Paris), a quarter of them refunded in part, some a month later. */
async function generateYear(): Promise<void> {
  let seed = 42;
  const random = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  const sales: Array<Record<string, unknown>> = [];
  const refunds: Array<{ saleRef: string; row: Record<string, unknown> }> = [];
  let count = 0;
  for (let day = 0; day < 365; day += 1) {
    for (const checkoutId of registers) {
      if ((day * 7 + checkoutId) % 9 !== 0) continue;
      const date = new Date(Date.UTC(2025, 0, 1 + day, 10, 0));
      for (let i = 0; i < 3 + random(3); i += 1) {
        const mode = [1, 2, 3, 99][random(4)]!;
        const total = 150 + random(4850);
        const at = new Date(date.getTime() + i * 600_000);
        const reference = `GEN${String(count++).padStart(7, '0')}`;
        sales.push({
          reference,
          event_id: eventId,
          checkout_id: checkoutId,
          total_cents: total,
          paid_cents: mode === 99 ? 0 : total,
          payment_mode: mode,
          payment_status: mode === 2 || mode === 3 ? 1 : 2,
          order_type: 'standard',
          created_by: 'generateur',
          created_at: at,
        });
        addNet(at.toISOString().slice(0, 10), checkoutId, total);
        if (mode !== 99 && random(4) === 0) {
          const amount = 1 + random(total);
          // One refund in three comes 40 days later: it belongs to its own day, not the sale's.
          const refundAt = new Date(at.getTime() + (random(3) === 0 ? 40 * 86_400_000 : 3_600_000));
          if (refundAt.getUTCFullYear() > 2025) continue;
          refunds.push({
            saleRef: reference,
            row: {
              id: randomUUID(),
              event_id: eventId,
              checkout_id: checkoutId,
              amount_cents: amount,
              payment_mode: mode,
              reason: 'Produit manquant',
              created_by: 'generateur',
              created_at: refundAt,
            },
          });
          addNet(refundAt.toISOString().slice(0, 10), checkoutId, -amount);
        }
      }
    }
  }
  // 31 December 2025 at 23:30 UTC is already 1 January 2026 in Paris: the next year's.
  sales.push({
    reference: 'GENNEWYEAR',
    event_id: eventId,
    checkout_id: registers[0],
    total_cents: 1000,
    paid_cents: 1000,
    payment_mode: 2,
    payment_status: 1,
    order_type: 'standard',
    created_by: 'generateur',
    created_at: new Date(Date.UTC(2025, 11, 31, 23, 30)),
  });
  for (const period of ['2026-01-01', '2026-01'])
    for (const scope of [String(registers[0]), 'association']) periodsWithMoney.add(`${scope}|${period}`);
  for (let i = 0; i < sales.length; i += 500) await db('sales').insert(sales.slice(i, i + 500));
  const ids = new Map<string, number>((await db('sales').select('id', 'reference')).map((s) => [s.reference, s.id]));
  await db('refunds').insert(refunds.map((r) => ({ ...r.row, sale_id: ids.get(r.saleRef) })));
  refundsWritten = refunds.length;
}

beforeAll(async () => {
  database = await createTestDatabase();
  db = createDb(database.url, { schema, poolMax: 4 });
  await migrateLatest(db, { schema, migrations, appendOnly });
  const { event, checkouts } = await createEventWithCheckouts(db, { name: 'Une année de fêtes', checkouts: ['Buvette', 'Crêpes'] });
  eventId = event.id;
  registers = checkouts.map((c) => c.id);
  await generateYear();
});

afterAll(async () => {
  await db?.destroy();
  await database?.drop();
});

const text = (payload: string) => JSON.parse(payload) as ClosingText;

describe('closings over a generated year', () => {
  it('records monthly and yearly perpetual totals that add up, chained and signed, once', async () => {
    expect(refundsWritten).toBeGreaterThan(20);
    const signer = await loadTillSigner(db, secrets);
    const stored = await db('till_signing_key').first('private_key');
    expect(stored.private_key).not.toContain('PRIVATE KEY');
    expect(secrets.open(stored.private_key)).toContain('PRIVATE KEY');

    const first = await closeEndedPeriods(db, signer);
    // Every day, month and year with money in it, per register and for the association — except 2026, not ended.
    expect(first.created).toBe(periodsWithMoney.size);
    expect(first.monthsClosed).toHaveLength(13); // the twelve months of 2025 and January 2026
    expect((await closeEndedPeriods(db, signer)).created).toBe(0);

    const months = (await listClosings(db, { kind: 'month', scope: 'association' })).map((c) => text(c.payload));
    expect(months.map((m) => m.periodStart).slice(0, 12)).toEqual(
      Array.from({ length: 12 }, (_, i) => `2025-${String(i + 1).padStart(2, '0')}-01`),
    );
    let running = 0;
    for (const month of months.slice(0, 12)) {
      const net = netByMonth.get(month.periodStart.slice(0, 7)) ?? 0;
      running += net;
      expect(month.totals.netCents, month.periodStart).toBe(net);
      expect(month.totals.salesCents - month.totals.refundsCents).toBe(net);
      expect(month.perpetual.netCents, month.periodStart).toBe(running);
    }
    const total2025 = [...netByMonth.values()].reduce((a, b) => a + b, 0);
    expect(running).toBe(total2025);

    const years = (await listClosings(db, { kind: 'year', scope: 'association' })).map((c) => text(c.payload));
    expect(years).toHaveLength(1); // 2026 has not ended
    expect(years[0]).toMatchObject({ periodStart: '2025-01-01', periodEnd: '2026-01-01' });
    expect(years[0]!.totals.netCents).toBe(total2025);
    expect(years[0]!.perpetual.netCents).toBe(total2025);
    // January 2026: the sale of New Year's night in Paris, on top of the whole of 2025 — never reset.
    expect(months[12]).toMatchObject({ periodStart: '2026-01-01', totals: { salesCount: 1, netCents: 1000 } });
    expect(months[12]!.perpetual.netCents).toBe(total2025 + 1000);

    // Per register, the yearly closing's perpetual total is that register's whole year.
    for (const checkoutId of registers) {
      const [year] = (await listClosings(db, { kind: 'year', scope: 'register', checkoutId })).map((c) => text(c.payload));
      expect(year!.perpetual.netCents).toBe(netByRegister.get(checkoutId));
      expect(year!.checkoutName).toMatch(/Buvette|Crêpes/);
    }
    // Days add up to their month.
    const march = (await listClosings(db, { kind: 'day', scope: 'association', from: '2025-03-01', to: '2025-04-01' })).map((c) =>
      text(c.payload),
    );
    expect(march.reduce((sum, d) => sum + d.totals.netCents, 0)).toBe(netByMonth.get('2025-03'));
  });

  it('chains every closing to the previous one, each signature verifiable with the public key alone', async () => {
    const published = await readPublicKey(db);
    const publicKey = createPublicKey(published!.publicKeyPem);
    const all = await listClosings(db);
    let prev = '0'.repeat(64);
    for (const closing of all) {
      const signed = text(closing.payload);
      expect(signed.prevHash).toBe(prev);
      expect(closing.prev_hash).toBe(prev);
      expect(signed.keyId).toBe(published!.keyId);
      expect(verify(null, Buffer.from(closing.payload), publicKey, Buffer.from(closing.signature, 'base64'))).toBe(true);
      prev = closing.hash;
    }
    const forged = all[0]!.payload.replace(/"netCents":(\d+)/, (_, n) => `"netCents":${Number(n) + 100}`);
    expect(verify(null, Buffer.from(forged), publicKey, Buffer.from(all[0]!.signature, 'base64'))).toBe(false);
    const log = await db('event_log').where({ kind: 'closings.recorded' });
    expect(log).toHaveLength(1);
    expect(log[0].summary).toMatch(/^\d+ clôtures signées \(n° 1 à \d+\)\.$/);
  });
});
