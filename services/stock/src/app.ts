import type Koa from 'koa';
import * as serviceMigrations from '../migrations/index.ts';
import { type TokenVerifier } from '@kermesse/kit/auth';
import { type Bus } from '@kermesse/kit/bus';
import { type Db } from '@kermesse/kit/db';
import { createServiceApp, type Logger } from '@kermesse/kit/http';
import { inventoryRoutes } from './routes/inventory/index.ts';
import { stateRoutes } from './routes/state/index.ts';
import { stockRoutes } from './routes/stocks/index.ts';

export interface StockDeps {
  db: Db;
  logger: Logger;
  verifier: TokenVerifier;
  bus?: Bus;
}

/** The stock service's Koa app (no listen). */
export async function buildApp(deps: StockDeps): Promise<Koa> {
  return createServiceApp({
    name: 'stock',
    migrations: serviceMigrations,
    logger: deps.logger,
    db: deps.db,
    bus: deps.bus,
    verifier: deps.verifier,
    routers: [stateRoutes({ db: deps.db }), stockRoutes({ db: deps.db }), inventoryRoutes({ db: deps.db })],
  });
}
