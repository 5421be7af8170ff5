import {
  connectBus, createDb, createLogger, createTokenVerifier, listen, onShutdown, readServiceEnv, startOutboxRelay,
} from '@kermesse/kit';
import { schema } from '../migrations/index.ts';
import { buildApp } from './app.ts';
import { startStockConsumers } from './consumers/index.ts';

const env = readServiceEnv('stock');
const logger = createLogger('stock', env.logLevel);
const db = createDb(env.databaseUrl, { schema });
const bus = await connectBus({ url: env.natsUrl, namespace: env.natsNamespace, name: 'stock' });
const relay = startOutboxRelay({ db, bus, logger });
const consumers = await startStockConsumers({ db, bus, logger, relay });
const verifier = createTokenVerifier({ identityUrl: env.identityUrl });
const app = await buildApp({ db, logger, bus, verifier, relay });
const server = await listen(app, env.port, env.host);
logger.info('stock listening', { port: server.port });

onShutdown(logger, [() => server.close(), () => consumers.stop(), () => relay.stop(), () => bus.close(), () => db.destroy()]);
