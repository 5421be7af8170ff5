import './events.ts';
import path from 'node:path';
import * as serviceMigrations from '../migrations/index.ts';
import type Koa from 'koa';
import { type TokenVerifier } from '@kermesse/kit/auth';
import { type Bus } from '@kermesse/kit/bus';
import { type Db } from '@kermesse/kit/db';
import { createEventCheck, createServiceApp, SERVICE_DEFAULT_PORTS, type Logger } from '@kermesse/kit/http';
import { claimRoutes } from './routes/claims/index.ts';
import type { RouteDeps } from './routes/deps.ts';
import { drawingRoutes } from './routes/drawing/index.ts';
import { featuredRoutes } from './routes/featured/index.ts';
import { gateRoutes } from './routes/gate/index.ts';
import { giftBasketRoutes } from './routes/giftBaskets/index.ts';
import { presaleRoutes } from './routes/presale/index.ts';
import { prizeRoutes } from './routes/prizes/index.ts';
import { raffleRoutes } from './routes/raffles/index.ts';
import { ticketBlockRoutes } from './routes/ticketBlocks/index.ts';
import { soldTicketRoutes } from './routes/tickets/index.ts';
import { uploadRoutes } from './routes/uploads/index.ts';
import { associationFolder } from '@kermesse/kit/tenancy';
import { createIllustrationStore } from './uploads/storage.ts';
import { raffleError } from './errors.ts';
import { findEvent, upsertEvent } from './repositories/events.ts';

/** docs/platform.md: a claim not confirmed within 10 minutes expires. */
export const CLAIM_TTL_MS = 10 * 60_000;

export interface RaffleDeps {
  db: Db;
  logger: Logger;
  verifier: TokenVerifier;
  bus?: Bus;
  /** Where uploaded illustrations are kept (`<KERMESSE_DATA_DIR>/uploads/prizes`). */
  uploadsDir: string;
  claimTtlMs?: number;
  /** The register service, asked about an event the read model does not know yet (`REGISTER_URL`). */
  registerUrl?: string;
}

/** The raffle service's Koa app (no listen). */
export async function buildApp(deps: RaffleDeps): Promise<Koa> {
  const store = createIllustrationStore(path.resolve(deps.uploadsDir));
  const registerUrl = deps.registerUrl ?? `http://127.0.0.1:${SERVICE_DEFAULT_PORTS.register}`;
  const routeDeps: RouteDeps = {
    db: deps.db,
    storagePeers: [registerUrl],
    logger: deps.logger,
    store,
    claimTtlMs: deps.claimTtlMs ?? CLAIM_TTL_MS,
    events: createEventCheck({
      registerUrl,
      find: (id) => findEvent(deps.db, id),
      remember: (event) => upsertEvent(deps.db, event),
      notFound: () => raffleError('EVENT_NOT_FOUND'),
    }),
  };
  return createServiceApp({
    name: 'raffle',
    migrations: serviceMigrations,
    logger: deps.logger,
    db: deps.db,
    bus: deps.bus,
    verifier: deps.verifier,
    // An association's illustrations leave with its rows and are erased with them.
    portability: { filesDir: (associationId) => associationFolder(store.dir, associationId) },
    routers: [
      claimRoutes(routeDeps),
      soldTicketRoutes(routeDeps),
      ticketBlockRoutes(routeDeps),
      // Before the raffles: `/api/admin/raffles/featured` is not a raffle id.
      featuredRoutes(routeDeps),
      raffleRoutes(routeDeps),
      prizeRoutes(routeDeps),
      drawingRoutes(routeDeps),
      giftBasketRoutes(routeDeps),
      presaleRoutes(routeDeps),
      uploadRoutes(routeDeps),
      gateRoutes(routeDeps),
    ],
  });
}
