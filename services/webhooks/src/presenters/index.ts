import type { DeliveryAnswer, EndpointAnswer } from '@kermesse/contracts-webhooks';
import type { DeliveryRow } from '../repositories/deliveries.ts';
import type { EndpointWithCounts } from '../repositories/endpoints.ts';

const iso = (date: Date | string | null) => (date === null ? null : new Date(date).toISOString());

export const presentEndpoint = (row: EndpointWithCounts): EndpointAnswer => ({
  id: row.id,
  url: row.url,
  description: row.description,
  eventTypes: row.event_types,
  createdAt: new Date(row.created_at).toISOString(),
  deliveries: { pending: row.pending, sent: row.sent, failed: row.failed },
});

export const presentDelivery = (row: DeliveryRow): DeliveryAnswer => ({
  id: Number(row.id),
  endpointId: row.endpoint_id,
  eventId: row.event_id,
  eventType: row.event_type,
  status: row.status,
  attempts: row.attempts,
  lastStatus: row.last_status,
  lastAnswer: row.last_answer,
  nextAttemptAt: row.status === 'pending' ? iso(row.next_attempt_at) : null,
  createdAt: new Date(row.created_at).toISOString(),
  deliveredAt: iso(row.delivered_at),
});
