import { runService } from '@kermesse/kit/service';
import { schema } from '../migrations/index.ts';
import { buildApp } from './app.ts';
import { startStockConsumers } from './consumers/index.ts';
import { readStockEnv } from './env.ts';

await runService({
  name: 'stock',
  schema,
  env: readStockEnv,
  consumers: ({ db, bus, logger }) => startStockConsumers({ db, bus, logger }),
  buildApp: ({ db, logger, bus, verifier, env }) => buildApp({ db, logger, bus, verifier: verifier!, registerUrl: env.registerUrl }),
});
