import { runService } from '@kermesse/kit/service';
import { schema } from '../migrations/index.ts';
import { buildApp } from './app.ts';
import { startAccountingConsumers } from './consumers/index.ts';
import { readAccountingEnv } from './env.ts';
import { createHelloAssoTokenCache } from './helloasso/client.ts';
import { pullHelloAssoForms } from './helloasso/pull.ts';

const helloAssoTokens = createHelloAssoTokenCache();

// Accounting reads events (sales, settlements, refunds, prize costs) and publishes HelloAsso's
// tickets for the gate (its outbox, relayed).
await runService({
  name: 'accounting',
  schema,
  env: readAccountingEnv,
  consumers: ({ db, bus, logger }) => startAccountingConsumers({ db, bus, logger }),
  buildApp: ({ db, logger, bus, verifier, env }) =>
    buildApp({
      db,
      logger,
      bus,
      verifier: verifier!,
      registerUrl: env.registerUrl,
      sumup: env.sumup,
      helloAssoUrl: env.helloAssoUrl,
      secrets: env.secrets,
    }),
  // Each hour, in each association: between 2 and 6 in France, the forms imported before are read again.
  jobs: [
    {
      name: 'helloasso nightly pull',
      everyMs: 3_600_000,
      run: ({ db, env }) => pullHelloAssoForms(db, { baseUrl: env.helloAssoUrl, secrets: env.secrets, cache: helloAssoTokens }),
    },
  ],
});
