/**
 * The TypeBox schemas of the webhooks routes (docs/webhooks.md) and the types derived from them.
 * Everything is camelCase; dates are ISO 8601 texts.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Id, Int, SafeText } from '@kermesse/contracts-common/schemas';
import { WEBHOOK_EVENT_TYPES, type DeliveryStatus, type WebhookEventType } from './eventTypes.ts';

const EventType = Type.Unsafe<WebhookEventType>({ type: 'string', enum: [...WEBHOOK_EVENT_TYPES] });

// ── Requests ─────────────────────────────────────────────────────────────────────────────────────
/** `POST /api/admin/webhooks`: a new endpoint. */
export const NewEndpointBody = Type.Object(
  {
    url: Type.String({ minLength: 1, maxLength: 2000 }),
    description: Type.Optional(SafeText({ maxLength: 200 })),
    eventTypes: Type.Array(EventType, { maxItems: WEBHOOK_EVENT_TYPES.length, uniqueItems: true }),
  },
  { additionalProperties: false },
);
export type NewEndpointBody = Static<typeof NewEndpointBody>;

/** `/api/admin/webhooks/{id}…` and `/api/admin/webhooks/deliveries/{id}/resend`. */
export const IdParams = Type.Object({ id: Id });
export type IdParams = Static<typeof IdParams>;

/** `GET /api/admin/webhooks/{id}/deliveries?limit=50`: the most recent first. */
export const DeliveriesQuery = Type.Object({ limit: Type.Optional(Int(1, 500)) });
export type DeliveriesQuery = Static<typeof DeliveriesQuery>;

// ── Answers ──────────────────────────────────────────────────────────────────────────────────────
export const DeliveryCounts = Type.Object({ pending: Type.Integer(), sent: Type.Integer(), failed: Type.Integer() });

/** An endpoint as listed (its secret is never shown again after its creation). */
export const EndpointAnswer = Type.Object({
  id: Type.Integer(),
  url: Type.String(),
  description: Type.Union([Type.String(), Type.Null()]),
  eventTypes: Type.Array(EventType),
  createdAt: Type.String(),
  deliveries: DeliveryCounts,
});
export type EndpointAnswer = Static<typeof EndpointAnswer>;

/** `POST /api/admin/webhooks` → 201: the endpoint and its signing secret, shown this once. */
export const CreatedEndpointAnswer = Type.Intersect([EndpointAnswer, Type.Object({ secret: Type.String() })]);
export type CreatedEndpointAnswer = Static<typeof CreatedEndpointAnswer>;

export const EndpointListAnswer = Type.Object({ items: Type.Array(EndpointAnswer), total: Type.Integer() });
export type EndpointListAnswer = Static<typeof EndpointListAnswer>;

/** One delivery of one event to one endpoint. */
export const DeliveryAnswer = Type.Object({
  id: Type.Integer(),
  endpointId: Type.Integer(),
  /** The bus event's id, sent as `webhook-id`. */
  eventId: Type.String(),
  eventType: EventType,
  status: Type.Unsafe<DeliveryStatus>({ type: 'string', enum: ['pending', 'sent', 'failed'] }),
  attempts: Type.Integer(),
  /** HTTP status of the last answer, null when no answer came (refused, timed out). */
  lastStatus: Type.Union([Type.Integer(), Type.Null()]),
  /** The start of the last answer's body, or why no answer came. */
  lastAnswer: Type.Union([Type.String(), Type.Null()]),
  nextAttemptAt: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String(),
  deliveredAt: Type.Union([Type.String(), Type.Null()]),
});
export type DeliveryAnswer = Static<typeof DeliveryAnswer>;

export const DeliveryListAnswer = Type.Object({ items: Type.Array(DeliveryAnswer), total: Type.Integer() });
export type DeliveryListAnswer = Static<typeof DeliveryListAnswer>;
