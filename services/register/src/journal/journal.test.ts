import { execFile } from 'node:child_process';
import { createHmac } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, migrateLatest, type Db } from '@kermesse/kit/db';
import { createTestDatabase, type TestDatabase } from '@kermesse/kit/testing';
import { appendOnly, migrations, schema } from '../../migrations/index.ts';
import { createEventWithCheckouts } from '../commands/createEvent.ts';
import { findOpenSession, openSession, sessionForSale } from '../repositories/tillSessions.ts';
import { journalContent } from './journal.ts';
import { appendJournal } from '../repositories/journal.ts';
import { verifyJournal } from '../commands/verifyJournal.ts';
import { tamperAsSuperuser } from '../testing/tamper.ts';

let database: TestDatabase;
let db: Db;
let checkoutId: number;
let eventId: number;

beforeAll(async () => {
  database = await createTestDatabase();
  db = createDb(database.url, { schema, poolMax: 5 });
  await migrateLatest(db, { schema, migrations, appendOnly });
  const { event, checkouts } = await createEventWithCheckouts(db, { name: 'Fête du journal', checkouts: ['Caisse 1', 'Caisse 2'] });
  eventId = event.id;
  checkoutId = checkouts[0]!.id;
});

afterAll(async () => {
  await db?.destroy();
  await database?.drop();
});

describe('the sales journal', () => {
  it('chains records with an HMAC-SHA256 computed in SQL that Node recomputes', async () => {
    const a = await db.transaction((trx) => appendJournal(trx, { kind: 'payment', reference: 'R-1', payload: { amountCents: 250 } }));
    const b = await db.transaction((trx) =>
      appendJournal(trx, { kind: 'payment', reference: 'R-2', payload: { amountCents: 1050, note: 'Chèque n° 12 — « é »' } }),
    );
    expect(b.seq).toBe(a.seq + 1);
    const rows = await db('journal').whereIn('seq', [a.seq, b.seq]).orderBy('seq');
    const key = process.env.JOURNAL_HMAC_KEY || 'kermesse-dev-journal-key-change-me';
    for (const row of rows) {
      const content = journalContent(
        Number(row.seq),
        row.kind,
        row.reference,
        new Date(row.recorded_at).toISOString(),
        row.payload,
        row.prev_hash,
      );
      expect(row.hash).toBe(createHmac('sha256', key).update(content, 'utf8').digest('hex'));
    }
    expect(rows[1].prev_hash).toBe(rows[0].hash);
    expect(await db('journal_head').where({ id: 1 }).first('seq', 'hash')).toEqual({ seq: b.seq, hash: b.hash });
    expect(await verifyJournal(db)).toEqual({ ok: true, records: b.seq });
  });

  it('an appended record is rolled back with the transaction that wrote it', async () => {
    const before = await verifyJournal(db);
    await expect(
      db.transaction(async (trx) => {
        await appendJournal(trx, { kind: 'payment', reference: 'R-X', payload: {} });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(await verifyJournal(db)).toEqual(before);
  });

  it('serialises concurrent appends into one unbroken chain', async () => {
    const before = (await verifyJournal(db)).records;
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        db.transaction((trx) => appendJournal(trx, { kind: 'payment', reference: `C-${i}`, payload: { i } })),
      ),
    );
    expect(await verifyJournal(db)).toEqual({ ok: true, records: before + 20 });
  });
});

describe('npm run journal:verify', () => {
  it('prints the check of the database of DATABASE_URL and exits 0 when intact', async () => {
    const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..');
    const run = await new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
      execFile(
        'npm',
        ['run', '--silent', 'journal:verify'],
        { cwd: root, env: { ...process.env, DATABASE_URL: database.url } },
        (err, stdout, stderr) => {
          resolve({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, stdout, stderr });
        },
      );
    });
    expect(run.code, run.stderr).toBe(0);
    const records = Number((await db('journal').count<{ count: number }[]>('* as count'))[0]!.count);
    expect(JSON.parse(run.stdout)).toEqual({ ok: true, records });
    expect(run.stderr).toContain(`Journal intact : ${records} enregistrements vérifiés`);
  }, 60_000);
});

