/**
 * The tamper-evident sales journal (issue 14): every sale, payment, refund, session opening and
 * closing appends a record in the transaction that writes it. Each record holds
 * HMAC-SHA256(key, content) where the content names its sequence number, kind, reference, time,
 * payload and the previous record's hash — a chain: changing, inserting or removing a record breaks
 * every hash after it. The `journal_head` row holds the last record (seq and hash); updating it takes
 * its row lock until commit, which serialises appends.
 *
 * The HMAC is computed in SQL with the built-in sha256() (no extension): Node gives key⊕ipad and
 * key⊕opad (64 bytes each) and Postgres computes sha256(opad ‖ sha256(ipad ‖ content)) — RFC 2104,
 * so the verification in Node (crypto.createHmac) agrees. One statement updates the head and inserts
 * the record (a sale embeds the same two CTEs in its own statement: see createSale).
 *
 * This is NOT an NF525 certification: since 2025 only an accredited body's certificate proves a
 * till system's conformity (associations outside VAT are not bound by it). See services/register/API.md.
 */
import { createHash, createHmac } from 'node:crypto';
import type { Db, Trx } from '@kermesse/kit/db';
import { readJournalKey } from '../env.ts';

export type JournalKind = 'sale' | 'payment' | 'refund' | 'session.opened' | 'session.closed';

export interface JournalEntry {
  kind: JournalKind;
  reference: string;
  payload: unknown;
}

/** The dev key: a production installation sets JOURNAL_HMAC_KEY (a long random secret). */
const DEV_KEY = 'kermesse-dev-journal-key-change-me';

let cachedKey: { source: string; ipad: Buffer; opad: Buffer; key: Buffer } | undefined;
let warned = false;

/** The HMAC key from `JOURNAL_HMAC_KEY` (a dev default, with a loud warning in production). */
function journalKey(): { ipad: Buffer; opad: Buffer; key: Buffer } {
  const configured = readJournalKey();
  const source = configured.key ?? DEV_KEY;
  if (cachedKey?.source === source) return cachedKey;
  if (source === DEV_KEY && configured.production && !warned) {
    warned = true;
    process.stderr.write(
      '[register] WARNING: JOURNAL_HMAC_KEY is not set: the sales journal is chained with the public development key. Set a long random secret.\n',
    );
  }
  let key = Buffer.from(source, 'utf8');
  // RFC 2104: a key longer than the block is hashed first, a shorter one padded with zeros.
  if (key.length > 64) key = createHash('sha256').update(key).digest();
  const block = Buffer.alloc(64);
  key.copy(block);
  const ipad = Buffer.alloc(64);
  const opad = Buffer.alloc(64);
  for (let i = 0; i < 64; i += 1) {
    ipad[i] = block[i]! ^ 0x36;
    opad[i] = block[i]! ^ 0x5c;
  }
  cachedKey = { source, ipad, opad, key: Buffer.from(source, 'utf8') };
  return cachedKey;
}

/** The exact text a record's hash covers. */
export function journalContent(
  seq: number,
  kind: string,
  reference: string,
  recordedAt: string,
  payload: string,
  prevHash: string,
): string {
  return `${seq}\n${kind}\n${reference}\n${recordedAt}\n${payload}\n${prevHash}`;
}

/** The hash of a record, as Node computes it (the verification). */
export function journalHash(content: string): string {
  return createHmac('sha256', journalKey().key).update(content, 'utf8').digest('hex');
}

/**
 * The two CTEs that append a record, for a statement of its own or embedded in a larger one:
 * `<head>` updates the head (and locks it), `<insert>` inserts the record. `condition` (SQL) lets the
 * embedding statement append only when its own write happened. Bindings: `journalBindings()`.
 */
export function journalCtes(condition = 'true', head = 'jh', insert = 'jr'): string {
  return `${head} as (
  update journal_head set seq = seq + 1, prev_hash = hash,
    hash = encode(sha256(:jOpad::bytea || sha256(:jIpad::bytea || convert_to(
      (seq + 1)::text || E'\\n' || :jKind::text || E'\\n' || :jReference::text || E'\\n' || :jRecordedAt::text || E'\\n' || :jPayload::text || E'\\n' || hash, 'UTF8'))), 'hex')
  where id = 1 and (${condition})
  returning seq, prev_hash, hash
), ${insert} as (
  insert into journal (seq, kind, reference, payload, prev_hash, hash, recorded_at)
  select seq, :jKind::text, :jReference::text, :jPayload::text, prev_hash, hash, :jRecordedAt::timestamptz from ${head}
)`;
}

/** The named bindings of `journalCtes()` for one entry. */
export function journalBindings(entry: JournalEntry, recordedAt: Date = new Date()): Record<string, unknown> {
  const { ipad, opad } = journalKey();
  return {
    jKind: entry.kind,
    jReference: entry.reference,
    jPayload: typeof entry.payload === 'string' ? entry.payload : JSON.stringify(entry.payload),
    jRecordedAt: recordedAt.toISOString(),
    jIpad: ipad,
    jOpad: opad,
  };
}

