import type Koa from 'koa';
import * as serviceMigrations from '../migrations/index.ts';
import { type TokenVerifier } from '@kermesse/kit/auth';
import { type Bus } from '@kermesse/kit/bus';
import { type Db } from '@kermesse/kit/db';
import { createServiceApp, type Logger } from '@kermesse/kit/http';
import { bookingRoutes } from './routes/bookings/index.ts';
import { swapmeetRoutes } from './routes/swapmeets/index.ts';

export interface SwapmeetDeps {
  db: Db;
  logger: Logger;
  verifier: TokenVerifier;
  bus?: Bus;
}

/** The swap-meet service's Koa app (no listen). */
export async function buildApp(deps: SwapmeetDeps): Promise<Koa> {
  return createServiceApp({
    name: 'swapmeet',
    migrations: serviceMigrations,
    logger: deps.logger,
    db: deps.db,
    bus: deps.bus,
    verifier: deps.verifier,
    routers: [bookingRoutes({ db: deps.db }), swapmeetRoutes({ db: deps.db })],
  });
}
