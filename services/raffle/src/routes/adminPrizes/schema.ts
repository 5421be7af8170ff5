/**
 * A raffle prize as clients send it. Types are loose on purpose (forms send numbers as text):
 * the SPEC's rules and messages, in its order, are applied by rules/prizeRules.ts.
 */
const text = { type: ['string', 'null'], maxLength: 500 } as const;
const amount = { anyOf: [{ type: 'number' }, { type: 'string', maxLength: 20 }, { type: 'null' }] } as const;
const flag = { anyOf: [{ type: 'boolean' }, { type: 'integer' }, { type: 'string', maxLength: 5 }, { type: 'null' }] } as const;

export const prizeBody = {
  type: 'object',
  properties: {
    name: text,
    label: text,
    weight: amount,
    rank: amount,
    price: amount,
    cost: amount,
    provider: text,
    quantity: amount,
    alcohol: flag,
    Alcohol: flag,
    // Sent back as received by a client that edits the whole prize; ignored.
    id: { type: ['integer', 'null'] },
    raffleId: { type: ['integer', 'null'] },
    illustration: text,
    image: text,
  },
  additionalProperties: false,
} as const;
