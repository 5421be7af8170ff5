/** @kermesse/contracts-stock — the stock's route shapes and error codes (service and remote). */
export * from './schemas.ts';
export * from './errors.ts';
export * from './rules.ts';
