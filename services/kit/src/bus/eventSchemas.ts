/**
 * The one catalogue of events: type → version and JSON schema of its payload.
 * Validated when an event is recorded in an outbox and again when a consumer receives it.
 * Events carry everything a consumer needs (never just an id).
 */
export const EVENT_SCHEMAS = {
  'user.created': {
    version: 1,
    payload: {
      type: 'object',
      required: ['userId', 'email', 'roles'],
      properties: {
        userId: { type: 'string', minLength: 1 },
        email: { type: 'string', minLength: 3 },
        roles: { type: 'array', items: { type: 'string', enum: ['admin', 'treasurer', 'cashier', 'volunteer'] } },
      },
      additionalProperties: false,
    },
  },
  'catalog.event.created': {
    version: 1,
    payload: {
      type: 'object',
      required: ['eventId', 'name'],
      properties: {
        eventId: { type: 'integer', minimum: 1 },
        name: { type: 'string', minLength: 1 },
        startsOn: { type: ['string', 'null'], format: 'date' },
      },
      additionalProperties: false,
    },
  },
  'catalog.checkout.created': {
    version: 1,
    payload: {
      type: 'object',
      required: ['checkoutId', 'eventId', 'name'],
      properties: {
        checkoutId: { type: 'integer', minimum: 1 },
        eventId: { type: 'integer', minimum: 1 },
        name: { type: 'string', minLength: 1 },
      },
      additionalProperties: false,
    },
  },
} as const;

export type EventType = keyof typeof EVENT_SCHEMAS;

/** Payload types, written by hand next to their schemas so producers and consumers are typed. */
export interface EventPayloads {
  'user.created': { userId: string; email: string; roles: string[] };
  'catalog.event.created': { eventId: number; name: string; startsOn?: string | null };
  'catalog.checkout.created': { checkoutId: number; eventId: number; name: string };
}

/** What travels on the bus. */
export interface EventEnvelope<T extends EventType = EventType> {
  id: string;
  type: T;
  version: number;
  occurredAt: string;
  source: string;
  payload: EventPayloads[T];
}

export const ENVELOPE_SCHEMA = {
  type: 'object',
  required: ['id', 'type', 'version', 'occurredAt', 'source', 'payload'],
  properties: {
    id: { type: 'string', format: 'uuid' },
    type: { type: 'string', enum: Object.keys(EVENT_SCHEMAS) },
    version: { type: 'integer', minimum: 1 },
    occurredAt: { type: 'string', format: 'date-time' },
    source: { type: 'string', minLength: 1 },
    payload: { type: 'object' },
  },
  additionalProperties: false,
} as const;
