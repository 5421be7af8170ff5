export interface FindOrCreateBody { email?: string | null; phone?: string | null }
export interface CreateUserBody { email?: string | null; phone?: string | null; firstName?: string | null; lastName?: string | null }

const contact = {
  email: { type: ['string', 'null'], maxLength: 254 },
  phone: { type: ['string', 'null'], maxLength: 30 },
} as const;

export const findOrCreateSchema = {
  type: 'object',
  properties: { ...contact },
  additionalProperties: true,
} as const;

export const createUserSchema = {
  type: 'object',
  properties: {
    ...contact,
    firstName: { type: ['string', 'null'], maxLength: 100 },
    lastName: { type: ['string', 'null'], maxLength: 100 },
  },
  additionalProperties: true,
} as const;
