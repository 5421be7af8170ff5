import './events.ts';
import type Koa from 'koa';
import * as serviceMigrations from '../migrations/index.ts';
import { type TokenVerifier } from '@kermesse/kit/auth';
import { type Bus } from '@kermesse/kit/bus';
import { type Db } from '@kermesse/kit/db';
import { createServiceApp, type Logger } from '@kermesse/kit/http';
import { type SecretBox } from '@kermesse/kit/secrets';
import { endpointSecrets } from './delivery/endpointSecrets.ts';
import { endpointRoutes } from './routes/endpoints/index.ts';

export interface WebhooksDeps {
  db: Db;
  logger: Logger;
  verifier: TokenVerifier;
  bus?: Bus;
  /** Seals the endpoints' signing secrets (`KERMESSE_SECRET_KEY`); without it they are stored as they are. */
  secrets?: SecretBox;
  /** Wakes the delivery worker after « Renvoyer ». */
  onQueued?(): void;
}

/** The webhooks service's Koa app (no listen): the admins' endpoints and their delivery log. */
export async function buildApp(deps: WebhooksDeps): Promise<Koa> {
  return createServiceApp({
    name: 'webhooks',
    migrations: serviceMigrations,
    logger: deps.logger,
    db: deps.db,
    bus: deps.bus,
    verifier: deps.verifier,
    routers: [endpointRoutes({ db: deps.db, secrets: endpointSecrets(deps.secrets), onQueued: deps.onQueued })],
  });
}
