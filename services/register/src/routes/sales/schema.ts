import type { SaleInput } from '../../commands/createSale.ts';

const euros = { type: 'number', minimum: -1_000_000, maximum: 1_000_000 } as const;
const id = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;

/** `POST /api/cr/sale/create` body `{ sale }` (SPEC §3 Sale). Unknown extra fields are tolerated. */
export const createSaleSchema = {
  type: 'object',
  required: ['sale'],
  properties: {
    sale: {
      type: 'object',
      required: ['cart', 'checkoutId', 'eventId', 'paymentMode'],
      properties: {
        checkoutId: id,
        eventId: id,
        personId: { type: ['integer', 'null'], minimum: 0, maximum: 2147483647 },
        cart: {
          type: 'array',
          maxItems: 200,
          items: {
            type: 'object',
            required: ['product', 'quantity'],
            properties: {
              product: {
                type: 'object',
                required: ['id'],
                properties: {
                  id: { type: 'integer', minimum: -2, maximum: 2147483647 },
                  name: { type: 'string', maxLength: 200 },
                  price: euros,
                },
              },
              quantity: { type: 'integer', minimum: 1, maximum: 50 },
            },
          },
        },
        raffleId: { type: ['integer', 'null'], minimum: 0, maximum: 2147483647 },
        raffles: {
          type: 'array',
          maxItems: 1000,
          items: {
            anyOf: [
              { type: 'integer', minimum: 1, maximum: 1000000 },
              { type: 'object', required: ['number'], properties: { number: { type: 'integer', minimum: 1, maximum: 1000000 } } },
            ],
          },
        },
        giftBasketsId: { type: ['integer', 'null'], minimum: 0, maximum: 2147483647 },
        giftBaskets: {
          type: 'array',
          maxItems: 500,
          items: {
            type: 'object',
            required: ['weight', 'type'],
            properties: {
              weight: { type: 'integer', minimum: 1, maximum: 100000000 },
              type: { type: 'object', required: ['id'], properties: { id, name: { type: 'string', maxLength: 200 } } },
            },
          },
        },
        paymentMode: { type: 'integer', enum: [1, 2, 3, 99] },
        paymentStatus: { type: ['integer', 'null'] },
        price: { type: ['number', 'null'] },
        payments: {
          type: 'array',
          maxItems: 10,
          items: {
            type: 'object',
            properties: {
              method: { type: 'string', enum: ['CB', 'ESP', 'CHQ'] },
              amount: { type: ['number', 'null'] },
              payment_reference: { anyOf: [{ type: 'string', maxLength: 100 }, { type: 'number' }, { type: 'null' }] },
            },
          },
        },
        receipt: {
          type: ['object', 'null'],
          required: ['method'],
          properties: {
            method: { type: 'string', enum: ['sms', 'email', 'print'] },
            to: { type: ['string', 'null'], maxLength: 254 },
          },
          additionalProperties: false,
        },
      },
    },
  },
} as const;

export interface CreateSaleBody { sale: SaleInput }
