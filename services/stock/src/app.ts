import './events.ts';
import type Koa from 'koa';
import * as serviceMigrations from '../migrations/index.ts';
import { type TokenVerifier } from '@kermesse/kit/auth';
import { type Bus } from '@kermesse/kit/bus';
import { type Db } from '@kermesse/kit/db';
import { createEventCheck, createServiceApp, SERVICE_DEFAULT_PORTS, type Logger } from '@kermesse/kit/http';
import { learnEvent } from './consumers/catalogConsumers.ts';
import { eventNotFound } from './errors.ts';
import { findEvent } from './repositories/catalog.ts';
import { inventoryRoutes } from './routes/inventory/index.ts';
import { stateRoutes } from './routes/state/index.ts';
import { stockRoutes } from './routes/stocks/index.ts';

export interface StockDeps {
  db: Db;
  logger: Logger;
  verifier: TokenVerifier;
  bus?: Bus;
  /** The register service, asked about an event the read model does not know yet (`REGISTER_URL`). */
  registerUrl?: string;
}

/** The stock service's Koa app (no listen). */
export async function buildApp(deps: StockDeps): Promise<Koa> {
  const { db } = deps;
  const events = createEventCheck({
    registerUrl: deps.registerUrl ?? `http://127.0.0.1:${SERVICE_DEFAULT_PORTS.register}`,
    find: (id) => findEvent(db, id),
    // Kept with its levels, as its announcement would: the next request finds it here.
    remember: (event) => db.transaction((trx) => learnEvent(trx, event)),
    notFound: eventNotFound,
  });
  return createServiceApp({
    name: 'stock',
    migrations: serviceMigrations,
    logger: deps.logger,
    db,
    bus: deps.bus,
    verifier: deps.verifier,
    routers: [stateRoutes({ db, events }), stockRoutes({ db, events }), inventoryRoutes({ db, events })],
  });
}
