import { type Db } from '@kermesse/kit/db';
import { startPoller, type Logger } from '@kermesse/kit/http';
import { createAssociationLister, createAssociationSweep, withAssociation, type AssociationLister } from '@kermesse/kit/tenancy';
import { claimDueDelivery, markFailed, markRetry, markSent, type Channel, type DeliveryRow } from '../repositories/deliveries.ts';
import { maskRecipient } from './recipients.ts';
import { PermanentDeliveryError, type MessageTransport } from './transports/types.ts';

export interface DeliveryWorkerOptions {
  db: Db;
  logger: Logger;
  transports: Record<Channel, MessageTransport>;
  /** Idle polling interval (jobs queued by another instance, retries coming due). */
  pollMs?: number;
  /** Jobs sent at the same time, each in its own transaction. */
  concurrency?: number;
  /** Attempts before a job is given up. */
  maxAttempts?: number;
  /** Delay before the retry that follows attempt n (1-based). */
  retryDelayMs?: (attempt: number) => number;
  /** Runs about once an hour in each association (retention: deleting what is kept no longer). */
  housekeeping?: () => Promise<void>;
  /** The associations whose messages are sent (hosting: every hosted one; else the install's one). */
  associations?: AssociationLister;
  /**
   * How often every association is looked at (retries coming due, jobs queued by another instance);
   * an association that queued a message here is looked at at once. Default: every poll without
   * hosting, 15 s with it (hundreds of associations are not each asked every second).
   */
  sweepMs?: number;
}

export interface DeliveryWorker {
  /** Look for due jobs now (after a commit that queued one), first in the current association. */
  wake(): void;
  /** Sends everything due now; resolves to the number of jobs handled (sent, retried or failed). */
  drain(): Promise<number>;
  stop(): Promise<void>;
}

/** 30 s, 1 min, 2 min … capped at 1 h: ten attempts span about four hours. */
export const defaultRetryDelayMs = (attempt: number): number => Math.min(3_600_000, 30_000 * 2 ** (attempt - 1));

const HOUSEKEEPING_EVERY_MS = 3_600_000;

/**
 * Sends queued messages. Each job is claimed with FOR UPDATE SKIP LOCKED inside a transaction
 * that stays open while the transport sends, so two instances never send the same job; the job is
 * marked sent only after the provider accepted it, then its recipient is erased. A failure is
 * retried with exponential backoff; a final refusal or the last attempt marks it failed and
 * erases the recipient as well. If the process dies mid-send the lock goes with it and the job is
 * sent again (at least once; the e-mail keeps the same Message-ID).
 */
export function startDeliveryWorker(options: DeliveryWorkerOptions): DeliveryWorker {
  const { db, logger, transports } = options;
  const pollMs = options.pollMs ?? 1_000;
  const concurrency = options.concurrency ?? 4;
  const maxAttempts = options.maxAttempts ?? 10;
  const retryDelayMs = options.retryDelayMs ?? defaultRetryDelayMs;
  const log = logger.child({ component: 'delivery-worker' });
  const associations = options.associations ?? createAssociationLister(undefined);
  // Each association's messages are seen only in that association (row-level security).
  const sweep = createAssociationSweep({ associations, sweepMs: options.sweepMs });
  let stopped = false;
  let lastHousekeeping = 0;

  async function sendOne(): Promise<boolean> {
    return db.transaction(async (trx) => {
      const job = await claimDueDelivery(trx);
      if (!job) return false;
      const transport = transports[job.channel];
      try {
        const result = await transport.send(toMessage(job));
        await markSent(trx, job.id, transport.name, result.providerMessageId ?? null);
        log.info('message delivered', {
          id: job.id,
          kind: job.kind,
          channel: job.channel,
          reference: job.sale_reference ?? undefined,
          transport: transport.name,
        });
      } catch (err) {
        const attempt = job.attempts + 1;
        const reason = err instanceof Error ? err.message : String(err);
        if (err instanceof PermanentDeliveryError || attempt >= maxAttempts) {
          await markFailed(trx, job.id, transport.name, reason);
          log.error('message given up', { id: job.id, channel: job.channel, to: maskRecipient(job.recipient ?? ''), attempt, err: reason });
        } else {
          const delayMs = retryDelayMs(attempt);
          await markRetry(trx, job.id, transport.name, reason, delayMs);
          log.warn('message not delivered yet; will retry', { id: job.id, channel: job.channel, attempt, delayMs, err: reason });
        }
      }
      return true;
    });
  }

  async function lane(): Promise<number> {
    let handled = 0;
    while (!stopped && (await sendOne())) handled += 1;
    return handled;
  }

  async function drainAll(): Promise<number> {
    const counts = await Promise.all(Array.from({ length: concurrency }, lane));
    return counts.reduce((a, b) => a + b, 0);
  }

  async function housekeeping(): Promise<void> {
    const run = options.housekeeping;
    if (!run || Date.now() - lastHousekeeping < HOUSEKEEPING_EVERY_MS) return;
    lastHousekeeping = Date.now();
    for (const id of await associations.ids()) await withAssociation(id, run);
  }

  const poller = startPoller({
    async drain() {
      const handled = await sweep.visit(drainAll);
      await housekeeping();
      return handled;
    },
    pollMs,
    maxBackoffMs: 10_000,
    onFailure(err, failures) {
      if (failures === 1 || failures % 20 === 0) log.warn('delivery worker cannot reach the database; will retry', { err: String(err) });
    },
  });

  return {
    wake() {
      sweep.wake();
      poller.wake();
    },
    drain: () => poller.flush(),
    async stop() {
      stopped = true;
      await poller.stop();
      await Promise.all(Object.values(transports).map((t) => t.close?.()));
    },
  };
}

function toMessage(job: DeliveryRow) {
  return {
    channel: job.channel,
    to: job.recipient!,
    subject: job.subject,
    text: job.body_text,
    html: job.body_html,
    replyTo: job.reply_to,
    idempotencyKey:
      `${job.kind}-${job.sale_reference ?? job.partner_request_id ?? job.id}-${job.channel}${job.request_id ? `-${job.request_id}` : ''}`.replace(
        /[^A-Za-z0-9._-]/g,
        '_',
      ),
  };
}
