import { connectBus, createDb, createLogger, createTokenVerifier, listen, onShutdown, readServiceEnv, startOutboxRelay } from '@kermesse/kit';
import { schema } from '../migrations/index.ts';
import { buildApp } from './app.ts';
import { startBingoConsumers } from './consumers/index.ts';

const env = readServiceEnv('bingo');
const logger = createLogger('bingo', env.logLevel);
const db = createDb(env.databaseUrl, { schema });
const bus = await connectBus({ url: env.natsUrl, namespace: env.natsNamespace, name: 'bingo' });
// Publishes `bingo.configured` (a night's prizes and their costs, read by accounting).
const relay = startOutboxRelay({ db, bus, logger });
const consumers = await startBingoConsumers({ db, bus, logger });
const verifier = createTokenVerifier({ identityUrl: env.identityUrl });
const app = await buildApp({ db, logger, bus, verifier });
const server = await listen(app, env.port, env.host);
logger.info('bingo listening', { port: server.port });

onShutdown(logger, [() => server.close(), () => consumers.stop(), () => relay.stop(), () => bus.close(), () => db.destroy()]);
