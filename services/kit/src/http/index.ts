/**
 * `@kermesse/kit/http`: a service process without its storage — Koa app, errors, validation,
 * routes, listen and shutdown, logger, environment, topology, background poller. Loads neither
 * knex, pg nor NATS (the gateway imports only this and `/auth`; see entryPoints.test.ts).
 */
export * from './errors.ts';
export * from './logger.ts';
export * from './middleware.ts';
export * from './validation.ts';
export * from './app.ts';
export * from './server.ts';
export * from './multipart.ts';
export * from './route.ts';
export * from './openapi.ts';
export * from './state.ts';
export * from './images.ts';
export * from './rateLimiter.ts';
export * from './outage.ts';
export * from './internalClient.ts';
export * from './eventCheck.ts';
export * from '../env.ts';
export * from '../topology.ts';
export * from '../poller.ts';
export { default as Router } from '@koa/router';
