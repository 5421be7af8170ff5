import type Koa from 'koa';
import { type TokenVerifier } from '@kermesse/kit/auth';
import { type Bus } from '@kermesse/kit/bus';
import { type Db } from '@kermesse/kit/db';
import { createServiceApp, type Logger } from '@kermesse/kit/http';
import { bookRoutes } from './routes/books/index.ts';
import { donationRoutes } from './routes/donations/index.ts';
import { fairRoutes } from './routes/fair/index.ts';
import { reportRoutes } from './routes/reports/index.ts';
import { trialBalanceRoutes } from './routes/trialBalances/index.ts';

export interface AccountingDeps {
  db: Db;
  logger: Logger;
  verifier: TokenVerifier;
  bus?: Bus;
}

/** The accounting service's Koa app (no listen). */
export async function buildApp(deps: AccountingDeps): Promise<Koa> {
  return createServiceApp({
    name: 'accounting',
    logger: deps.logger,
    db: deps.db,
    bus: deps.bus,
    verifier: deps.verifier,
    // A 5,000-line trial balance pasted into the form is a few hundred kilobytes.
    jsonLimit: '6mb',
    routers: [
      trialBalanceRoutes({ db: deps.db }),
      reportRoutes({ db: deps.db }),
      bookRoutes({ db: deps.db }),
      fairRoutes({ db: deps.db }),
      donationRoutes({ db: deps.db }),
    ],
  });
}
