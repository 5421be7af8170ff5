import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildEnvelope, connectBus, type Bus, type EventConsumer } from '@kermesse/kit/bus';
import { createDb, migrateLatest, type Db } from '@kermesse/kit/db';
import { createLogger } from '@kermesse/kit/http';
import { createTestDatabase, deleteTestStream, eventually, testNamespace, TEST_NATS_URL, type TestDatabase } from '@kermesse/kit/testing';
import { migrations, schema } from '../../migrations/index.ts';
import { findNight, insertNight } from '../repositories/nights.ts';
import { generateCartons } from '../commands/game.ts';
import { startBingoConsumers } from './index.ts';

let database: TestDatabase;
let db: Db;
let bus: Bus;
let consumers: EventConsumer;
const namespace = testNamespace();

beforeAll(async () => {
  database = await createTestDatabase();
  db = createDb(database.url, { schema });
  await migrateLatest(db, { schema, migrations });
  bus = await connectBus({ url: TEST_NATS_URL, namespace, name: 'bingo-test' });
  consumers = await startBingoConsumers({ db, bus, logger: createLogger('test', 'error') });
});

afterAll(async () => {
  await consumers?.stop();
  await bus?.close();
  await deleteTestStream(namespace);
  await db?.destroy();
  await database?.drop();
});

describe('catalog.event.created', () => {
  it("gives a night the name of its event (read model of the register's events)", async () => {
    const id = await insertNight(db, {
      name: 'Loto',
      held_on: '2030-05-01',
      place: '',
      carton_price_cents: 300,
      event_id: 7,
      caller_emails: [],
    });
    expect((await findNight(db, id))?.event_name).toBeNull();
    const event = buildEnvelope('register', 'catalog.event.created', { eventId: 7, name: 'Fête de l’école', startsOn: '2030-05-01' });
    await bus.js.publish(bus.subjectOf(event), JSON.stringify(event), { msgID: event.id });
    await eventually(async () => (await findNight(db, id))?.event_name === 'Fête de l’école');
    expect(await db('events').select('id', 'name')).toEqual([{ id: 7, name: 'Fête de l’école' }]);
  });
});

describe('catalog.event.created of a duplicated fair (sourceEventId)', () => {
  it('copies each loto night once — parties, prizes, carton price and packs, the tables — with no carton, sale or seat', async () => {
    await db('events').insert({ id: 30, name: 'Kermesse 2026', starts_on: '2026-06-13' }).onConflict('id').merge();
    const source = await insertNight(db, {
      name: 'Loto du soir',
      held_on: '2026-06-13',
      place: 'Préau',
      carton_price_cents: 350,
      event_id: 30,
      caller_emails: ['benevole@kermesse.local'],
      carton_packs: JSON.stringify([{ nb: 3, priceCents: 900 }]),
    });
    const prizes = await db('prizes')
      .insert([
        {
          bingo_id: source,
          label: 'Panier garni',
          rank: 1,
          price_cents: 4500,
          cost_cents: 3000,
          provider: 'Épicerie Martin',
          nature: 'lot',
        },
        { bingo_id: source, label: 'Bon librairie', rank: 2, price_cents: 2000, cost_cents: 0, provider: 'Librairie', nature: 'bon' },
      ])
      .returning('id');
    const [hamper, voucher] = prizes.map((r: { id: number }) => r.id);
    await db('parties').insert([
      { bingo_id: source, number: 1, kind: 'quine', prize_ids: [voucher] },
      { bingo_id: source, number: 2, kind: 'carton_plein', prize_ids: [hamper] },
    ]);
    await db('plan_tables').insert([
      { bingo_id: source, table_no: 1, name: 'Estrade', seats: 8 },
      { bingo_id: source, table_no: 2, name: null, seats: 6 },
    ]);
    await db('reservations').insert({ bingo_id: source, table_no: 1, seat_no: 1, name: 'Famille Martin' });
    await generateCartons(db, source, 10);
    await db('balls').insert({ bingo_id: source, partie: 1, seq: 1, number: 42 });

    // Announced twice (a replay under another message id): one copy only.
    const announced: string[] = [];
    for (let i = 0; i < 2; i += 1) {
      const event = buildEnvelope('register', 'catalog.event.created', {
        eventId: 31,
        name: 'Kermesse 2027',
        startsOn: '2027-06-12',
        sourceEventId: 30,
      });
      announced.push(event.id);
      await bus.js.publish(bus.subjectOf(event), JSON.stringify(event), { msgID: event.id });
    }
    await eventually(async () => (await db('inbox').whereIn('event_id', announced)).length === 2);
    const copies = await db('nights').where({ event_id: 31 }).select('*');
    expect(copies).toHaveLength(1);
    const copy = copies[0]!;
    expect(copy).toMatchObject({
      name: 'Loto du soir',
      held_on: '2027-06-12',
      place: 'Préau',
      carton_price_cents: 350,
      caller_emails: ['benevole@kermesse.local'],
      carton_packs: [{ nb: 3, priceCents: 900 }],
      sales_open: true,
      current_partie: 1,
      copied_from: source,
    });
    const copiedPrizes = await db('prizes')
      .where({ bingo_id: copy.id })
      .orderBy('rank')
      .select('id', 'label', 'rank', 'price_cents', 'cost_cents', 'provider', 'nature');
    expect(copiedPrizes.map(({ id: _id, ...p }) => p)).toEqual([
      { label: 'Panier garni', rank: 1, price_cents: 4500, cost_cents: 3000, provider: 'Épicerie Martin', nature: 'lot' },
      { label: 'Bon librairie', rank: 2, price_cents: 2000, cost_cents: 0, provider: 'Librairie', nature: 'bon' },
    ]);
    // The parties name the copy's own prizes.
    expect(await db('parties').where({ bingo_id: copy.id }).orderBy('number').select('number', 'kind', 'prize_ids')).toEqual([
      { number: 1, kind: 'quine', prize_ids: [copiedPrizes[1]!.id] },
      { number: 2, kind: 'carton_plein', prize_ids: [copiedPrizes[0]!.id] },
    ]);
    expect(await db('plan_tables').where({ bingo_id: copy.id }).orderBy('table_no').select('table_no', 'name', 'seats')).toEqual([
      { table_no: 1, name: 'Estrade', seats: 8 },
      { table_no: 2, name: null, seats: 6 },
    ]);
    for (const table of ['cartons', 'carton_sales', 'reservations', 'balls'])
      expect(await db(table).where({ bingo_id: copy.id }).first(), table).toBeUndefined();
    // Published for the new fair's registers and result.
    const configured: Array<{ envelope: { payload: { bingoId: number } } }> = await db('outbox')
      .where({ type: 'bingo.configured' })
      .select('envelope');
    const payloads = configured.map((r) => r.envelope.payload);
    expect(payloads.find((p) => p.bingoId === copy.id)).toMatchObject({
      eventId: 31,
      cartonPriceCents: 350,
      tiers: [
        { nb: 1, priceCents: 350 },
        { nb: 3, priceCents: 900 },
      ],
      totalCartons: 0,
      salesOpen: true,
      prizes: [
        { name: 'Panier garni', costCents: 3000 },
        { name: 'Bon librairie', costCents: 0 },
      ],
    });
    // Last year's night is as it was.
    expect(await db('reservations').where({ bingo_id: source }).count<{ n: number }[]>('* as n')).toEqual([{ n: 1 }]);
  });
});
