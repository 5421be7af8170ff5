/** `@kermesse/kit/auth`: roles, the access-token format, the verifier and the Koa middleware. No knex, pg or NATS. */
export * from './roles.ts';
export * from './tokens.ts';
export * from './verifier.ts';
export * from './middleware.ts';
