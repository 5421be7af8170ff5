import { randomUUID } from 'node:crypto';
import { currentAssociation, SINGLE_ASSOCIATION_ID } from '../tenancy/association.ts';
import { ajv } from '../http/validation.ts';
import { ENVELOPE_SCHEMA, knownEvent, type EventEnvelope, type EventPayloads, type EventType } from './eventSchemas.ts';

const validateEnvelope = ajv.compile(ENVELOPE_SCHEMA);

export class InvalidEventError extends Error {}

/** Builds a new envelope and checks its payload against the catalogue (a producer bug fails loudly). */
export function buildEnvelope<T extends EventType>(source: string, type: T, payload: EventPayloads[T]): EventEnvelope<T> {
  const definition = knownEvent(type);
  if (!definition) throw new InvalidEventError(unknownType(type));
  const envelope: EventEnvelope<T> = {
    id: randomUUID(),
    type,
    version: definition.version,
    occurredAt: new Date().toISOString(),
    source,
    payload,
  };
  // The association the event belongs to: its consumers apply it in that association's rows.
  const associationId = currentAssociation();
  if (associationId) envelope.associationId = associationId;
  assertValidEnvelope(envelope);
  return envelope;
}

/** Validates an envelope and its payload; throws InvalidEventError naming the problem. */
export function assertValidEnvelope(value: unknown): asserts value is EventEnvelope {
  if (!validateEnvelope(value)) {
    throw new InvalidEventError(`invalid envelope: ${ajv.errorsText(validateEnvelope.errors)}`);
  }
  const envelope = value as unknown as { type: string; payload: unknown };
  const definition = knownEvent(envelope.type);
  if (!definition) throw new InvalidEventError(unknownType(envelope.type));
  if (!definition.validate(envelope.payload)) {
    throw new InvalidEventError(`invalid ${envelope.type} payload: ${ajv.errorsText(definition.validate.errors)}`);
  }
}

const unknownType = (type: string) =>
  `unknown event type ${type}: not in the catalogues this service registered (registerEventCatalogue in its src/events.ts)`;

/** The association an event belongs to (an envelope from before hosting: the install's one). */
export const associationOf = (envelope: { associationId?: string }): string => envelope.associationId ?? SINGLE_ASSOCIATION_ID;
