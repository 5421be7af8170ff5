import { runService } from '@kermesse/kit/service';
import { secretBoxFromEnv } from '@kermesse/kit/secrets';
import { createAssociationLister } from '@kermesse/kit/tenancy';
import { schema } from '../migrations/index.ts';
import { buildApp } from './app.ts';
import { startWebhookConsumers } from './consumers/index.ts';
import { endpointSecrets } from './delivery/endpointSecrets.ts';
import { startWebhookWorker } from './delivery/worker.ts';
import { readWebhooksEnv } from './env.ts';

// Webhooks publishes nothing (no relay); its worker sends the queued deliveries.
await runService({
  name: 'webhooks',
  schema,
  env: readWebhooksEnv,
  relay: false,
  setup: ({ db, logger, env }) => {
    const secrets = secretBoxFromEnv();
    const associations = createAssociationLister(env.identityUrl);
    return { secrets, worker: startWebhookWorker({ db, logger, secrets: endpointSecrets(secrets), associations }) };
  },
  stopSetup: ({ worker }) => worker.stop(),
  consumers: ({ db, bus, logger, worker }) => startWebhookConsumers({ db, bus, logger, onQueued: () => worker.wake() }),
  buildApp: ({ db, logger, bus, verifier, secrets, worker }) =>
    buildApp({ db, logger, bus, verifier, secrets, onQueued: () => worker.wake() }),
});
