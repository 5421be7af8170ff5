import { runService } from '@kermesse/kit/service';
import { schema } from '../migrations/index.ts';
import { buildApp } from './app.ts';
import { startAccountingConsumers } from './consumers/index.ts';
import { readAccountingEnv } from './env.ts';

// Accounting reads events (sales, settlements, refunds, prize costs) and publishes none (no relay).
await runService({
  name: 'accounting',
  schema,
  env: readAccountingEnv,
  relay: false,
  consumers: ({ db, bus, logger }) => startAccountingConsumers({ db, bus, logger }),
  buildApp: ({ db, logger, bus, verifier, env }) =>
    buildApp({
      db,
      logger,
      bus,
      verifier: verifier!,
      registerUrl: env.registerUrl,
      helloAssoUrl: env.helloAssoUrl,
      secrets: env.secrets,
    }),
});
