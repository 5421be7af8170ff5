const id = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;

/** `?event_id=`: which event; the most recent one when absent. */
export const eventQuerySchema = {
  type: 'object',
  properties: { event_id: id },
} as const;

export const updateStockSchema = {
  type: 'object',
  required: ['product_id', 'quantity'],
  properties: {
    product_id: id,
    quantity: { type: 'integer', minimum: 0, maximum: 1_000_000 },
    event_id: id,
    note: { type: 'string', maxLength: 500 },
  },
  additionalProperties: false,
} as const;

export const updateThresholdSchema = {
  type: 'object',
  required: ['product_id', 'alert_threshold'],
  properties: {
    product_id: id,
    alert_threshold: { type: 'integer', minimum: 0, maximum: 1_000_000 },
    event_id: id,
  },
  additionalProperties: false,
} as const;

export const movementsQuerySchema = {
  type: 'object',
  required: ['product_id'],
  properties: {
    product_id: id,
    event_id: id,
    limit: { type: 'integer', minimum: 1, maximum: 500, default: 100 },
  },
} as const;

export const importQuerySchema = {
  type: 'object',
  properties: {
    'dry-run': { type: 'string', enum: ['1', '0', 'true', 'false'], default: '1' },
    event_id: id,
  },
} as const;
