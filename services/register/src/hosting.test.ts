/**
 * Two associations on one host (docs/hosting.md): each runs its register in the same database and
 * keeps its own sales journal, event log and closings, numbered from 1, each chain checked intact;
 * the same demo (same e-mails, settings, sale references…) lives in both without a conflict, and
 * neither sees the other's rows.
 */
import { execFile } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, migrateLatest, type Db } from '@kermesse/kit/db';
import { createSecretBox } from '@kermesse/kit/secrets';
import { SINGLE_ASSOCIATION_ID, withAssociation } from '@kermesse/kit/tenancy';
import { createTestDatabase, type TestDatabase } from '@kermesse/kit/testing';
import { appendOnly, migrations, schema } from '../migrations/index.ts';
import { closeEndedPeriods } from './commands/closeEndedPeriods.ts';
import { verifyJournal } from './commands/verifyJournal.ts';
import { logEvent, verifyEventLog } from './compliance/eventLog.ts';
import { loadTillSigner } from './compliance/signingKey.ts';
import { seedDemo } from './demo.ts';
import { journalContent, journalHash } from './journal/journal.ts';
import { forgetJournalKeys, loadJournalKey } from './journal/journalKeyStore.ts';
import { appendJournal } from './repositories/journal.ts';

const A = randomUUID();
const B = randomUUID();
const secretKey = randomBytes(32);
const secrets = createSecretBox(secretKey);
const hosting = process.env.KERMESSE_HOSTING;
const configuredKey = process.env.JOURNAL_HMAC_KEY;

let database: TestDatabase;
let db: Db;

/** Runs `work` for an association; a knex query is sent when awaited, so it is awaited in there. */
const inA = <T>(work: () => PromiseLike<T>): Promise<T> => withAssociation(A, async () => await work());
const inB = <T>(work: () => PromiseLike<T>): Promise<T> => withAssociation(B, async () => await work());

beforeAll(async () => {
  process.env.KERMESSE_HOSTING = '1';
  // Each association's key sealed in its own row, as on a host without JOURNAL_HMAC_KEY.
  delete process.env.JOURNAL_HMAC_KEY;
  database = await createTestDatabase();
  db = createDb(database.url, { schema, poolMax: 4 });
  await migrateLatest(db, { schema, migrations, appendOnly });
  // At start, outside any association: nothing is read or made until an association works.
  await loadJournalKey(db, secrets);
  // The same demo fair in both: same event, registers, e-mails, readers, meal deal and pending sales.
  await inA(() => seedDemo({ db }));
  await inB(() => seedDemo({ db }));
}, 120_000);

afterAll(async () => {
  forgetJournalKeys();
  if (hosting === undefined) delete process.env.KERMESSE_HOSTING;
  else process.env.KERMESSE_HOSTING = hosting;
  if (configuredKey !== undefined) process.env.JOURNAL_HMAC_KEY = configuredKey;
  await db?.destroy();
  await database?.drop();
});

