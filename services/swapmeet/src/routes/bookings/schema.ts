const id = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;

/** SPEC §7 `?swapmeet_id&limit=100` (SPEC §9: the list shows 100 bookings). */
export const bookingsQuerySchema = {
  type: 'object',
  required: ['swapmeet_id'],
  properties: {
    swapmeet_id: id,
    limit: { type: 'integer', minimum: 1, maximum: 1000, default: 100 },
  },
} as const;

export const importQuerySchema = {
  type: 'object',
  properties: {
    'dry-run': { type: 'string', enum: ['true', 'false', '1', '0'], default: 'true' },
    swapmeet_id: id,
  },
} as const;

export const resetParamsSchema = {
  type: 'object',
  required: ['id'],
  properties: { id },
} as const;

export const createSwapmeetSchema = {
  type: 'object',
  required: ['name'],
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 200 },
    held_on: { type: ['string', 'null'], format: 'date' },
  },
  additionalProperties: false,
} as const;