/**
 * Waits until everything committed so far is on disk: a transaction that commits synchronously
 * flushes the WAL up to its commit record. A statement that appends to the journal may commit
 * asynchronously (`set_config('synchronous_commit', 'off', true)`), so the journal head's lock is not
 * held through the flush (which would serialise every sale on one fsync); it then calls this before
 * answering, and concurrent callers share one flush. A crash loses a suffix of the WAL, never a record
 * in the middle of the chain.
 */
export async function waitDurable(db: Db): Promise<void> {
  // A transactional WAL record gives the transaction an id and a commit record that is flushed.
  await db.raw("select pg_logical_emit_message(true, 'kermesse.durable', '')");
}

const APPEND = `with ${journalCtes()} select seq, hash from jh`;

/**
 * Appends a record; call it inside the transaction that writes what it records (the head row stays
 * locked until that transaction ends).
 */
export async function appendJournal(q: Db | Trx, entry: JournalEntry): Promise<{ seq: number; hash: string }> {
  const { rows } = (await q.raw(APPEND, journalBindings(entry))) as { rows: Array<{ seq: number; hash: string }> };
  const row = rows[0];
  if (!row) throw new Error('journal_head row missing');
  return { seq: Number(row.seq), hash: row.hash };
}

/** The last record (seq, hash) — what a closing stores as its anchor. */
export async function journalHead(q: Db | Trx): Promise<{ seq: number; hash: string }> {
  const row = await q('journal_head').where({ id: 1 }).first('seq', 'hash');
  return { seq: Number(row.seq), hash: row.hash };
}

// ---------------------------------------------------------------------------------------------------
// Verification

export interface JournalBreak {
  seq: number;
  kind: string;
  reference: string;
  /** In French, for the treasurer. */
  problem: string;
}

export interface JournalVerification {
  ok: boolean;
  records: number;
  firstBroken?: JournalBreak;
}

/** What a sale record holds of the sale (and verify compares with the sale's current rows). */
export interface SaleJournalPayload {
  saleId: number;
  reference: string;
  eventId: number;
  checkoutId: number;
  totalCents: number;
  paymentMode: number;
  lines: Array<{ productId: number; name: string; quantity: number; unitPriceCents: number; totalCents: number }>;
  payments: Array<{ method: string; amountCents: number; reference: string }>;
  createdAt: string;
}

/** A sale's journal payload from its rows (createSale writes it; verify rebuilds it from the tables). */
export function saleJournalPayload(sale: Omit<SaleJournalPayload, never>): string {
  return JSON.stringify({
    saleId: sale.saleId,
    reference: sale.reference,
    eventId: sale.eventId,
    checkoutId: sale.checkoutId,
    totalCents: sale.totalCents,
    paymentMode: sale.paymentMode,
    lines: sale.lines.map((l) => ({
      productId: l.productId,
      name: l.name,
      quantity: l.quantity,
      unitPriceCents: l.unitPriceCents,
      totalCents: l.totalCents,
    })),
    payments: sale.payments.map((p) => ({ method: p.method, amountCents: p.amountCents, reference: p.reference })),
    createdAt: sale.createdAt,
  });
}

interface JournalRow {
  seq: number;
  kind: string;
  reference: string;
  payload: string;
  prev_hash: string;
  hash: string;
  recorded_at: Date;
}

interface SaleNow {
  id: number;
  reference: string;
  total_cents: number;
  payment_mode: number;
  /** [productId, name, quantity, unitPriceCents, totalCents] in position order (arrays: a quarter faster to read than objects). */
  lines: Array<[number, string, number, number, number]>;
}

/** Compares a sale record with the sale as it is now; the French problem, or undefined. */
function saleDiffers(recorded: SaleJournalPayload, now: SaleNow | undefined): string | undefined {
  if (!now) return `La vente ${recorded.reference} a disparu de la base alors que le journal l'enregistre.`;
  const changed: string[] = [];
  if (now.total_cents !== recorded.totalCents) changed.push('total');
  if (now.payment_mode !== recorded.paymentMode) changed.push('mode de paiement');
  if (now.reference !== recorded.reference) changed.push('référence');
  const recordedLines = JSON.stringify(recorded.lines.map((x) => [x.productId, x.name, x.quantity, x.unitPriceCents, x.totalCents]));
  if (JSON.stringify(now.lines) !== recordedLines) changed.push('lignes');
  if (!changed.length) return undefined;
  return `La vente ${recorded.reference} a été modifiée après son enregistrement (${changed.join(', ')}).`;
}

const BATCH = 5000;

/**
 * Recomputes the chain from the first record; compares each sale record with the sale's current
 * rows (total, mode, reference, lines); checks the head and the closings' anchors, so deleting the
 * last records is detected. Answers the first broken record.
 */
export async function verifyJournal(db: Db | Trx): Promise<JournalVerification> {
  if (db.isTransaction) return verifyChain(db as Trx);
  // One snapshot: sales recorded meanwhile neither look deleted nor break the head check.
  return db.transaction(async (trx) => {
    await trx.raw('set transaction isolation level repeatable read, read only');
    return verifyChain(trx);
  });
}

