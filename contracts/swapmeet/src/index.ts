/** @kermesse/contracts-swapmeet — the swap-meet's route shapes and error codes (service and remote). */
export * from './schemas.ts';
export * from './errors.ts';
