import type Koa from 'koa';
import * as serviceMigrations from '../migrations/index.ts';
import { createServiceApp, type Bus, type Db, type Logger } from '@kermesse/kit';
import { partnerRoutes, type PartnerRouteOptions } from './routes/partner/index.ts';

export interface ContactDeps {
  db: Db;
  logger: Logger;
  bus?: Bus;
  /** The association's mailbox, where partner requests are forwarded. */
  associationEmail: string;
  /** Wakes the delivery worker after a request queued a message. */
  onQueued?(): void;
  partnerRateLimit?: PartnerRouteOptions['rateLimit'];
}

/**
 * Contact's Koa app (no listen): `/healthz` and the public partner form. Receipts arrive as
 * events, not requests. Every route here is public, so no token verifier is mounted.
 */
export async function buildApp(deps: ContactDeps): Promise<Koa> {
  return createServiceApp({
    name: 'contact',
    migrations: serviceMigrations,
    logger: deps.logger,
    db: deps.db,
    bus: deps.bus,
    jsonLimit: '64kb',
    routers: [partnerRoutes({
      db: deps.db,
      associationEmail: deps.associationEmail,
      onQueued: deps.onQueued,
      rateLimit: deps.partnerRateLimit,
    })],
  });
}
