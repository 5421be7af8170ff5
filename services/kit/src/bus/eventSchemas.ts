/**
 * The one catalogue of events: type → version and JSON schema of its payload, gathered from each
 * publishing domain's contract (`@kermesse/contracts-<domain>/events`). Validated when an event is
 * recorded in an outbox and again when a consumer receives it. Events carry everything a consumer
 * needs (never just an id).
 */
import { BINGO_EVENT_SCHEMAS, type BingoEventPayloads } from '@kermesse/contracts-bingo/events';
import { PRICE_TIER_SCHEMA, PRIZE_COST_SCHEMA, type PrizeCost } from '@kermesse/contracts-common/events';
import { IDENTITY_EVENT_SCHEMAS, type IdentityEventPayloads } from '@kermesse/contracts-identity/events';
import { REGISTER_EVENT_SCHEMAS, type RegisterEventPayloads } from '@kermesse/contracts-register/events';
import { STOCK_EVENT_SCHEMAS, type StockEventPayloads } from '@kermesse/contracts-stock/events';

export type { PriceTier, PrizeCost } from '@kermesse/contracts-common/events';
export type { ReceiptContent, SalePayment, TillAmounts } from '@kermesse/contracts-register/events';

// The raffle's events move to `@kermesse/contracts-raffle/events` once that package is in the repository.
const RAFFLE_EVENT_SCHEMAS = {
  'raffle.configured': {
    version: 1,
    payload: {
      type: 'object',
      required: ['raffleId', 'eventId', 'name', 'totalTickets', 'tiers'],
      properties: {
        raffleId: { type: 'integer', minimum: 1 },
        eventId: { type: 'integer', minimum: 1 },
        name: { type: 'string', minLength: 1 },
        totalTickets: { type: 'integer', minimum: 0 },
        tiers: { type: 'array', items: PRICE_TIER_SCHEMA },
        salesOpen: { type: 'boolean' },
        /** The raffle's prizes with their cost (all of them: the latest state wins); absent in older events. */
        prizes: { type: 'array', items: PRIZE_COST_SCHEMA },
      },
      additionalProperties: false,
    },
  },
  'giftbasket.configured': {
    version: 1,
    payload: {
      type: 'object',
      required: ['giftBasketId', 'eventId', 'name', 'tiers', 'types'],
      properties: {
        giftBasketId: { type: 'integer', minimum: 1 },
        eventId: { type: 'integer', minimum: 1 },
        name: { type: 'string', minLength: 1 },
        tiers: { type: 'array', items: PRICE_TIER_SCHEMA },
        types: {
          type: 'array',
          items: {
            type: 'object', required: ['id', 'name', 'priceCents'],
            properties: { id: { type: 'integer', minimum: 1 }, name: { type: 'string', minLength: 1 }, priceCents: { type: 'integer', minimum: 0 } },
            additionalProperties: false,
          },
        },
      },
      additionalProperties: false,
    },
  },
  'raffle.drawn': {
    version: 1,
    payload: {
      type: 'object',
      required: ['raffleId', 'drawnAt', 'winners'],
      properties: {
        raffleId: { type: 'integer', minimum: 1 },
        drawnAt: { type: 'string', format: 'date-time' },
        winners: {
          type: 'array',
          items: {
            type: 'object', required: ['prizeId', 'number'],
            properties: { prizeId: { type: 'integer', minimum: 1 }, number: { type: 'integer', minimum: 1 } },
            additionalProperties: false,
          },
        },
      },
      additionalProperties: false,
    },
  },
} as const;

interface RaffleEventPayloads {
  'raffle.configured': {
    raffleId: number; eventId: number; name: string; totalTickets: number;
    tiers: Array<{ nb: number; priceCents: number }>; salesOpen?: boolean;
    prizes?: PrizeCost[];
  };
  'giftbasket.configured': {
    giftBasketId: number; eventId: number; name: string;
    tiers: Array<{ nb: number; priceCents: number }>;
    types: Array<{ id: number; name: string; priceCents: number }>;
  };
  'raffle.drawn': { raffleId: number; drawnAt: string; winners: Array<{ prizeId: number; number: number }> };
}

export const EVENT_SCHEMAS = {
  ...IDENTITY_EVENT_SCHEMAS,
  ...REGISTER_EVENT_SCHEMAS,
  ...RAFFLE_EVENT_SCHEMAS,
  ...BINGO_EVENT_SCHEMAS,
  ...STOCK_EVENT_SCHEMAS,
} as const;

export type EventType = keyof typeof EVENT_SCHEMAS;

/** Payload types, written next to their schemas in each contract so producers and consumers are typed. */
export interface EventPayloads extends IdentityEventPayloads, RegisterEventPayloads, RaffleEventPayloads, BingoEventPayloads, StockEventPayloads {}

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
