import './events.ts';
import type Koa from 'koa';
import * as serviceMigrations from '../migrations/index.ts';
import { type TokenVerifier } from '@kermesse/kit/auth';
import { type Bus } from '@kermesse/kit/bus';
import { type Db } from '@kermesse/kit/db';
import { createServiceApp, type Logger } from '@kermesse/kit/http';
import { contactRoutes } from './routes/contact/index.ts';
import { accountLinkRoutes } from './routes/accountLinks/index.ts';
import { inboxRoutes } from './routes/inbox/index.ts';
import { partnerRoutes, type PartnerRouteOptions } from './routes/partner/index.ts';

export interface ContactDeps {
  db: Db;
  logger: Logger;
  bus?: Bus;
  /** The association's mailbox, where partner requests and messages are forwarded (null: the inbox only). */
  associationEmail: string | null;
  /** Wakes the delivery worker after a request queued a message. */
  onQueued?(): void;
  partnerRateLimit?: PartnerRouteOptions['rateLimit'];
  /** Checks the admins' tokens (inbox); without it the inbox answers 401 to everyone. */
  verifier?: TokenVerifier;
  /** True when an SMTP server is configured: identity's one-time links are then e-mailed. */
  mailConfigured?: boolean;
}

/**
 * Contact's Koa app (no listen): `/healthz`, the public partner and contact forms, and the admins'
 * inbox of both. Receipts arrive as events, not requests.
 */
export async function buildApp(deps: ContactDeps): Promise<Koa> {
  return createServiceApp({
    name: 'contact',
    migrations: serviceMigrations,
    logger: deps.logger,
    db: deps.db,
    bus: deps.bus,
    jsonLimit: '64kb',
    verifier: deps.verifier,
    routers: [
      partnerRoutes({
        db: deps.db,
        associationEmail: deps.associationEmail,
        onQueued: deps.onQueued,
        rateLimit: deps.partnerRateLimit,
      }),
      contactRoutes({ db: deps.db, associationEmail: deps.associationEmail, onQueued: deps.onQueued, rateLimit: deps.partnerRateLimit }),
      inboxRoutes({ db: deps.db }),
      accountLinkRoutes({ db: deps.db, mailConfigured: deps.mailConfigured ?? false, onQueued: deps.onQueued }),
    ],
  });
}
