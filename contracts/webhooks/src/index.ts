/** @kermesse/contracts-webhooks — the webhooks routes' shapes, event types and error codes (service and back office). */
export * from './schemas.ts';
export * from './errors.ts';
export * from './eventTypes.ts';
