import {
  connectBus, createDb, createLogger, createTokenVerifier, listen, onShutdown, readServiceEnv, startOutboxRelay,
} from '@kermesse/kit';
import { schema } from '../migrations/index.ts';
import { buildApp } from './app.ts';

const env = readServiceEnv('register', 8102);
const logger = createLogger('register', env.logLevel);
const db = createDb(env.databaseUrl, { schema });
const bus = await connectBus({ url: env.natsUrl, namespace: env.natsNamespace, name: 'register' });
const relay = startOutboxRelay({ db, bus, logger });
const verifier = createTokenVerifier({ identityUrl: env.identityUrl });
const app = await buildApp({ db, logger, bus, verifier });
const server = await listen(app, env.port);
logger.info('register listening', { port: server.port });

onShutdown(logger, [() => server.close(), () => relay.stop(), () => bus.close(), () => db.destroy()]);
