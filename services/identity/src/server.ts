import { secretBoxFromEnv } from '@kermesse/kit/secrets';
import { runService } from '@kermesse/kit/service';
import { schema } from '../migrations/index.ts';
import { buildApp } from './app.ts';
import { readIdentityEnv } from './env.ts';
import { linkMailer } from './linkMailer.ts';

// Identity publishes account events (outbox relay) and verifies its own tokens (no remote verifier).
await runService({
  name: 'identity',
  schema,
  env: readIdentityEnv,
  verifier: false,
  buildApp: ({ db, logger, bus, env }) =>
    buildApp({
      db,
      logger,
      bus,
      publicUrl: env.publicUrl,
      webauthnOrigins: env.webauthnOrigins,
      associationName: env.associationName,
      mailLink: env.contactUrl ? linkMailer(env.contactUrl, logger) : undefined,
      secrets: secretBoxFromEnv(),
      registerUrl: env.registerUrl,
      serviceUrls: env.serviceUrls,
      limitDefaults: env.limitDefaults,
    }),
});