describe('two associations on one host', () => {
  it('keep separate sales journals, each numbered from 1 and intact, with a key of their own', async () => {
    const journalOf = (run: typeof inA) => run(() => db('journal').orderBy('seq').select('seq', 'kind', 'reference'));
    const [a, b] = [await journalOf(inA), await journalOf(inB)];
    expect(a.length).toBeGreaterThan(3);
    expect(a.map((r) => Number(r.seq))).toEqual(a.map((_, i) => i + 1));
    expect(b.map((r) => Number(r.seq))).toEqual(a.map((_, i) => i + 1));
    expect(b.map((r) => r.kind)).toEqual(a.map((r) => r.kind));
    // Every record is its association's own: no reference of one appears in the other's journal.
    const refsOf = (rows: typeof a) => new Set(rows.filter((r) => r.kind === 'sale').map((r) => r.reference));
    expect([...refsOf(a)].filter((r) => refsOf(b).has(r))).toEqual([]);

    expect(await inA(() => verifyJournal(db))).toEqual({ ok: true, records: a.length });
    expect(await inB(() => verifyJournal(db))).toEqual({ ok: true, records: b.length });
    const keyA = await inA(() => db('journal_key').first('sealed'));
    const keyB = await inB(() => db('journal_key').first('sealed'));
    expect(secrets.open(keyA.sealed)).toMatch(/^[0-9a-f]{64}$/);
    expect(secrets.open(keyB.sealed)).not.toBe(secrets.open(keyA.sealed));
  });

  it('see only their own sales, and a reference is unique within an association, not across them', async () => {
    const salesOf = (run: typeof inA) => run(() => db('sales').orderBy('id').select('id', 'reference', 'event_id', 'checkout_id'));
    const [a, b] = [await salesOf(inA), await salesOf(inB)];
    expect(a).toHaveLength(3);
    expect(b).toHaveLength(3);
    expect(b.map((s) => s.id).filter((id) => a.some((s) => s.id === id))).toEqual([]);
    // Outside any association, a host's connection sees no sale at all.
    expect(await db('sales').count({ n: '*' })).toEqual([{ n: 0 }]);

    // B may hold a sale whose reference A already uses; A may not hold it twice.
    const copy = (sale: (typeof b)[number], reference: string) => ({
      reference,
      event_id: sale.event_id,
      checkout_id: sale.checkout_id,
      total_cents: 0,
      paid_cents: 0,
      payment_mode: 2,
      payment_status: 1,
      order_type: 'standard',
      created_by: 'test',
    });
    await inB(() => db('sales').insert(copy(b[0]!, a[0]!.reference)));
    await expect(inA(() => db('sales').insert(copy(a[0]!, a[0]!.reference)))).rejects.toThrow(/sales_reference_unique/);
    expect(await inB(() => db('sales').where({ reference: a[0]!.reference }).count({ n: '*' }))).toEqual([{ n: 1 }]);
  });

  it('keep separate event logs and closings, each chain numbered from 1, signed with its own key', async () => {
    for (const run of [inA, inB]) {
      await run(() => logEvent(db, { kind: 'settings.changed', actor: 'admin', summary: 'Profil de caisse enregistré.' }));
    }
    for (const run of [inA, inB]) {
      const log = await run(() => db('event_log').orderBy('seq').select('seq', 'kind'));
      expect(log.map((r) => Number(r.seq))).toEqual(log.map((_, i) => i + 1));
      expect(log.at(-1)!.kind).toBe('settings.changed');
      expect(await run(() => verifyEventLog(db))).toEqual({ ok: true, records: log.length });
    }

    // A month later, the day and the month of the demo's sales are closed in each association.
    const later = new Date(Date.now() + 40 * 86_400_000);
    const signers = [await inA(() => loadTillSigner(db, secrets)), await inB(() => loadTillSigner(db, secrets))];
    expect(signers[0]!.keyId).not.toBe(signers[1]!.keyId);
    const recorded = [
      await inA(() => closeEndedPeriods(db, signers[0]!, { now: later })),
      await inB(() => closeEndedPeriods(db, signers[1]!, { now: later })),
    ];
    expect(recorded[0]!.created).toBeGreaterThan(0);
    expect(recorded[1]!.created).toBe(recorded[0]!.created);
    for (const [i, run] of [inA, inB].entries()) {
      const closings = await run(() => db('closings').orderBy('seq').select('seq', 'key_id', 'prev_hash', 'hash'));
      expect(closings.map((c) => Number(c.seq))).toEqual(closings.map((_, n) => n + 1));
      expect(closings.every((c) => c.key_id === signers[i]!.keyId)).toBe(true);
      expect(closings.slice(1).every((c, n) => c.prev_hash === closings[n]!.hash)).toBe(true);
    }
  });

  it("check one association's journal from the command line, named by --association", async () => {
    const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
    const verify = (...args: string[]) =>
      new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
        execFile(
          'npm',
          ['run', '--silent', 'journal:verify', '--', ...args],
          { cwd: root, env: { ...process.env, DATABASE_URL: database.url, KERMESSE_SECRET_KEY: secretKey.toString('hex') } },
          (err, stdout, stderr) => resolve({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
        );
      });
    const records = Number((await inB(() => db('journal').count({ n: '*' })))[0]!.n);
    const run = await verify('--association', B);
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({ ok: true, records });
    expect(run.stderr).toContain(`Journal de l'association ${B} intact : ${records} enregistrements vérifiés`);
    const wrong = await verify('--association', 'apel-ferry');
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain("--association attend l'identifiant (uuid) d'une association, pas « apel-ferry ».");
  }, 60_000);
});

describe('an install made before the keys per association', () => {
  it('keeps its journal, chained from its first record, and goes on numbering it', async () => {
    // That install has no secret key: its journal is chained with the development key, as before.
    forgetJournalKeys();
    const before = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < '071_keys_per_association'));
    const old = await createTestDatabase();
    const oldDb = createDb(old.url, { schema, poolMax: 2 });
    try {
      await migrateLatest(oldDb, { schema, migrations: before, appendOnly });
      await withAssociation(SINGLE_ASSOCIATION_ID, async () => {
        // Three records chained as the previous version did, on the head row its migration made.
        let prev = '0'.repeat(64);
        for (const seq of [1, 2, 3]) {
          const recordedAt = new Date().toISOString();
          const payload = JSON.stringify({ amountCents: seq * 100 });
          const hash = journalHash(journalContent(seq, 'payment', `R-${seq}`, recordedAt, payload, prev));
          await oldDb('journal').insert({
            seq,
            kind: 'payment',
            reference: `R-${seq}`,
            payload,
            prev_hash: prev,
            hash,
            recorded_at: recordedAt,
          });
          await oldDb('journal_head').where({ id: 1 }).update({ seq, prev_hash: prev, hash });
          prev = hash;
        }
        await migrateLatest(oldDb, { schema, migrations, appendOnly });
        expect(await verifyJournal(oldDb)).toEqual({ ok: true, records: 3 });
        const next = await oldDb.transaction((trx) => appendJournal(trx, { kind: 'payment', reference: 'R-4', payload: {} }));
        expect(next.seq).toBe(4);
        expect(await verifyJournal(oldDb)).toEqual({ ok: true, records: 4 });
      });
    } finally {
      await oldDb.destroy();
      await old.drop();
    }
  }, 60_000);
});
