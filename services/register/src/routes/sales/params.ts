const id = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;

export const eventIdParams = { type: 'object', required: ['eventId'], properties: { eventId: id } } as const;
export const saleIdParams = { type: 'object', required: ['saleId'], properties: { saleId: id } } as const;
export const referenceParams = {
  type: 'object', required: ['reference'], properties: { reference: { type: 'string', minLength: 1, maxLength: 20 } },
} as const;

const payment = {
  type: 'object',
  required: ['price', 'payment_mode'],
  properties: {
    price: { type: 'number', minimum: 0, maximum: 1000000 },
    payment_mode: { type: 'integer', enum: [1, 2, 3] },
    reference: { anyOf: [{ type: 'string', maxLength: 100 }, { type: 'number' }, { type: 'null' }] },
  },
} as const;

/** SPEC §7: body `[{price, payment_mode, reference}]` (a single object is accepted too). */
export const pendingPaymentSchema = {
  anyOf: [
    { type: 'array', title: 'paiements', minItems: 1, maxItems: 10, items: payment },
    payment,
  ],
} as const;

/**
 * `POST /api/cr/order/{reference}/receipt` body `{method, to}`. The address itself is checked by the
 * command (SPEC §5's message for an SMS number), so an empty or badly written one gets that message.
 */
export const receiptRequestSchema = {
  type: 'object',
  required: ['method', 'to'],
  properties: {
    method: { type: 'string', enum: ['sms', 'email'] },
    to: { type: 'string', maxLength: 254 },
  },
  additionalProperties: false,
} as const;
