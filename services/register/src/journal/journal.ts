/**
 * The tamper-evident sales journal: every sale, payment, refund, session opening and
 * closing appends a record in the transaction that writes it. Each record holds
 * HMAC-SHA256(key, content) where the content names its sequence number, kind, reference, time,
 * payload and the previous record's hash — a chain: changing, inserting or removing a record breaks
 * every hash after it. Each association has its own chain, numbered from 1. Its `journal_head` row
 * holds the last record (seq and hash); updating it takes its row lock until commit, which serialises
 * the association's appends.
 *
 * The HMAC is computed in SQL with the built-in sha256() (no extension): Node gives key⊕ipad and
 * key⊕opad (64 bytes each) and Postgres computes sha256(opad ‖ sha256(ipad ‖ content)) — RFC 2104,
 * so the verification in Node (crypto.createHmac) agrees. One statement updates the head and inserts
 * the record (a sale embeds the same two CTEs in its own statement: see createSale). The statements are
 * in repositories/journal.ts, the verification in commands/verifyJournal.ts; this module is the chain.
 *
 * This is NOT an NF525 certification: the till law's four conditions and the editor's attestation
 * are described in docs/compliance/ (associations outside VAT are not bound by it).
 */
import { createHash, createHmac } from 'node:crypto';
import { currentAssociation } from '@kermesse/kit/tenancy';
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
/** The keys kept sealed in the database (journalKeyStore.ts) when no JOURNAL_HMAC_KEY is given, by association. */
const storedKeys = new Map<string, string>();

/**
 * The association's chain uses `key` from now on, unless JOURNAL_HMAC_KEY is set (journalKeyStore.ts
 * sets it before the association's first record or check). `undefined` forgets every stored key.
 */
export function useStoredJournalKey(key: string | undefined, associationId = currentAssociation()): void {
  if (key === undefined) storedKeys.clear();
  else if (associationId) storedKeys.set(associationId, key);
}

/** Whether the association's stored key is known to this process. */
export const hasStoredJournalKey = (associationId: string): boolean => storedKeys.has(associationId);

/** The public development key: what a journal started without any key was chained with. */
export const DEVELOPMENT_JOURNAL_KEY = DEV_KEY;

/**
 * The HMAC key of the current association's chain: `JOURNAL_HMAC_KEY` (one for the whole install),
 * else the association's own key sealed in the database, else a dev default, with a loud warning in
 * production.
 */
function journalKey(): { ipad: Buffer; opad: Buffer; key: Buffer } {
  const configured = readJournalKey();
  const association = currentAssociation();
  const source = configured.key ?? (association ? storedKeys.get(association) : undefined) ?? DEV_KEY;
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

/** The record's HMAC in SQL, from its sequence number and the previous record's hash (SQL expressions). */
const hmacSql = (seq: string, prevHash: string) =>
  `encode(sha256(:jOpad::bytea || sha256(:jIpad::bytea || convert_to(
      (${seq})::text || E'\\n' || :jKind::text || E'\\n' || :jReference::text || E'\\n' || :jRecordedAt::text || E'\\n' || :jPayload::text || E'\\n' || ${prevHash}, 'UTF8'))), 'hex')`;

/**
 * The two CTEs that append a record, for a statement of its own or embedded in a larger one:
 * `<head>` moves the association's head on (and locks it), `<insert>` inserts the record. Each
 * association has its own chain: its head row is made by its first record (the insert), and moved on
 * by every later one (the conflict's update). `condition` (SQL) lets the embedding statement append
 * only when its own write happened. Bindings: `journalBindings()`.
 */
export function journalCtes(condition = 'true', head = 'jh', insert = 'jr'): string {
  return `${head} as (
  insert into journal_head as h (id, seq, prev_hash, hash)
  select 1, 1, repeat('0', 64), ${hmacSql('1', "repeat('0', 64)")}
  where (${condition})
  on conflict (association_id, id) do update set seq = h.seq + 1, prev_hash = h.hash, hash = ${hmacSql('h.seq + 1', 'h.hash')}
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
