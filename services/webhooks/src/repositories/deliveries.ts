import type { Db, Trx } from '@kermesse/kit/db';
import type { DeliveryStatus, WebhookEventType } from '@kermesse/contracts-webhooks';

export interface DeliveryRow {
  id: number;
  endpoint_id: number;
  event_id: string;
  event_type: WebhookEventType;
  body: unknown;
  status: DeliveryStatus;
  attempts: number;
  next_attempt_at: Date;
  give_up_at: Date;
  last_status: number | null;
  last_answer: string | null;
  created_at: Date;
  delivered_at: Date | null;
}

/** A due delivery with where it goes and the key it is signed with. */
export interface DueDelivery extends DeliveryRow {
  url: string;
  secret: string;
}

/** docs/webhooks.md §3: retries stop 24 hours after the event reached us (or after « Renvoyer »). */
export const RETRY_WINDOW = "interval '24 hours'";

/**
 * One row per event and endpoint; a redelivered event or a second consumer racing inserts nothing
 * (the unique key decides). Answers how many rows are new.
 */
export async function insertDeliveries(
  trx: Trx,
  rows: Array<{ endpointId: number; eventId: string; eventType: string; body: unknown }>,
): Promise<number> {
  if (!rows.length) return 0;
  const inserted = await trx('deliveries')
    .insert(
      rows.map((row) => ({
        endpoint_id: row.endpointId,
        event_id: row.eventId,
        event_type: row.eventType,
        body: JSON.stringify(row.body),
        give_up_at: trx.raw(`now() + ${RETRY_WINDOW}`),
      })),
    )
    .onConflict(['endpoint_id', 'event_id'])
    .ignore()
    .returning('id');
  return inserted.length;
}

/** Takes the next due delivery and locks it; other workers skip it until this transaction ends. */
export const claimDueDelivery = (trx: Trx): Promise<DueDelivery | undefined> =>
  trx('deliveries as d')
    .join('endpoints as e', 'e.id', 'd.endpoint_id')
    .where('d.status', 'pending')
    .andWhere('d.next_attempt_at', '<=', trx.fn.now())
    .orderBy('d.next_attempt_at')
    .orderBy('d.id')
    .forUpdate('d')
    .skipLocked()
    .first('d.*', 'e.url', 'e.secret');

export interface Answer {
  status: number | null;
  text: string;
}

export const markSent = (trx: Trx, id: number, answer: Answer) =>
  trx('deliveries')
    .where({ id })
    .update({
      status: 'sent',
      attempts: trx.raw('attempts + 1'),
      last_status: answer.status,
      last_answer: answer.text,
      delivered_at: trx.fn.now(),
    });

export const markRetry = (trx: Trx, id: number, answer: Answer, delayMs: number) =>
  trx('deliveries')
    .where({ id })
    .update({
      attempts: trx.raw('attempts + 1'),
      last_status: answer.status,
      last_answer: answer.text,
      next_attempt_at: trx.raw('now() + make_interval(secs => ?)', [delayMs / 1000]),
    });

export const markFailed = (trx: Trx, id: number, answer: Answer) =>
  trx('deliveries')
    .where({ id })
    .update({ status: 'failed', attempts: trx.raw('attempts + 1'), last_status: answer.status, last_answer: answer.text });

/** The log of one endpoint, the newest first. */
export async function listDeliveries(db: Db, endpointId: number, limit: number): Promise<{ rows: DeliveryRow[]; total: number }> {
  const [rows, [count]] = await Promise.all([
    db('deliveries').where({ endpoint_id: endpointId }).orderBy('id', 'desc').limit(limit),
    db('deliveries').where({ endpoint_id: endpointId }).count<{ count: string }[]>('* as count'),
  ]);
  return { rows: rows as DeliveryRow[], total: Number(count?.count ?? 0) };
}

/**
 * « Renvoyer »: the delivery goes out again now, whatever became of it, with a new 24-hour window; the
 * same `webhook-id`, so a receiver that already has it can tell. Answers the row, or undefined.
 */
export async function requeueDelivery(db: Db, id: number): Promise<DeliveryRow | undefined> {
  const [row] = await db('deliveries')
    .where({ id })
    .update({ status: 'pending', next_attempt_at: db.fn.now(), give_up_at: db.raw(`now() + ${RETRY_WINDOW}`), delivered_at: null })
    .returning('*');
  return row as DeliveryRow | undefined;
}
