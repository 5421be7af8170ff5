/**
 * The events the bingo (loto nights) domain publishes: type → version and JSON schema of its payload, and the
 * payload types derived from them. The kit's event catalogue (`@kermesse/kit/bus`) gathers every domain's events:
 * validated when recorded in an outbox and again when a consumer receives them.
 */
import { PRICE_TIER_SCHEMA, PRIZE_COST_SCHEMA, type PayloadsOf } from '@kermesse/contracts-common/events';

export const BINGO_EVENT_SCHEMAS = {
  /** A loto night's current state (its event and its prizes with their cost): the latest wins. */
  'bingo.configured': {
    version: 1,
    payload: {
      type: 'object',
      required: ['bingoId', 'eventId', 'name', 'heldOn', 'prizes'],
      properties: {
        bingoId: { type: 'integer', minimum: 1 },
        /** null: the night belongs to no event (any more). */
        eventId: { type: ['integer', 'null'], minimum: 1 },
        name: { type: 'string', minLength: 1 },
        heldOn: { type: 'string', format: 'date' },
        prizes: { type: 'array', items: PRIZE_COST_SCHEMA },
        /** What the register sells: the carton price as tiers, how many cartons exist, whether sales are open. */
        cartonPriceCents: { type: 'integer', minimum: 0 },
        tiers: { type: 'array', items: PRICE_TIER_SCHEMA },
        totalCartons: { type: 'integer', minimum: 0 },
        salesOpen: { type: 'boolean' },
      },
      additionalProperties: false,
    },
  },
} as const;

/** Payload types of the bingo service's events, derived from their schemas. */
export type BingoEventPayloads = PayloadsOf<typeof BINGO_EVENT_SCHEMAS>;
