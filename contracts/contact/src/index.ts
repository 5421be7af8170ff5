/** @kermesse/contracts-contact — the public forms (partner, contact) and the admins' inbox. */
export * from './schemas.ts';
export * from './errors.ts';
