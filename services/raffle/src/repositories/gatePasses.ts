/** SQL of the pre-sold tickets checked at the gate (docs/gate.md): passes and their scans. */
import type { Db, Trx } from '@kermesse/kit/db';

type Q = Db | Trx;

export interface GatePassRow {
  id: string;
  event_id: number;
  holder: string;
  label: string;
  quantity: number;
  issued_at: Date;
  used_at: Date | null;
  used_device: string | null;
  used_by: string | null;
}

export interface GateScanRow {
  id: string;
  pass_id: string | null;
  event_id: number;
  outcome: 'valid' | 'used' | 'wrong-event' | 'unknown';
}

const PASS_COLUMNS = ['id', 'event_id', 'holder', 'label', 'quantity', 'issued_at', 'used_at', 'used_device', 'used_by'];

export async function insertGatePass(
  q: Q,
  pass: { id: string; event_id: number; holder: string; label: string; quantity: number; issued_by: string },
): Promise<GatePassRow> {
  const [row] = await q('gate_passes').insert(pass).returning(PASS_COLUMNS);
  return row as GatePassRow;
}

/**
 * Inserts a ticket imported from elsewhere once per source and id: the existing one when it was
 * imported before (`created` false).
 */
export async function insertImportedGatePass(
  q: Q,
  pass: {
    id: string;
    event_id: number;
    holder: string;
    label: string;
    quantity: number;
    issued_by: string;
    source: string;
    source_id: string;
  },
): Promise<{ row: GatePassRow; created: boolean }> {
  const inserted = (await q.raw(
    `insert into gate_passes (id, event_id, holder, label, quantity, issued_by, source, source_id)
     values (?, ?, ?, ?, ?, ?, ?, ?)
     on conflict (association_id, source, source_id) where source is not null do nothing
     returning ${PASS_COLUMNS.join(', ')}`,
    [pass.id, pass.event_id, pass.holder, pass.label, pass.quantity, pass.issued_by, pass.source, pass.source_id],
  )) as { rows: GatePassRow[] };
  if (inserted.rows[0]) return { row: inserted.rows[0], created: true };
  const existing = (await q('gate_passes').where({ source: pass.source, source_id: pass.source_id }).first(PASS_COLUMNS)) as GatePassRow;
  return { row: existing, created: false };
}

// A cancelled ticket (refunded where it was sold) is no ticket at the gate: left out of every read below.
export const listGatePasses = (q: Q, eventId: number): Promise<GatePassRow[]> =>
  q('gate_passes')
    .where({ event_id: eventId })
    .whereNull('cancelled_at')
    .orderBy([{ column: 'issued_at' }, { column: 'id' }])
    .select(PASS_COLUMNS);

/** A pass, locked until the transaction ends (two phones scanning it at once: one lets in, one is told). */
export const lockGatePass = (trx: Trx, id: string): Promise<GatePassRow | undefined> =>
  trx('gate_passes').where({ id }).whereNull('cancelled_at').forUpdate().first(PASS_COLUMNS);

export const findGatePass = (q: Q, id: string): Promise<GatePassRow | undefined> =>
  q('gate_passes').where({ id }).whereNull('cancelled_at').first(PASS_COLUMNS);

/** Cancels the ticket imported from `source` under `sourceId`; how many were cancelled (0 when unknown or already). */
export const cancelImportedGatePass = (q: Q, source: string, sourceId: string): Promise<number> =>
  q('gate_passes').where({ source, source_id: sourceId }).whereNull('cancelled_at').update({ cancelled_at: q.fn.now() });

export const markGatePassUsed = (trx: Trx, id: string, use: { at: Date; device: string; by: string }) =>
  trx('gate_passes').where({ id }).whereNull('used_at').update({ used_at: use.at, used_device: use.device, used_by: use.by });

export const findGateScan = (q: Q, id: string): Promise<GateScanRow | undefined> =>
  q('gate_scans').where({ id }).first('id', 'pass_id', 'event_id', 'outcome');

/** Records a scan once: false when its id was already recorded (the same scan sent again). */
export async function insertGateScan(
  trx: Trx,
  scan: { id: string; pass_id: string | null; event_id: number; outcome: string; scanned_at: Date; device: string; scanned_by: string },
): Promise<boolean> {
  const rows = await trx('gate_scans').insert(scan).onConflict('id').ignore().returning('id');
  return rows.length > 0;
}

/** The events the raffle service knows, with how many passes each has. */
export const listGateEvents = (q: Q): Promise<Array<{ id: number; name: string; starts_on: string | null; passes: number }>> =>
  q('events as e')
    .select(
      'e.id',
      'e.name',
      q.raw(`to_char(e.starts_on, 'YYYY-MM-DD') as starts_on`),
      q.raw('(select count(*)::int from gate_passes p where p.event_id = e.id and p.cancelled_at is null) as passes'),
    )
    .orderBy([
      { column: 'e.starts_on', order: 'desc', nulls: 'last' },
      { column: 'e.id', order: 'desc' },
    ]);
