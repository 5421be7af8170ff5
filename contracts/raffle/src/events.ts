/**
 * The events the raffle (raffles, gift baskets, drawings) domain publishes: type → version and JSON schema of its payload, and the
 * payload types derived from them. The kit's event catalogue (`@kermesse/kit/bus`) gathers every domain's events:
 * validated when recorded in an outbox and again when a consumer receives them.
 */
import { PRICE_TIER_SCHEMA, PRIZE_COST_SCHEMA, type PayloadsOf } from '@kermesse/contracts-common/events';

export const RAFFLE_EVENT_SCHEMAS = {
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
            type: 'object',
            required: ['id', 'name', 'priceCents'],
            properties: {
              id: { type: 'integer', minimum: 1 },
              name: { type: 'string', minLength: 1 },
              priceCents: { type: 'integer', minimum: 0 },
            },
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
            type: 'object',
            required: ['prizeId', 'number'],
            properties: { prizeId: { type: 'integer', minimum: 1 }, number: { type: 'integer', minimum: 1 } },
            additionalProperties: false,
          },
        },
      },
      additionalProperties: false,
    },
  },
} as const;

/** Payload types of the raffle service's events, derived from their schemas. */
export type RaffleEventPayloads = PayloadsOf<typeof RAFFLE_EVENT_SCHEMAS>;
