/** @kermesse/contracts-accounting — accounting's shapes, error codes and pure rules (service and remote). */
export * from './schemas.ts';
export * from './errors.ts';
export * from './layout.ts';
export * from './plan.ts';
export * from './fec.ts';
export * from './taxReceipts.ts';
export * from './fecCheck.ts';
export * from './memberships.ts';
export * from './answers.ts';
export * from './treasury.ts';
