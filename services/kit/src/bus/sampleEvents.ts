/**
 * The kit's own tests' catalogue: one sample event, registered the way a service registers its
 * contracts' catalogues (its `src/events.ts`), so the kit's tests need no domain.
 */
import { registerEventCatalogue } from './eventSchemas.ts';

export const SAMPLE_EVENTS = {
  'sample.created': {
    version: 1,
    payload: {
      type: 'object',
      required: ['eventId', 'name'],
      properties: {
        eventId: { type: 'integer', minimum: 1 },
        name: { type: 'string', minLength: 1 },
        startsOn: { type: ['string', 'null'], format: 'date' },
      },
      additionalProperties: false,
    },
  },
} as const;

declare global {
  interface KermesseEventPayloads {
    'sample.created': { eventId: number; name: string; startsOn?: string | null };
  }
}

registerEventCatalogue(SAMPLE_EVENTS);
