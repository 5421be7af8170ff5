import { connectBus, createDb, createLogger, createTokenVerifier, listen, onShutdown } from '@kermesse/kit';
import { schema } from '../migrations/index.ts';
import { buildApp } from './app.ts';
import { startAccountingConsumers } from './consumers/index.ts';
import { readAccountingEnv } from './env.ts';

const env = readAccountingEnv();
const logger = createLogger('accounting', env.logLevel);
const db = createDb(env.databaseUrl, { schema });
const bus = await connectBus({ url: env.natsUrl, namespace: env.natsNamespace, name: 'accounting' });
const consumers = await startAccountingConsumers({ db, bus, logger });
const verifier = createTokenVerifier({ identityUrl: env.identityUrl });
const app = await buildApp({ db, logger, bus, verifier });
const server = await listen(app, env.port, env.host);
logger.info('accounting listening', { port: server.port });

onShutdown(logger, [() => server.close(), () => consumers.stop(), () => bus.close(), () => db.destroy()]);
