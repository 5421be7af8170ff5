import { randomUUID } from 'node:crypto';
import type { ValidateFunction } from 'ajv';
import { ajv } from '../http/validation.ts';
import { ENVELOPE_SCHEMA, EVENT_SCHEMAS, type EventEnvelope, type EventPayloads, type EventType } from './eventSchemas.ts';

const validateEnvelope = ajv.compile(ENVELOPE_SCHEMA);
const payloadValidators = Object.fromEntries(
  Object.entries(EVENT_SCHEMAS).map(([type, def]) => [type, ajv.compile(def.payload)]),
) as Record<EventType, ValidateFunction>;

export class InvalidEventError extends Error {}

/** Builds a new envelope and checks its payload against the catalogue (a producer bug fails loudly). */
export function buildEnvelope<T extends EventType>(source: string, type: T, payload: EventPayloads[T]): EventEnvelope<T> {
  const envelope: EventEnvelope<T> = {
    id: randomUUID(),
    type,
    version: EVENT_SCHEMAS[type].version,
    occurredAt: new Date().toISOString(),
    source,
    payload,
  };
  assertValidEnvelope(envelope);
  return envelope;
}

/** Validates an envelope and its payload; throws InvalidEventError naming the problem. */
export function assertValidEnvelope(value: unknown): asserts value is EventEnvelope {
  if (!validateEnvelope(value)) {
    throw new InvalidEventError(`invalid envelope: ${ajv.errorsText(validateEnvelope.errors)}`);
  }
  const envelope = value as unknown as EventEnvelope;
  const validatePayload = payloadValidators[envelope.type];
  if (!validatePayload(envelope.payload)) {
    throw new InvalidEventError(`invalid ${envelope.type} payload: ${ajv.errorsText(validatePayload.errors)}`);
  }
}
