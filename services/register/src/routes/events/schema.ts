export const eventParamsSchema = {
  type: 'object',
  required: ['eventId'],
  properties: { eventId: { type: 'integer', minimum: 1, maximum: 2147483647 } },
} as const;
