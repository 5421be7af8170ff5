import { runService } from '@kermesse/kit/service';
import { schema } from '../migrations/index.ts';
import { buildApp } from './app.ts';
import { readSwapmeetEnv } from './env.ts';

// No events yet: the bus only reports NATS health on /healthz like every service; no outbox relay.
await runService({
  name: 'swapmeet',
  schema,
  env: readSwapmeetEnv,
  relay: false,
  buildApp: ({ db, logger, bus, verifier }) => buildApp({ db, logger, bus, verifier: verifier! }),
});
