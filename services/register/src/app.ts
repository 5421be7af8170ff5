import type Koa from 'koa';
import { createServiceApp, type Bus, type Db, type Logger, type TokenVerifier } from '@kermesse/kit';
import { eventRoutes } from './routes/events/index.ts';
import { pingRoutes } from './routes/ping/index.ts';

export interface RegisterDeps {
  db: Db;
  logger: Logger;
  verifier: TokenVerifier;
  bus?: Bus;
}

/** The register service's Koa app (no listen). */
export async function buildApp(deps: RegisterDeps): Promise<Koa> {
  return createServiceApp({
    name: 'register',
    logger: deps.logger,
    db: deps.db,
    bus: deps.bus,
    verifier: deps.verifier,
    routers: [pingRoutes(), eventRoutes({ db: deps.db })],
  });
}
