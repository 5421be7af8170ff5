/**
 * @kermesse/kit — the one shared server library of Kermesse's services and gateway.
 * Prefer the entry points (`@kermesse/kit/http`, `/auth`, `/db`, `/bus`, `/service`, `/testing`,
 * `/csv`): this barrel loads all of them (knex, pg and NATS included).
 */
export * from './http/index.ts';
export * from './auth/index.ts';
export * from './db/index.ts';
export * from './bus/index.ts';
export * from './runService.ts';
