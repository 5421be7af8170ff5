/** @kermesse/contracts-register — the register domain's back-office contract. */
export * from './schemas.ts';
export * from './errors.ts';
export * from './rules.ts';
export * from './refunds.ts';
export * from './dashboard.ts';