async function verifyChain(db: Trx): Promise<JournalVerification> {
  let records = 0;
  let prevHash = '0'.repeat(64);
  let expectedSeq = 1;
  const hashes = new Map<number, string>();
  const anchors: Array<{ id: number; seq: number; hash: string }> = (
    await db('till_sessions').whereNotNull('last_journal_seq').select('id', 'last_journal_seq as seq', 'last_journal_hash as hash')
  ).map((a: { id: number; seq: number | string; hash: string }) => ({ ...a, seq: Number(a.seq) }));
  const anchorSeqs = new Set(anchors.map((a) => a.seq));
  let lastSeq = 0;
  const broken = (row: Pick<JournalRow, 'seq' | 'kind' | 'reference'>, problem: string): JournalVerification => ({
    ok: false,
    records,
    firstBroken: { seq: Number(row.seq), kind: row.kind, reference: row.reference, problem },
  });

  for (;;) {
    const rows: JournalRow[] = await db('journal')
      .where('seq', '>', lastSeq)
      .orderBy('seq')
      .limit(BATCH)
      .select('seq', 'kind', 'reference', 'payload', 'prev_hash', 'hash', 'recorded_at');
    if (!rows.length) break;
    const saleRefs = rows.filter((r) => r.kind === 'sale').map((r) => r.reference);
    const sales = new Map<string, SaleNow>();
    if (saleRefs.length) {
      const { rows: current } = (await db.raw(
        `
        select s.id, s.reference, s.total_cents, s.payment_mode,
          coalesce((select json_agg(json_build_array(l.product_id, l.name, l.quantity, l.unit_price_cents, l.total_cents) order by l.position)
                    from sale_lines l where l.sale_id = s.id), '[]'::json) as lines
        from sales s where s.reference = any(?::text[])`,
        [saleRefs],
      )) as { rows: SaleNow[] };
      for (const s of current) sales.set(s.reference, s);
    }
    for (const row of rows) {
      const seq = Number(row.seq);
      if (seq !== expectedSeq) {
        return broken(
          { seq: expectedSeq, kind: '?', reference: '' },
          `Enregistrement n° ${expectedSeq} manquant : la chaîne saute au n° ${seq}.`,
        );
      }
      if (row.prev_hash !== prevHash)
        return broken(row, `L'enregistrement n° ${seq} ne suit pas le précédent (empreinte précédente différente).`);
      const recordedAt = new Date(row.recorded_at).toISOString();
      const hash = journalHash(journalContent(seq, row.kind, row.reference, recordedAt, row.payload, row.prev_hash));
      if (hash !== row.hash)
        return broken(row, `L'enregistrement n° ${seq} a été modifié : son empreinte ne correspond plus à son contenu.`);
      if (row.kind === 'sale') {
        let recorded: SaleJournalPayload;
        try {
          recorded = JSON.parse(row.payload) as SaleJournalPayload;
        } catch {
          return broken(row, `L'enregistrement n° ${seq} est illisible.`);
        }
        const problem = saleDiffers(recorded, sales.get(row.reference));
        if (problem) return broken(row, problem);
      }
      if (anchorSeqs.has(seq)) hashes.set(seq, row.hash);
      prevHash = row.hash;
      records += 1;
      expectedSeq = seq + 1;
      lastSeq = seq;
    }
    if (rows.length < BATCH) break;
  }

  const head = await db('journal_head').where({ id: 1 }).first('seq', 'hash');
  const last = { seq: lastSeq, kind: '?', reference: '' };
  if (!head || Number(head.seq) !== lastSeq || head.hash !== (lastSeq ? prevHash : '0'.repeat(64))) {
    const headSeq = head ? Number(head.seq) : 0;
    if (headSeq > lastSeq) {
      return broken(
        { seq: lastSeq + 1, kind: '?', reference: '' },
        `Les derniers enregistrements ont été supprimés : le journal s'arrête au n° ${lastSeq}, sa tête indique le n° ${headSeq}.`,
      );
    }
    return broken(last, 'La tête du journal ne correspond pas au dernier enregistrement.');
  }
  for (const anchor of anchors.sort((a, b) => a.seq - b.seq)) {
    const seen = hashes.get(anchor.seq);
    if (seen === undefined) {
      return broken(
        { seq: anchor.seq, kind: 'session.closed', reference: String(anchor.id) },
        `Les enregistrements jusqu'au n° ${anchor.seq} ont été supprimés : la clôture de la session ${anchor.id} les ancre.`,
      );
    }
    if (seen !== anchor.hash) {
      return broken(
        { seq: anchor.seq, kind: 'session.closed', reference: String(anchor.id) },
        `L'enregistrement n° ${anchor.seq} n'a plus l'empreinte ancrée par la clôture de la session ${anchor.id}.`,
      );
    }
  }
  return { ok: true, records };
}
