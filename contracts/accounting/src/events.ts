/**
 * The events the accounting domain publishes: type → version and JSON schema of its payload, and the
 * payload types derived from them (validated by the kit when recorded and when received).
 *
 * HelloAsso's tickets (docs/helloasso.md §6): an event ticket of a HelloAsso order, imported for a form
 * linked to a fair, becomes a pre-sold ticket checked at the gate; refunded on HelloAsso, it is cancelled.
 * The raffle service, which keeps the gate's tickets, reads both.
 */
import type { PayloadsOf } from '@kermesse/contracts-common/events';

export const ACCOUNTING_EVENT_SCHEMAS = {
  'helloasso.ticket.sold': {
    version: 1,
    payload: {
      type: 'object',
      required: ['itemId', 'orderId', 'eventId', 'holder', 'label', 'quantity'],
      properties: {
        /** HelloAsso's item id: one ticket per item, whatever is sent twice. */
        itemId: { type: 'integer', minimum: 1 },
        orderId: { type: 'integer', minimum: 1 },
        /** The fair the form is linked to. */
        eventId: { type: 'integer', minimum: 1 },
        holder: { type: 'string', minLength: 1, maxLength: 120 },
        label: { type: 'string', maxLength: 120 },
        quantity: { type: 'integer', minimum: 1, maximum: 50 },
      },
      additionalProperties: false,
    },
  },
  'helloasso.ticket.refunded': {
    version: 1,
    payload: {
      type: 'object',
      required: ['itemId', 'refundedOn'],
      properties: {
        itemId: { type: 'integer', minimum: 1 },
        /** The day of the refund in France (YYYY-MM-DD). */
        refundedOn: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' },
      },
      additionalProperties: false,
    },
  },
} as const;

/** Payload types of the accounting service's events, derived from their schemas. */
export type AccountingEventPayloads = PayloadsOf<typeof ACCOUNTING_EVENT_SCHEMAS>;
