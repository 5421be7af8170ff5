import { runService } from '@kermesse/kit/service';
import { schema } from '../migrations/index.ts';
import { buildApp } from './app.ts';
import { startBingoConsumers } from './consumers/index.ts';
import { readBingoEnv } from './env.ts';

// Publishes `bingo.configured` (a night's prizes and their costs, read by accounting) through the relay.
await runService({
  name: 'bingo',
  schema,
  env: readBingoEnv,
  consumers: ({ db, bus, logger }) => startBingoConsumers({ db, bus, logger }),
  buildApp: ({ db, logger, bus, verifier, env }) => buildApp({ db, logger, bus, verifier: verifier!, registerUrl: env.registerUrl }),
});
