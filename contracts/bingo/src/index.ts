/** @kermesse/contracts-bingo — the loto's shapes, error codes and pure rules (service and remote). */
export * from './schemas.ts';
export * from './parties.ts';
export * from './errors.ts';
export * from './money.ts';
export * from './cartons.ts';
export * from './law.ts';
export * from './plan.ts';
