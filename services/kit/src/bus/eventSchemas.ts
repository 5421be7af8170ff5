/**
 * The events a service knows, handed to the kit by the service itself: each domain's contract
 * describes the events it publishes (`@kermesse/contracts-<domain>/events`: type → version and JSON
 * schema of the payload), and each service registers the catalogues of the events it publishes and
 * consumes, once, in its `src/events.ts` (loaded by its app and its consumers). The kit knows no
 * domain: it validates an envelope against what was registered, when an event is recorded in an
 * outbox and again when a consumer receives it. Events carry everything a consumer needs (never
 * just an id).
 */
import type { ValidateFunction } from 'ajv';
import { ajv } from '../http/validation.ts';

/** One event of a domain: the version of its payload and the payload's JSON schema. */
export interface EventDefinition {
  readonly version: number;
  readonly payload: object;
}

/** A domain's events, as its contract exports them (`REGISTER_EVENT_SCHEMAS`…). */
export type EventCatalogue = Readonly<Record<string, EventDefinition>>;

declare global {
  /**
   * type → payload of the events a program knows. Empty in the kit: each service adds the payloads of
   * the catalogues it registers, in its `src/events.ts`
   * (`interface KermesseEventPayloads extends RegisterEventPayloads {}`), so producers and consumers
   * are typed from the contracts.
   */
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface KermesseEventPayloads {}
}

/** Payload types of the known events, from the contracts a service registered. */
export type EventPayloads = KermesseEventPayloads;

export type EventType = keyof EventPayloads & string;

/** What travels on the bus. */
export interface EventEnvelope<T extends EventType = EventType> {
  id: string;
  type: T;
  version: number;
  occurredAt: string;
  source: string;
  /** The association the event belongs to (absent before hosting: the install's one). */
  associationId?: string;
  payload: EventPayloads[T];
}

export const ENVELOPE_SCHEMA = {
  type: 'object',
  required: ['id', 'type', 'version', 'occurredAt', 'source', 'payload'],
  properties: {
    id: { type: 'string', format: 'uuid' },
    type: { type: 'string', minLength: 1 },
    version: { type: 'integer', minimum: 1 },
    occurredAt: { type: 'string', format: 'date-time' },
    source: { type: 'string', minLength: 1 },
    associationId: { type: 'string', format: 'uuid' },
    payload: { type: 'object' },
  },
  additionalProperties: false,
} as const;

interface KnownEvent {
  version: number;
  payload: object;
  validate: ValidateFunction;
}

const known = new Map<string, KnownEvent>();

/**
 * Hands the kit the catalogues of the events this service publishes and consumes (its `src/events.ts`
 * does it when it loads). Registering the same event again is harmless; the same type with another
 * version or schema is a programming error and throws.
 */
export function registerEventCatalogue(...catalogues: EventCatalogue[]): void {
  for (const catalogue of catalogues) {
    for (const [type, definition] of Object.entries(catalogue)) {
      const existing = known.get(type);
      if (existing) {
        if (existing.version !== definition.version || existing.payload !== definition.payload)
          throw new Error(`event ${type} registered twice with different definitions`);
        continue;
      }
      known.set(type, { version: definition.version, payload: definition.payload, validate: ajv.compile(definition.payload) });
    }
  }
}

/** The registered definition of `type`, or undefined when no catalogue of this service names it. */
export function knownEvent(type: string): Readonly<KnownEvent> | undefined {
  return known.get(type);
}
