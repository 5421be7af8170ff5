import './events.ts';
import type Koa from 'koa';
import { type TokenVerifier } from '@kermesse/kit/auth';
import { type Bus } from '@kermesse/kit/bus';
import { type Db } from '@kermesse/kit/db';
import { type SecretBox } from '@kermesse/kit/secrets';
import { createEventCheck, createServiceApp, SERVICE_DEFAULT_PORTS, type Logger } from '@kermesse/kit/http';
import { DEFAULT_HELLOASSO_URL } from './env.ts';
import { eventNotFound } from './errors.ts';
import { createHelloAssoTokenCache } from './helloasso/client.ts';
import { findEvent, upsertEvent } from './repositories/fair.ts';
import { bankRoutes } from './routes/bank/index.ts';
import type { SumUpCredentials } from './sumup/payouts.ts';
import { bookRoutes } from './routes/books/index.ts';
import { donationRoutes } from './routes/donations/index.ts';
import { membershipRoutes } from './routes/memberships/index.ts';
import { fairRoutes } from './routes/fair/index.ts';
import { helloAssoRoutes } from './routes/helloasso/index.ts';
import { reportRoutes } from './routes/reports/index.ts';
import { trialBalanceRoutes } from './routes/trialBalances/index.ts';
import * as serviceMigrations from '../migrations/index.ts';
import { accountingPortability } from './portability.ts';

export interface AccountingDeps {
  db: Db;
  logger: Logger;
  verifier: TokenVerifier;
  bus?: Bus;
  /** The register service, asked about an event the read model does not know yet (`REGISTER_URL`). */
  registerUrl?: string;
  /** HelloAsso's API (docs/helloasso.md); the tests give their fake's address. */
  helloAssoUrl?: string;
  /** Seals the HelloAsso secret at rest; without one (a development checkout) it is stored as typed. */
  secrets?: SecretBox;
  /** SumUp's payouts API (the register's key and merchant code); the tests give their fake's address. */
  sumup?: SumUpCredentials;
}

/** The accounting service's Koa app (no listen). */
export async function buildApp(deps: AccountingDeps): Promise<Koa> {
  const { db } = deps;
  const events = createEventCheck({
    registerUrl: deps.registerUrl ?? `http://127.0.0.1:${SERVICE_DEFAULT_PORTS.register}`,
    find: (id) => findEvent(db, id),
    remember: (event) => upsertEvent(db, event),
    notFound: eventNotFound,
  });
  return createServiceApp({
    name: 'accounting',
    migrations: serviceMigrations,
    logger: deps.logger,
    db: deps.db,
    bus: deps.bus,
    verifier: deps.verifier,
    // A 5,000-line trial balance pasted into the form is a few hundred kilobytes.
    jsonLimit: '6mb',
    // The FEC of each year goes with an association's export.
    portability: accountingPortability,
    routers: [
      trialBalanceRoutes({ db: deps.db }),
      reportRoutes({ db: deps.db }),
      bookRoutes({ db: deps.db }),
      fairRoutes({ db, events }),
      donationRoutes({ db: deps.db }),
      membershipRoutes({ db: deps.db }),
      helloAssoRoutes({
        db,
        baseUrl: deps.helloAssoUrl ?? DEFAULT_HELLOASSO_URL,
        secrets: deps.secrets,
        cache: createHelloAssoTokenCache(),
        events,
      }),
      bankRoutes({ db, sumup: deps.sumup }),
    ],
  });
}
