import { INT_ID } from '../schemas.ts';

/** docs/platform.md « Ticket claims »: `{ claimId, tickets: [{raffleId, number}], bets: [{giftBasketId, typeId, weight}] }`. */
export const claimBody = {
  type: 'object',
  required: ['claimId'],
  properties: {
    claimId: { type: 'string', format: 'uuid' },
    checkoutId: INT_ID,
    tickets: {
      type: 'array',
      maxItems: 1000,
      default: [],
      items: {
        type: 'object',
        required: ['raffleId', 'number'],
        properties: { raffleId: INT_ID, number: { type: 'integer', minimum: 1, maximum: 1000000 } },
        additionalProperties: false,
      },
    },
    bets: {
      type: 'array',
      maxItems: 200,
      default: [],
      items: {
        type: 'object',
        required: ['giftBasketId', 'typeId', 'weight'],
        properties: { giftBasketId: INT_ID, typeId: INT_ID, weight: { type: 'integer', minimum: 1, maximum: 10000000 } },
        additionalProperties: false,
      },
    },
  },
  additionalProperties: false,
} as const;

export const claimParams = {
  type: 'object',
  required: ['claimId'],
  properties: { claimId: { type: 'string', format: 'uuid' } },
} as const;

/** `POST /internal/claims/{claimId}/confirm` `{ saleId }`: the sale that holds the claim is committed. */
export const confirmBody = {
  type: 'object',
  required: ['saleId'],
  properties: { saleId: INT_ID },
  additionalProperties: false,
} as const;
