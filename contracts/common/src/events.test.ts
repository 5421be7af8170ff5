import { expect, expectTypeOf, it } from 'vitest';
import { PRIZE_COST_SCHEMA, type FromSchema, type PrizeCost } from './events.ts';

it('derives payload types from the schemas: required, optional, nullable, enums, arrays, nested objects', () => {
  const _schema = {
    type: 'object',
    required: ['id', 'mode', 'buyer', 'lines'],
    properties: {
      id: { type: 'integer', minimum: 1 },
      mode: { type: 'integer', enum: [1, 2, 99] },
      note: { type: ['string', 'null'] },
      buyer: {
        type: ['object', 'null'],
        required: ['name'],
        properties: { name: { type: 'string' }, phone: { type: ['string', 'null'] } },
      },
      lines: {
        type: 'array',
        items: { type: 'object', required: ['kind'], properties: { kind: { type: 'string', enum: ['product', 'donation'] } } },
      },
      paid: { type: 'boolean' },
    },
    additionalProperties: false,
  } as const;
  expectTypeOf<FromSchema<typeof _schema>>().toEqualTypeOf<{
    id: number;
    mode: 1 | 2 | 99;
    buyer: { name: string; phone?: string | null } | null;
    lines: Array<{ kind: 'product' | 'donation' }>;
    note?: string | null;
    paid?: boolean;
  }>();
  expectTypeOf<PrizeCost>().toEqualTypeOf<{ id: number; name: string; quantity: number; costCents: number }>();
  expect(PRIZE_COST_SCHEMA.required).toEqual(['id', 'name', 'quantity', 'costCents']);
});
