import './events.ts';
import type Koa from 'koa';
import { type TokenVerifier } from '@kermesse/kit/auth';
import { type Bus } from '@kermesse/kit/bus';
import { type Db } from '@kermesse/kit/db';
import { createEventCheck, createServiceApp, SERVICE_DEFAULT_PORTS, type Logger } from '@kermesse/kit/http';
import * as serviceMigrations from '../migrations/index.ts';
import { BoardHub } from './boardHub.ts';
import { eventNotFound } from './errors.ts';
import { findEvent, upsertEvent } from './repositories/nights.ts';
import { boardRoutes } from './routes/board/index.ts';
import { cartonClaimRoutes } from './routes/cartonClaims/index.ts';
import { callerRoutes } from './routes/game/index.ts';
import { nightRoutes, volunteerNightRoutes } from './routes/nights/index.ts';
import { placementRoutes, planEditRoutes } from './routes/placement/index.ts';
import { prizeRoutes } from './routes/prizes/index.ts';

export interface BingoDeps {
  db: Db;
  logger: Logger;
  verifier: TokenVerifier;
  bus?: Bus;
  hub?: BoardHub;
  /** How long a register's hold on cartons lasts unless confirmed (10 minutes). */
  claimTtlMs?: number;
  /** The register service, asked about an event the read model does not know yet (`REGISTER_URL`). */
  registerUrl?: string;
}

/** The bingo service's Koa app (no listen). */
export async function buildApp(deps: BingoDeps): Promise<Koa> {
  const { db } = deps;
  const hub = deps.hub ?? new BoardHub();
  const events = createEventCheck({
    registerUrl: deps.registerUrl ?? `http://127.0.0.1:${SERVICE_DEFAULT_PORTS.register}`,
    find: (id) => findEvent(db, id),
    remember: (event) => upsertEvent(db, { id: event.id, name: event.name, starts_on: event.startsOn }),
    notFound: eventNotFound,
  });
  return createServiceApp({
    name: 'bingo',
    logger: deps.logger,
    db,
    bus: deps.bus,
    verifier: deps.verifier,
    migrations: serviceMigrations,
    routers: [
      prizeRoutes({ db }),
      nightRoutes({ db, events }),
      planEditRoutes({ db }),
      placementRoutes({ db, prefix: '/admin-bingo/api/bingo', roles: ['admin'] }),
      placementRoutes({ db, prefix: '/api/volunteer/bingo', roles: ['volunteer'] }),
      callerRoutes({ db, hub, prefix: '/admin-bingo/api/bingo', roles: ['admin'] }),
      callerRoutes({ db, hub, prefix: '/api/volunteer/bingo', roles: ['volunteer'] }),
      volunteerNightRoutes({ db }),
      boardRoutes({ db, hub }),
      cartonClaimRoutes({ db, claimTtlMs: deps.claimTtlMs }),
    ],
  });
}
