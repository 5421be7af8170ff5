/** @kermesse/contracts-identity — staff accounts, roles, passwords and passkeys (service and shell). */
export * from './schemas.ts';
export * from './roles.ts';
export * from './errors.ts';
export * from './password.ts';
export * from './apiTokens.ts';
export * from './apiTokenRules.ts';
export * from './hosting.ts';
export * from './hostingRules.ts';
export * from './hostPortability.ts';
