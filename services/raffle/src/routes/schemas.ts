/** JSON schemas shared by several resources. */
import { tierListSchema } from '../rules/tierRules.ts';

export const INT_ID = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;

export const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: INT_ID },
} as const;

/** `{ price: [{nb, p}] }` of the tier editors, with the optional settings of a raffle or basket. */
export const tierBody = {
  type: 'object',
  required: ['price'],
  properties: {
    price: tierListSchema,
    name: { type: 'string', minLength: 1, maxLength: 200 },
    eventId: INT_ID,
    tickets: { type: 'integer', minimum: 1, maximum: 1000000 },
  },
  additionalProperties: false,
} as const;

export type TierBody = { price: Array<{ nb?: unknown; p?: unknown }>; name?: string; eventId?: number; tickets?: number };
