import path from 'node:path';
import * as serviceMigrations from '../migrations/index.ts';
import type Koa from 'koa';
import { createServiceApp, type Bus, type Db, type Logger, type TokenVerifier } from '@kermesse/kit';
import { adminGiftBasketRoutes } from './routes/adminGiftBaskets/index.ts';
import { adminPrizeRoutes } from './routes/adminPrizes/index.ts';
import { adminRaffleRoutes } from './routes/adminRaffles/index.ts';
import { ticketBlockRoutes } from './blocks/routes.ts';
import { cashRegisterRoutes } from './routes/cashRegister/index.ts';
import { claimRoutes } from './routes/claims/index.ts';
import type { RouteDeps } from './routes/deps.ts';
import { publicRoutes } from './routes/public/index.ts';
import { uploadRoutes } from './routes/uploads/index.ts';
import { createIllustrationStore } from './uploads/storage.ts';

/** docs/platform.md: a claim not confirmed within 10 minutes expires. */
export const CLAIM_TTL_MS = 10 * 60_000;

export interface RaffleDeps {
  db: Db;
  logger: Logger;
  verifier: TokenVerifier;
  bus?: Bus;
  /** Where uploaded illustrations are kept (`<KERMESSE_DATA_DIR>/uploads/prizes`). */
  uploadsDir: string;
  /** Wakes the outbox relay after a commit that recorded events. */
  wake?: () => void;
  claimTtlMs?: number;
}

/** The raffle service's Koa app (no listen). */
export async function buildApp(deps: RaffleDeps): Promise<Koa> {
  const routeDeps: RouteDeps = {
    db: deps.db,
    logger: deps.logger,
    wake: deps.wake ?? (() => undefined),
    store: createIllustrationStore(path.resolve(deps.uploadsDir)),
    claimTtlMs: deps.claimTtlMs ?? CLAIM_TTL_MS,
  };
  return createServiceApp({
    name: 'raffle',
    migrations: serviceMigrations,
    logger: deps.logger,
    db: deps.db,
    bus: deps.bus,
    verifier: deps.verifier,
    routers: [
      claimRoutes(routeDeps),
      cashRegisterRoutes(routeDeps),
      ticketBlockRoutes(routeDeps),
      adminRaffleRoutes(routeDeps),
      adminPrizeRoutes(routeDeps),
      adminGiftBasketRoutes(routeDeps),
      publicRoutes(routeDeps),
      uploadRoutes(routeDeps),
    ],
  });
}