describe('npm run journal:restored', () => {
  it('records a restore of a backup in the event log, then the journal check that follows it', async () => {
    const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..');
    const run = await new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
      execFile(
        'npm',
        ['run', '--silent', 'journal:restored', '--', 'sauvegarde du 27 novembre, disque remplacé'],
        { cwd: root, env: { ...process.env, DATABASE_URL: database.url } },
        (err, stdout, stderr) => resolve({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
      );
    });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^Restauration enregistrée au journal des événements \(n° \d+\)\. Journal des ventes intact/);
    const records = await db('event_log').orderBy('seq', 'desc').limit(2).select('kind', 'summary');
    expect(records.map((r) => r.kind)).toEqual(['journal.verified', 'backup.restored']);
    expect(records[1]!.summary).toBe('Sauvegarde restaurée : sauvegarde du 27 novembre, disque remplacé');
  }, 60_000);
});

describe('till sessions', () => {
  it('a sale on a register with no open session opens an automatic one with a float of 0, once', async () => {
    expect(await findOpenSession(db, checkoutId)).toBeUndefined();
    const ids = await Promise.all(Array.from({ length: 5 }, () => sessionForSale(db, checkoutId, eventId, 'user-1')));
    expect(new Set(ids).size).toBe(1);
    const session = await findOpenSession(db, checkoutId);
    expect(session).toMatchObject({ id: ids[0], automatic: true, float_cash_cents: 0, opened_by: 'user-1', closed_at: null });
    expect(await db.transaction((trx) => sessionForSale(trx, checkoutId, eventId, 'user-2'))).toBe(ids[0]);
    const opened = await db('journal').where({ kind: 'session.opened', reference: String(ids[0]) });
    expect(opened).toHaveLength(1);
    expect(JSON.parse(opened[0].payload)).toMatchObject({ sessionId: ids[0], floatCashCents: 0, automatic: true });
    const events = await db('outbox').where({ type: 'till.opened' }).select('envelope');
    expect(events.map((e) => e.envelope.payload.sessionId)).toEqual([ids[0]]);
    // A second opening on the same register writes nothing.
    expect(await openSession(db, { checkoutId, eventId, floatCashCents: 5000, automatic: false, userId: 'user-1' })).toBeUndefined();
    expect((await verifyJournal(db)).ok).toBe(true);
  });
});

describe('verify detects tampering', () => {
  it('names a modified record, then deleted last records', async () => {
    const last = await db.transaction((trx) => appendJournal(trx, { kind: 'payment', reference: 'T-1', payload: { amountCents: 100 } }));
    await db.transaction((trx) => appendJournal(trx, { kind: 'payment', reference: 'T-2', payload: { amountCents: 200 } }));
    await tamperAsSuperuser(db, (trx) =>
      trx('journal')
        .where({ seq: last.seq })
        .update({ payload: JSON.stringify({ amountCents: 1 }) }),
    );
    const modified = await verifyJournal(db);
    expect(modified).toMatchObject({ ok: false, records: last.seq - 1, firstBroken: { seq: last.seq, kind: 'payment', reference: 'T-1' } });
    expect(modified.firstBroken!.problem).toMatch(/modifié/);
    await tamperAsSuperuser(db, (trx) =>
      trx('journal')
        .where({ seq: last.seq })
        .update({ payload: JSON.stringify({ amountCents: 100 }) }),
    );
    expect((await verifyJournal(db)).ok).toBe(true);

    await tamperAsSuperuser(db, (trx) => trx('journal').where('seq', '>=', last.seq).delete());
    const deleted = await verifyJournal(db);
    expect(deleted).toMatchObject({ ok: false, firstBroken: { seq: last.seq } });
    expect(deleted.firstBroken!.problem).toMatch(/supprimés/);
  });
});
