/**
 * Checks the journal: recomputes the chain from the first record; compares each sale
 * record with the sale's current rows (total, mode, reference, lines); checks the head and the
 * closings' anchors, so deleting the last records is detected. Answers the first broken record.
 */
import type { Db, Trx } from '@kermesse/kit/db';
import { journalContent, journalHash, type JournalVerification, type SaleJournalPayload } from '../journal/journal.ts';
import { ensureJournalKey } from '../journal/journalKeyStore.ts';
import {
  journalAnchors,
  journalHeadRow,
  journalRecordsAfter,
  READ_ONLY_SNAPSHOT,
  salesNow,
  type JournalRow,
  type SaleNow,
} from '../repositories/journal.ts';

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
  await ensureJournalKey();
  if (db.isTransaction) return verifyChain(db as Trx);
  // One snapshot: sales recorded meanwhile neither look deleted nor break the head check.
  return db.transaction((trx) => verifyChain(trx), READ_ONLY_SNAPSHOT);
}

async function verifyChain(db: Trx): Promise<JournalVerification> {
  let records = 0;
  let prevHash = '0'.repeat(64);
  let expectedSeq = 1;
  const hashes = new Map<number, string>();
  const anchors = await journalAnchors(db);
  const anchorSeqs = new Set(anchors.map((a) => a.seq));
  let lastSeq = 0;
  const broken = (row: Pick<JournalRow, 'seq' | 'kind' | 'reference'>, problem: string): JournalVerification => ({
    ok: false,
    records,
    firstBroken: { seq: Number(row.seq), kind: row.kind, reference: row.reference, problem },
  });

  for (;;) {
    const rows = await journalRecordsAfter(db, lastSeq, BATCH);
    if (!rows.length) break;
    const saleRefs = rows.filter((r) => r.kind === 'sale').map((r) => r.reference);
    const sales = new Map<string, SaleNow>();
    if (saleRefs.length) {
      const current = await salesNow(db, saleRefs);
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

  const head = await journalHeadRow(db);
  const last = { seq: lastSeq, kind: '?', reference: '' };
  // No head and no record: an association that has recorded nothing yet (its head comes with its first record).
  if (head ? Number(head.seq) !== lastSeq || head.hash !== (lastSeq ? prevHash : '0'.repeat(64)) : lastSeq > 0) {
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
