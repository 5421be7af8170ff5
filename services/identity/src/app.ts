import type Koa from 'koa';
import * as serviceMigrations from '../migrations/index.ts';
import { createServiceApp, type Bus, type Db, type Logger } from '@kermesse/kit';
import { DEFAULT_THROTTLE, loginThrottle, type ThrottleSettings } from './loginThrottle.ts';
import { loginRoutes } from './routes/login/index.ts';
import { tokenRoutes } from './routes/tokens/index.ts';
import { loadSigningKey } from './signingKeys.ts';

export interface IdentityDeps {
  db: Db;
  logger: Logger;
  bus?: Bus;
  throttle?: ThrottleSettings;
  /** The clock of the sign-in throttle (tests move it forward instead of waiting a minute). */
  now?: () => number;
}

/** Identity's Koa app (no listen): sign-in, tokens and their keys. */
export async function buildApp(deps: IdentityDeps): Promise<Koa> {
  const key = await loadSigningKey(deps.db);
  const throttle = loginThrottle(deps.db, deps.throttle ?? DEFAULT_THROTTLE, deps.now);
  return createServiceApp({
    name: 'identity',
    migrations: serviceMigrations,
    logger: deps.logger,
    db: deps.db,
    bus: deps.bus,
    routers: [loginRoutes({ db: deps.db, key, throttle }), tokenRoutes({ db: deps.db })],
  });
}
