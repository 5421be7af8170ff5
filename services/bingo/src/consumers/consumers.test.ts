import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildEnvelope, connectBus, type Bus, type EventConsumer } from '@kermesse/kit/bus';
import { createDb, migrateLatest, type Db } from '@kermesse/kit/db';
import { createLogger } from '@kermesse/kit/http';
import { createTestDatabase, deleteTestStream, eventually, testNamespace, TEST_NATS_URL, type TestDatabase } from '@kermesse/kit/testing';
import { migrations, schema } from '../../migrations/index.ts';
import { findNight, insertNight } from '../repositories/nights.ts';
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
    await bus.js.publish(bus.subject('catalog.event.created'), JSON.stringify(event), { msgID: event.id });
    await eventually(async () => (await findNight(db, id))?.event_name === 'Fête de l’école');
    expect(await db('events').select('id', 'name')).toEqual([{ id: 7, name: 'Fête de l’école' }]);
  });
});
