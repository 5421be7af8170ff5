import { runService } from '@kermesse/kit/service';
import { createAssociationLister, hostingEnabled } from '@kermesse/kit/tenancy';
import { schema } from '../migrations/index.ts';
import { buildApp } from './app.ts';
import { applyRetention } from './commands/applyRetention.ts';
import { startContactConsumers } from './consumers/index.ts';
import { createTransports } from './delivery/transports/index.ts';
import { receiptSettingsOf } from './receipts/settings.ts';
import { startDeliveryWorker } from './delivery/worker.ts';
import { readContactEnv } from './env.ts';

// Contact publishes nothing (no relay); its delivery worker sends the queued e-mails and SMS.
await runService({
  name: 'contact',
  schema,
  env: readContactEnv,
  relay: false,
  setup: ({ db, logger, env }) => ({
    worker: startDeliveryWorker({
      db,
      logger,
      transports: createTransports(env, logger),
      associations: createAssociationLister(env.identityUrl),
      housekeeping: () => applyRetention(db, logger, env.deliveryRetentionDays),
    }),
  }),
  stopSetup: ({ worker }) => worker.stop(),
  consumers: ({ db, bus, logger, env, worker }) =>
    startContactConsumers({
      db,
      bus,
      logger,
      receipt: receiptSettingsOf({
        fallback: { associationName: env.associationName, publicUrl: env.publicUrl },
        identityUrl: env.identityUrl,
        domain: process.env.KERMESSE_DOMAIN?.trim().toLowerCase() || undefined,
      }),
      onQueued: () => worker.wake(),
    }),
  buildApp: ({ db, logger, bus, env, verifier, worker }) =>
    buildApp({
      db,
      logger,
      bus,
      verifier,
      // On a host the environment's mailbox is the host's: an association's requests stay in its inbox.
      associationEmail: hostingEnabled() ? null : env.associationEmail,
      onQueued: () => worker.wake(),
      mailConfigured: env.smtpUrl !== null,
    }),
  started: ({ logger, env }) => logger.info('contact receipts link to', { publicUrl: env.publicUrl }),
});
