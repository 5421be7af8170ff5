/**
 * Every route the services declare with the kit's `defineRoute`, with its roles and its schemas: each
 * service's app is built in this process against the running system's database (nothing listens), and
 * `describeRoutes` reads its routers. A route added to a service is listed here without any edit.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type Koa from 'koa';
import { createDb, type Db } from '@kermesse/kit/db';
import { createLogger, describeRoutes, type RouteDescription } from '@kermesse/kit/http';
import { type SecretBox } from '@kermesse/kit/secrets';
import { testTokenVerifier } from '@kermesse/kit/testing';
import type { ServiceName } from '@kermesse/kit/http';
import { buildApp as accountingApp } from '@kermesse/accounting/app';
import { schema as accountingSchema } from '@kermesse/accounting/migrations';
import { buildApp as bingoApp } from '@kermesse/bingo/app';
import { schema as bingoSchema } from '@kermesse/bingo/migrations';
import { buildApp as contactApp } from '@kermesse/contact/app';
import { schema as contactSchema } from '@kermesse/contact/migrations';
import { buildApp as identityApp } from '@kermesse/identity/app';
import { schema as identitySchema } from '@kermesse/identity/migrations';
import { buildApp as raffleApp } from '@kermesse/raffle/app';
import { schema as raffleSchema } from '@kermesse/raffle/migrations';
import { buildApp as registerApp } from '@kermesse/register/app';
import { schema as registerSchema } from '@kermesse/register/migrations';
import { buildApp as stockApp } from '@kermesse/stock/app';
import { schema as stockSchema } from '@kermesse/stock/migrations';
import { buildApp as swapmeetApp } from '@kermesse/swapmeet/app';
import { schema as swapmeetSchema } from '@kermesse/swapmeet/migrations';
import { buildApp as webhooksApp } from '@kermesse/webhooks/app';
import { schema as webhooksSchema } from '@kermesse/webhooks/migrations';

export interface ServiceRoute extends RouteDescription {
  service: ServiceName;
}

export interface ServiceRoutes {
  routes: ServiceRoute[];
  /** Closes the database pools the apps were built with. */
  close(): Promise<void>;
}

/**
 * The routes of every service, read from apps built on `databaseUrl` (already migrated). `secrets`: the
 * running system's secret box, which sealed identity's signing keys and the register's journal key.
 */
export async function serviceRoutes(databaseUrl: string, secrets?: SecretBox): Promise<ServiceRoutes> {
  const logger = createLogger('routes', 'error');
  const verifier = testTokenVerifier();
  const pools: Db[] = [];
  const db = (schema: string) => {
    const pool = createDb(databaseUrl, { schema, poolMax: 1 });
    pools.push(pool);
    return pool;
  };
  const apps: Array<[ServiceName, Koa]> = [
    ['identity', await identityApp({ db: db(identitySchema), logger, secrets })],
    ['register', await registerApp({ db: db(registerSchema), logger, verifier, secrets })],
    ['raffle', await raffleApp({ db: db(raffleSchema), logger, verifier, uploadsDir: mkdtempSync(join(tmpdir(), 'kermesse-routes-')) })],
    ['bingo', await bingoApp({ db: db(bingoSchema), logger, verifier })],
    ['accounting', await accountingApp({ db: db(accountingSchema), logger, verifier })],
    ['stock', await stockApp({ db: db(stockSchema), logger, verifier })],
    ['swapmeet', await swapmeetApp({ db: db(swapmeetSchema), logger, verifier })],
    ['contact', await contactApp({ db: db(contactSchema), logger, verifier, associationEmail: 'association@kermesse.test' })],
    ['webhooks', await webhooksApp({ db: db(webhooksSchema), logger, verifier, secrets })],
  ];
  return {
    routes: apps.flatMap(([service, app]) => describeRoutes(app).map((route) => ({ ...route, service }))),
    close: async () => {
      await Promise.all(pools.map((pool) => pool.destroy()));
    },
  };
}
