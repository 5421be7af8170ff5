/**
 * The bus events an outside tool may subscribe to (docs/webhooks.md §1), each read by its own durable
 * consumer through the inbox: the delivery rows are written in the inbox's transaction, one per
 * endpoint that asked for the type, so a redelivered event queues nothing more and none is lost.
 */
import '../events.ts';
import { startConsumer, type Bus, type EventConsumer, type EventEnvelope } from '@kermesse/kit/bus';
import type { Trx } from '@kermesse/kit/db';
import type { Db } from '@kermesse/kit/db';
import type { Logger } from '@kermesse/kit/http';
import { WEBHOOK_EVENT_SOURCES, type WebhookEventType } from '@kermesse/contracts-webhooks';
import { insertDeliveries } from '../repositories/deliveries.ts';
import { endpointsFor } from '../repositories/endpoints.ts';

export interface WebhookConsumersDeps {
  db: Db;
  bus: Bus;
  logger: Logger;
  /** Called once deliveries are committed (wakes the worker). */
  onQueued?(): void;
}

type SourceEvent = EventEnvelope<(typeof WEBHOOK_EVENT_SOURCES)[WebhookEventType]>;

/** The body every endpoint receives for an event (Standard Webhooks' `{ type, timestamp, data }`), under its public type. */
export function webhookBody(type: WebhookEventType, event: SourceEvent): { type: string; timestamp: string; data: unknown } {
  return { type, timestamp: event.occurredAt, data: event.payload };
}

/** Queues the event for every endpoint that asked for its public type; answers how many deliveries are new. */
export async function queueDeliveries(type: WebhookEventType, event: SourceEvent, trx: Trx): Promise<number> {
  const endpoints = await endpointsFor(trx, type, event.occurredAt);
  return insertDeliveries(
    trx,
    endpoints.map((endpoint) => ({ endpointId: endpoint.id, eventId: event.id, eventType: type, body: webhookBody(type, event) })),
  );
}

export async function startWebhookConsumers(deps: WebhookConsumersDeps): Promise<EventConsumer[]> {
  return Promise.all(
    (Object.entries(WEBHOOK_EVENT_SOURCES) as Array<[WebhookEventType, SourceEvent['type']]>).map(([type, source]) =>
      startConsumer({
        db: deps.db,
        bus: deps.bus,
        logger: deps.logger,
        name: `webhooks-${source.replace(/\./g, '-')}`,
        type: source,
        async handle(event, trx) {
          const queued = await queueDeliveries(type, event, trx);
          if (queued && deps.onQueued) void trx.executionPromise.then(deps.onQueued, () => undefined);
        },
      }),
    ),
  );
}
