import { type Db } from '@kermesse/kit/db';
import { startPoller, type Logger } from '@kermesse/kit/http';
import { createAssociationLister, createAssociationSweep, type AssociationLister } from '@kermesse/kit/tenancy';
import { claimDueDelivery, markFailed, markRetry, markSent, type Answer, type DueDelivery } from '../repositories/deliveries.ts';
import type { EndpointSecrets } from './endpointSecrets.ts';
import { signedHeaders } from './signing.ts';

export interface WebhookWorkerOptions {
  db: Db;
  logger: Logger;
  secrets: EndpointSecrets;
  /** Idle polling interval (deliveries queued by another instance, retries coming due). */
  pollMs?: number;
  /** Deliveries sent at the same time, each in its own transaction. */
  concurrency?: number;
  /** Delay before the retry that follows attempt n (1-based). */
  retryDelayMs?: (attempt: number) => number;
  /** How long one request may take before it counts as failed. */
  timeoutMs?: number;
  fetch?: typeof fetch;
  /** The associations whose deliveries are sent (hosting: every hosted one; else the install's one). */
  associations?: AssociationLister;
  /**
   * How often every association is looked at (retries coming due, deliveries queued by another
   * instance); an association that queued one here is looked at at once (kit's createAssociationSweep).
   */
  sweepMs?: number;
}

export interface WebhookWorker {
  /** Look for due deliveries now (after a commit that queued one), first in the current association. */
  wake(): void;
  /** Sends everything due now; resolves to the number of deliveries handled. */
  drain(): Promise<number>;
  stop(): Promise<void>;
}

/**
 * docs/webhooks.md §3: 30 s, 1 min, 2 min … doubling, at most 2 h apart — about fifteen attempts in
 * the 24 hours a delivery is tried.
 */
export const defaultRetryDelayMs = (attempt: number): number => Math.min(7_200_000, 30_000 * 2 ** (attempt - 1));

const ANSWER_KEPT = 500;

/**
 * Sends the queued deliveries. Each is claimed with FOR UPDATE SKIP LOCKED inside a transaction that
 * stays open while the request goes out, so two instances never send the same delivery at once; a
 * 2xx marks it sent. Anything else (another status, no answer, a timeout) is retried with
 * exponential backoff until its 24-hour window closes, then it is marked failed — « Renvoyer » opens
 * a new window. If the process dies mid-send the lock goes with it and the delivery is sent again,
 * with the same `webhook-id`.
 */
export function startWebhookWorker(options: WebhookWorkerOptions): WebhookWorker {
  const { db, logger, secrets } = options;
  const concurrency = options.concurrency ?? 4;
  const retryDelayMs = options.retryDelayMs ?? defaultRetryDelayMs;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const send = options.fetch ?? fetch;
  const log = logger.child({ component: 'webhook-worker' });
  // Each association's deliveries are seen only in that association (row-level security).
  const sweep = createAssociationSweep({
    associations: options.associations ?? createAssociationLister(undefined),
    sweepMs: options.sweepMs,
  });
  let stopped = false;

  async function post(delivery: DueDelivery): Promise<Answer & { ok: boolean }> {
    const body = JSON.stringify(delivery.body);
    try {
      const response = await send(delivery.url, {
        method: 'POST',
        // A redirect is not followed: the signature was made for this address.
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Kermesse-Webhooks/1',
          ...signedHeaders(secrets.open(delivery.secret), delivery.event_id, body),
        },
        body,
      });
      const text = (await response.text().catch(() => '')).slice(0, ANSWER_KEPT);
      return { ok: response.status >= 200 && response.status < 300, status: response.status, text };
    } catch (err) {
      return { ok: false, status: null, text: noAnswer(err, timeoutMs) };
    }
  }

  async function sendOne(): Promise<boolean> {
    return db.transaction(async (trx) => {
      const delivery = await claimDueDelivery(trx);
      if (!delivery) return false;
      const answer = await post(delivery);
      const attempt = delivery.attempts + 1;
      const context = { id: delivery.id, endpoint: delivery.endpoint_id, event: delivery.event_id, attempt, status: answer.status };
      if (answer.ok) {
        await markSent(trx, delivery.id, answer);
        log.info('webhook delivered', context);
        return true;
      }
      const delayMs = retryDelayMs(attempt);
      if (Date.now() + delayMs > new Date(delivery.give_up_at).getTime()) {
        await markFailed(trx, delivery.id, answer);
        log.error('webhook given up', { ...context, answer: answer.text });
      } else {
        await markRetry(trx, delivery.id, answer, delayMs);
        log.warn('webhook not delivered yet; will retry', { ...context, delayMs, answer: answer.text });
      }
      return true;
    });
  }

  async function lane(): Promise<number> {
    let handled = 0;
    while (!stopped && (await sendOne())) handled += 1;
    return handled;
  }

  const poller = startPoller({
    drain: () =>
      sweep.visit(async () => {
        const counts = await Promise.all(Array.from({ length: concurrency }, lane));
        return counts.reduce((a, b) => a + b, 0);
      }),
    pollMs: options.pollMs ?? 1_000,
    maxBackoffMs: 10_000,
    onFailure(err, failures) {
      if (failures === 1 || failures % 20 === 0) log.warn('webhook worker cannot reach the database; will retry', { err: String(err) });
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
    },
  };
}

/** Why no answer came, in French for the delivery log. */
function noAnswer(err: unknown, timeoutMs: number): string {
  const error = err as { name?: string; message?: string; cause?: { code?: string; message?: string } };
  if (error.name === 'TimeoutError') return `Pas de réponse en ${timeoutMs / 1000} s.`;
  const code = error.cause?.code;
  if (code === 'ECONNREFUSED') return 'Connexion refusée : le serveur ne répond pas.';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'Adresse introuvable (DNS).';
  return `Pas de réponse : ${code ?? error.cause?.message ?? error.message ?? String(err)}`.slice(0, ANSWER_KEPT);
}
