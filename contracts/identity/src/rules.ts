/**
 * The contract's pure rules and labels without the TypeBox schemas, for front ends that must stay
 * light (`@kermesse/contracts-identity/rules`); types come from the main entry with `import type`.
 */
export * from './roles.ts';
export * from './errors.ts';
export * from './password.ts';
export * from './apiTokenRules.ts';
export * from './hostingRules.ts';
