import type { Db, Trx } from '@kermesse/kit/db';

export type Channel = 'email' | 'sms';
export type DeliveryStatus = 'pending' | 'sent' | 'failed';

export interface DeliveryRow {
  id: number;
  kind: 'receipt' | 'partner' | 'contact' | 'account';
  sale_reference: string | null;
  /** The receipt.requested event's requestId (a receipt asked for after the sale); null for the sale's own wish. */
  request_id: string | null;
  partner_request_id: number | null;
  contact_message_id: number | null;
  channel: Channel;
  recipient: string | null;
  reply_to: string | null;
  subject: string | null;
  body_text: string;
  body_html: string | null;
  status: DeliveryStatus;
  attempts: number;
  next_attempt_at: Date;
  last_error: string | null;
  transport: string | null;
  provider_message_id: string | null;
  created_at: Date;
  finished_at: Date | null;
}

export interface NewDelivery {
  kind: 'receipt' | 'partner' | 'contact' | 'account';
  saleReference?: string | null;
  /** Set for a receipt asked for after the sale: one message per request. */
  requestId?: string | null;
  partnerRequestId?: number | null;
  contactMessageId?: number | null;
  channel: Channel;
  recipient: string;
  replyTo?: string | null;
  subject?: string | null;
  bodyText: string;
  bodyHtml?: string | null;
}

/**
 * Queues a message. For the sale's own receipt wish, a second job for the same sale and channel is
 * ignored; for a receipt asked for later, a second job for the same request (the unique indexes
 * decide, so two consumers racing cannot both insert). Returns whether it was new.
 */
export async function enqueueDelivery(trx: Trx, job: NewDelivery): Promise<boolean> {
  const inserted = await trx('deliveries')
    .insert({
      kind: job.kind,
      sale_reference: job.saleReference ?? null,
      request_id: job.requestId ?? null,
      partner_request_id: job.partnerRequestId ?? null,
      contact_message_id: job.contactMessageId ?? null,
      channel: job.channel,
      recipient: job.recipient,
      reply_to: job.replyTo ?? null,
      subject: job.subject ?? null,
      body_text: job.bodyText,
      body_html: job.bodyHtml ?? null,
    })
    // Either partial unique index: (sale_reference, channel) for the sale's wish, request_id for a later request.
    .onConflict()
    .ignore()
    .returning('id');
  return inserted.length > 0;
}

/** Records a receipt that can never go out (no usable address): visible to the operator, nothing to erase. */
export async function recordUndeliverable(trx: Trx, job: Omit<NewDelivery, 'recipient' | 'replyTo'>, reason: string): Promise<void> {
  await trx('deliveries')
    .insert({
      kind: job.kind,
      sale_reference: job.saleReference ?? null,
      request_id: job.requestId ?? null,
      channel: job.channel,
      subject: job.subject ?? null,
      body_text: job.bodyText,
      body_html: job.bodyHtml ?? null,
      status: 'failed',
      last_error: reason,
      finished_at: trx.fn.now(),
    })
    // Either partial unique index: (sale_reference, channel) for the sale's wish, request_id for a later request.
    .onConflict()
    .ignore();
}

/** Takes the next due job and locks it; other workers skip it until this transaction ends. */
export const claimDueDelivery = (trx: Trx): Promise<DeliveryRow | undefined> =>
  trx('deliveries')
    .where('status', 'pending')
    .andWhere('next_attempt_at', '<=', trx.fn.now())
    .orderBy('next_attempt_at')
    .orderBy('id')
    .forUpdate()
    .skipLocked()
    .first();

/** The provider accepted it: done, and the address is erased. */
export const markSent = (trx: Trx, id: number, transport: string, providerMessageId: string | null) =>
  trx('deliveries')
    .where({ id })
    .update({
      status: 'sent',
      attempts: trx.raw('attempts + 1'),
      transport,
      provider_message_id: providerMessageId,
      last_error: null,
      recipient: null,
      reply_to: null,
      finished_at: trx.fn.now(),
    });

/** Given up (final refusal or too many attempts): the address is erased too. */
export const markFailed = (trx: Trx, id: number, transport: string, error: string) =>
  trx('deliveries')
    .where({ id })
    .update({
      status: 'failed',
      attempts: trx.raw('attempts + 1'),
      transport,
      last_error: error.slice(0, 1000),
      recipient: null,
      reply_to: null,
      finished_at: trx.fn.now(),
    });

/** Try again later. */
export const markRetry = (trx: Trx, id: number, transport: string, error: string, delayMs: number) =>
  trx('deliveries')
    .where({ id })
    .update({
      attempts: trx.raw('attempts + 1'),
      transport,
      last_error: error.slice(0, 1000),
      next_attempt_at: trx.raw('now() + make_interval(secs => ?)', [delayMs / 1000]),
    });

/** Retention: finished jobs (already without address) older than `days` are deleted. */
export const purgeFinishedDeliveries = (db: Db, days: number): Promise<number> =>
  db('deliveries')
    .whereNot('status', 'pending')
    .andWhere('finished_at', '<', db.raw('now() - make_interval(days => ?)', [days]))
    .delete();

export const findDeliveries = (
  db: Db,
  where: Partial<Pick<DeliveryRow, 'sale_reference' | 'request_id' | 'channel' | 'kind' | 'partner_request_id'>>,
): Promise<DeliveryRow[]> => db('deliveries').where(where).orderBy('id');
