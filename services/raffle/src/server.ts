import { runService } from '@kermesse/kit/service';
import { schema } from '../migrations/index.ts';
import { buildApp } from './app.ts';
import { expireClaims } from './commands/expireClaims.ts';
import { startRaffleConsumers } from './consumers/index.ts';
import { readRaffleEnv } from './env.ts';

await runService({
  name: 'raffle',
  schema,
  env: readRaffleEnv,
  consumers: (deps) => startRaffleConsumers(deps),
  buildApp: ({ db, logger, bus, verifier, env }) =>
    buildApp({ db, logger, bus, verifier: verifier!, uploadsDir: env.uploadsDir, registerUrl: env.registerUrl }),
  // Claims past their 10 minutes are freed for good every 30 s (claiming already ignores them).
  jobs: [{ name: 'expiring claims', everyMs: 30_000, run: ({ db }) => expireClaims(db) }],
  started: ({ logger, env }) => logger.info('raffle uploads', { uploadsDir: env.uploadsDir }),
});
