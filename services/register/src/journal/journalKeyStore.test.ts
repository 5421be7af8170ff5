/**
 * The embedded install's journal key is kept sealed in the database (KERMESSE_SECRET_KEY): created at
 * the first start, never stored plain, and a journal chained before (with the development key) still
 * verifies from its first record — also after a new secret key takes over.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createDb, migrateLatest, type Db } from '@kermesse/kit/db';
import { createSecretBox } from '@kermesse/kit/secrets';
import { createTestDatabase, type TestDatabase } from '@kermesse/kit/testing';
import { appendOnly, migrations, schema } from '../../migrations/index.ts';
import { verifyJournal } from '../commands/verifyJournal.ts';
import { appendJournal } from '../repositories/journal.ts';
import { useStoredJournalKey } from './journal.ts';
import { forgetJournalKeys, loadJournalKey } from './journalKeyStore.ts';

const databases: TestDatabase[] = [];
const dbs: Db[] = [];
const configured = process.env.JOURNAL_HMAC_KEY;

async function freshDb(): Promise<Db> {
  const database = await createTestDatabase();
  databases.push(database);
  const db = createDb(database.url, { schema, poolMax: 3 });
  dbs.push(db);
  await migrateLatest(db, { schema, migrations, appendOnly });
  return db;
}

const append = (db: Db, reference: string) =>
  db.transaction((trx) => appendJournal(trx, { kind: 'payment', reference, payload: { amountCents: 250 } }));

beforeAll(() => {
  // These tests are about the install without JOURNAL_HMAC_KEY.
  delete process.env.JOURNAL_HMAC_KEY;
});

afterEach(() => {
  forgetJournalKeys();
});

afterAll(async () => {
  if (configured !== undefined) process.env.JOURNAL_HMAC_KEY = configured;
  await Promise.all(dbs.map((db) => db.destroy()));
  await Promise.all(databases.map((database) => database.drop()));
});

describe('the journal key at rest', () => {
  it('creates a random key at the first start, stores it sealed only, and chains with it', async () => {
    const db = await freshDb();
    const box = createSecretBox(randomBytes(32));
    await loadJournalKey(db, box);
    const row = await db('journal_key').where({ id: 1 }).first();
    const key = box.open(row.sealed);
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(row.sealed).not.toContain(key);
    await append(db, 'R-1');
    expect(await verifyJournal(db)).toEqual({ ok: true, records: 1 });
    // Another start reads the same key back.
    useStoredJournalKey(undefined);
    await loadJournalKey(db, box);
    expect(await verifyJournal(db)).toEqual({ ok: true, records: 1 });
    // Without the key, the chain no longer verifies: the key was not the public development one.
    forgetJournalKeys();
    expect((await verifyJournal(db)).ok).toBe(false);
  });

  it('keeps verifying a journal chained before the secret key, then through a rotation', async () => {
    const db = await freshDb();
    await append(db, 'R-1');
    await append(db, 'R-2');
    const first = randomBytes(32);
    await loadJournalKey(db, createSecretBox(first));
    await append(db, 'R-3');
    expect(await verifyJournal(db)).toEqual({ ok: true, records: 3 });

    const second = randomBytes(32);
    useStoredJournalKey(undefined);
    await loadJournalKey(db, createSecretBox(second, [first]));
    const row = await db('journal_key').where({ id: 1 }).first();
    expect(createSecretBox(second).isCurrent(row.sealed)).toBe(true);
    await append(db, 'R-4');
    expect(await verifyJournal(db)).toEqual({ ok: true, records: 4 });
    await expect(loadJournalKey(db, createSecretBox(first))).rejects.toThrow('KERMESSE_SECRET_KEY_PREVIOUS');
  });
});
