/**
 * The events the stock domain publishes: type → version and JSON schema of its payload, and the
 * payload types derived from them. The kit's event catalogue (`@kermesse/kit/bus`) gathers every domain's events:
 * validated when recorded in an outbox and again when a consumer receives them.
 */
import type { PayloadsOf } from '@kermesse/contracts-common/events';

export const STOCK_EVENT_SCHEMAS = {
  'stock.alert': {
    version: 1,
    payload: {
      type: 'object',
      required: ['eventId', 'productId', 'isAlert', 'stock', 'alertThreshold'],
      properties: {
        eventId: { type: 'integer', minimum: 1 },
        productId: { type: 'integer', minimum: 1 },
        /** true when the level is at or below the threshold. */
        isAlert: { type: 'boolean' },
        stock: { type: 'integer' },
        alertThreshold: { type: 'integer', minimum: 0 },
      },
      additionalProperties: false,
    },
  },
} as const;

/** Payload types of the stock service's events, derived from their schemas. */
export type StockEventPayloads = PayloadsOf<typeof STOCK_EVENT_SCHEMAS>;
