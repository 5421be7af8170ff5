/**
 * The one catalogue of events: type → version and JSON schema of its payload, gathered from each
 * publishing domain's contract (`@kermesse/contracts-<domain>/events`). Validated when an event is
 * recorded in an outbox and again when a consumer receives it. Events carry everything a consumer
 * needs (never just an id).
 */
import { BINGO_EVENT_SCHEMAS, type BingoEventPayloads } from '@kermesse/contracts-bingo/events';
import { IDENTITY_EVENT_SCHEMAS, type IdentityEventPayloads } from '@kermesse/contracts-identity/events';
import { RAFFLE_EVENT_SCHEMAS, type RaffleEventPayloads } from '@kermesse/contracts-raffle/events';
import { REGISTER_EVENT_SCHEMAS, type RegisterEventPayloads } from '@kermesse/contracts-register/events';
import { STOCK_EVENT_SCHEMAS, type StockEventPayloads } from '@kermesse/contracts-stock/events';

export type { PriceTier, PrizeCost } from '@kermesse/contracts-common/events';
export type { ReceiptContent, SalePayment, TillAmounts } from '@kermesse/contracts-register/events';

export const EVENT_SCHEMAS = {
  ...IDENTITY_EVENT_SCHEMAS,
  ...REGISTER_EVENT_SCHEMAS,
  ...RAFFLE_EVENT_SCHEMAS,
  ...BINGO_EVENT_SCHEMAS,
  ...STOCK_EVENT_SCHEMAS,
} as const;

export type EventType = keyof typeof EVENT_SCHEMAS;

/** Payload types, written next to their schemas in each contract so producers and consumers are typed. */
export interface EventPayloads
  extends IdentityEventPayloads, RegisterEventPayloads, RaffleEventPayloads, BingoEventPayloads, StockEventPayloads {}

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
