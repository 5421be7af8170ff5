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
  /**
   * A carton the caller checked wins the partie being played: once per night, partie and carton (a
   * second check of the same carton records nothing). No buyer's name or address: it reaches outside tools
   * (docs/webhooks.md).
   */
  'bingo.won': {
    version: 1,
    payload: {
      type: 'object',
      required: ['bingoId', 'eventId', 'partie', 'kind', 'carton', 'cartonNumber', 'ballsDrawn', 'lastBall', 'saleReference', 'checkedAt'],
      properties: {
        bingoId: { type: 'integer', minimum: 1 },
        eventId: { type: ['integer', 'null'], minimum: 1 },
        /** The partie's number in the night (1, 2…). */
        partie: { type: 'integer', minimum: 1 },
        kind: { type: 'string', enum: ['quine', 'double_quine', 'carton_plein'] },
        /** The carton's code as printed (`12-7`: number and check digit). */
        carton: { type: 'string', minLength: 1 },
        cartonNumber: { type: 'integer', minimum: 1 },
        ballsDrawn: { type: 'integer', minimum: 1 },
        lastBall: { type: ['integer', 'null'], minimum: 1, maximum: 90 },
        /** The register's sale that sold the carton, when it was sold there. */
        saleReference: { type: ['string', 'null'] },
        checkedAt: { type: 'string', format: 'date-time' },
      },
      additionalProperties: false,
    },
  },
} as const;

/** Payload types of the bingo service's events, derived from their schemas. */
export type BingoEventPayloads = PayloadsOf<typeof BINGO_EVENT_SCHEMAS>;
