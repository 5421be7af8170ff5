/** Archives' rows and what an archive holds of a period (compliance/archive.ts builds the file). */
import type { Db, Trx } from '@kermesse/kit/db';
import { PERIOD_TIME_ZONE } from '../compliance/periods.ts';

const at = (q: Db | Trx, binding: string) => q.raw(`(?::date)::timestamp at time zone '${PERIOD_TIME_ZONE}'`, [binding]);

/** The journal's records of [from, to[ (local days), oldest first, as the archive writes them. */
export async function journalOfPeriod(q: Db | Trx, from: string, to: string) {
  const rows: Array<{ seq: string; kind: string; reference: string; recorded_at: Date; payload: string; prev_hash: string; hash: string }> =
    await q('journal').where('recorded_at', '>=', at(q, from)).andWhere('recorded_at', '<', at(q, to)).orderBy('seq');
  return rows.map((r) => ({
    seq: Number(r.seq),
    kind: r.kind,
    reference: r.reference,
    recordedAt: new Date(r.recorded_at).toISOString(),
    payload: r.payload,
    prevHash: r.prev_hash,
    hash: r.hash,
  }));
}

/** The closings of the periods that end within ]from, to] — a December archive holds its year's closing. */
export async function closingsOfPeriod(q: Db | Trx, from: string, to: string) {
  const rows: Array<{ seq: string; payload: string; prev_hash: string; hash: string; signature: string; key_id: string }> = await q(
    'closings',
  )
    .where('period_end', '>', from)
    .andWhere('period_end', '<=', to)
    .orderBy('seq');
  return rows.map((r) => ({
    seq: Number(r.seq),
    payload: r.payload,
    prevHash: r.prev_hash,
    hash: r.hash,
    signature: r.signature,
    keyId: r.key_id,
  }));
}

/** The technical event log's records of [from, to[. */
export async function eventLogOfPeriod(q: Db | Trx, from: string, to: string) {
  const rows: Array<{
    seq: string;
    kind: string;
    actor: string;
    summary: string;
    payload: string;
    recorded_at: Date;
    prev_hash: string;
    hash: string;
  }> = await q('event_log').where('recorded_at', '>=', at(q, from)).andWhere('recorded_at', '<', at(q, to)).orderBy('seq');
  return rows.map((r) => ({
    seq: Number(r.seq),
    kind: r.kind,
    actor: r.actor,
    summary: r.summary,
    payload: r.payload,
    recordedAt: new Date(r.recorded_at).toISOString(),
    prevHash: r.prev_hash,
    hash: r.hash,
  }));
}

export interface ArchiveRow {
  id: number;
  kind: 'month' | 'on-demand';
  period_start: string;
  period_end: string;
  file_name: string;
  sha256: string;
  size: number;
  created_by: string;
  created_at: Date;
}

const COLUMNS = ['id', 'kind', 'file_name', 'sha256', 'size', 'created_by', 'created_at'] as const;

export function listArchives(q: Db | Trx, limit = 200): Promise<ArchiveRow[]> {
  return q('archives')
    .select(
      ...COLUMNS,
      q.raw(`to_char(period_start, 'YYYY-MM-DD') as period_start`),
      q.raw(`to_char(period_end, 'YYYY-MM-DD') as period_end`),
    )
    .orderBy('id', 'desc')
    .limit(limit) as unknown as Promise<ArchiveRow[]>;
}

export const findArchive = (q: Db | Trx, id: number): Promise<(ArchiveRow & { content: Buffer }) | undefined> =>
  q('archives').where({ id }).first();

export async function insertArchive(
  q: Db | Trx,
  row: {
    kind: 'month' | 'on-demand';
    period_start: string;
    period_end: string;
    file_name: string;
    sha256: string;
    size: number;
    content: Buffer;
    created_by: string;
  },
): Promise<number> {
  const [inserted] = await q('archives').insert(row).returning('id');
  return (inserted as { id: number }).id;
}

/** Association months closed that have no archive yet (`YYYY-MM-01`). */
export async function monthsWithoutArchive(q: Db | Trx): Promise<string[]> {
  const rows: Array<{ start: string }> = await q('closings as c')
    .where({ 'c.kind': 'month', 'c.scope': 'association' })
    .whereNotExists(q('archives as a').where('a.kind', 'month').whereRaw('a.period_start = c.period_start'))
    .orderBy('c.period_start')
    .select(q.raw(`to_char(c.period_start, 'YYYY-MM-DD') as start`));
  return rows.map((r) => r.start);
}
