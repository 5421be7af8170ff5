import Koa from 'koa';
import Router from '@koa/router';
import { bodyParser } from '@koa/bodyparser';
import type { Db } from '../db/db.ts';
import type { Bus } from '../bus/bus.ts';
import { authenticate } from '../auth/middleware.ts';
import type { TokenVerifier } from '../auth/verifier.ts';
import { errorHandler, noStoreByDefault, requestId } from './middleware.ts';
import { invalidInput } from './errors.ts';
import { findNulCharacter, nulCharacterMessage } from './validation.ts';
import type { Logger } from './logger.ts';
import { isDraining } from './server.ts';
import { requestAssociation } from '../tenancy/requestAssociation.ts';
import { pendingMigrations, type ServiceMigrations } from '../db/migrate.ts';
import { portabilityRoutes, type ServicePortability } from '../tenancy/portability.ts';

export interface ServiceAppOptions {
  name: string;
  logger: Logger;
  db: Db;
  /** Absent only in tests that do not need events. */
  bus?: Bus;
  /** Verifies bearer tokens (defence in depth behind the gateway). */
  verifier?: TokenVerifier;
  routers: Router[];
  /** The service's migrations: `/readyz` answers 503 until every one of them has run. */
  migrations?: ServiceMigrations;
  /** JSON bodies above this are refused with 413. */
  jsonLimit?: string;
  /** What the service adds to the export, import and erase of an association (its files, its documents, its guard). */
  portability?: ServicePortability;
}

/**
 * The Koa app of a service: request id, `no-store` unless a route says otherwise, the one error handler, JSON body parsing, token
 * verification, `/healthz` (database and NATS), then the service's routers.
 */
export function createServiceApp(options: ServiceAppOptions): Koa {
  const app = new Koa();
  // Behind the gateway: trust X-Forwarded-For for the client's address (rate limits), but only
  // the entry the gateway appended — anything before it was written by the client.
  app.proxy = true;
  app.maxIpsCount = 1;
  app.use(requestId());
  app.use(noStoreByDefault());
  app.use(errorHandler(options.logger));
  app.use(requestAssociation());
  app.use(
    bodyParser({
      enableTypes: ['json'],
      // DELETE too: an erase says what it erases in its body (`{ confirm }`, docs/hosting-portability.md).
      parsedMethods: ['POST', 'PUT', 'PATCH', 'DELETE'],
      jsonLimit: options.jsonLimit ?? '1mb',
      onError: (err: Error) => {
        throw Object.assign(err, { status: (err as { status?: number }).status ?? 400 });
      },
    }),
  );
  app.use(refuseNulCharacters());
  app.use(healthRoutes(options).routes());
  // Service to service only (the gateway's route table has no /internal path): the host console's
  // export, import and erase of one association (docs/hosting-portability.md).
  if (options.migrations) app.use(portabilityRoutes(options.db, options.migrations.schema, options.portability).routes());
  if (options.verifier) app.use(authenticate(options.verifier));
  for (const router of options.routers) app.use(router.routes()).use(router.allowedMethods());
  return app;
}

/**
 * A NUL character in any string of the body or the query answers 400 naming the field, for every
 * route: Postgres refuses 0x00 in text, which would otherwise surface as a 500.
 */
function refuseNulCharacters(): Koa.Middleware {
  return async function refuseNulCharactersMiddleware(ctx, next) {
    const inBody = findNulCharacter((ctx.request as { body?: unknown }).body);
    const found = inBody ?? findNulCharacter(ctx.query) ?? (ctx.path.includes('\u0000') ? '' : undefined);
    if (found !== undefined) throw invalidInput(nulCharacterMessage(found), found || undefined);
    await next();
  };
}

function healthRoutes({ name, db, bus, migrations }: ServiceAppOptions): Router {
  const router = new Router();
  // Alive: the process answers. Never fails because a dependency is down — restarting a service
  // does not bring a database or NATS back; the state of each is reported for the operator.
  router.get('/healthz', async (ctx) => {
    const [database, nats] = await Promise.all([
      db.raw('select 1').then(
        () => true,
        () => false,
      ),
      bus ? bus.healthy() : Promise.resolve(true),
    ]);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = {
      service: name,
      status: database && nats ? 'ok' : 'degraded',
      database: database ? 'ok' : 'down',
      nats: nats ? 'ok' : 'down',
    };
  });
  // Ready for traffic: the database answers and the schema is up to date. NATS is not required:
  // the outbox keeps events while it is away, so sales go on.
  let migrated = !migrations;
  router.get('/readyz', async (ctx) => {
    // SIGTERM (rolling restart): out of rotation at once, while the requests still coming are served.
    if (isDraining(ctx.app)) {
      ctx.set('Cache-Control', 'no-store');
      ctx.status = 503;
      ctx.body = { service: name, status: 'draining' };
      return;
    }
    let database = true;
    try {
      await db.raw('select 1');
      if (!migrated && migrations) migrated = (await pendingMigrations(db, migrations)).length === 0;
    } catch {
      database = false;
    }
    const ready = database && migrated;
    ctx.set('Cache-Control', 'no-store');
    ctx.status = ready ? 200 : 503;
    ctx.body = {
      service: name,
      status: ready ? 'ready' : 'not-ready',
      database: database ? 'ok' : 'down',
      migrations: migrated ? 'done' : 'pending',
    };
  });
  return router;
}
