import { connectBus, createDb, createLogger, createTokenVerifier, listen, onShutdown, readServiceEnv } from '@kermesse/kit';
import { schema } from '../migrations/index.ts';
import { buildApp } from './app.ts';

const env = readServiceEnv('swapmeet');
const logger = createLogger('swapmeet', env.logLevel);
const db = createDb(env.databaseUrl, { schema });
// No events yet: the connection only reports NATS health on /healthz like every service.
const bus = await connectBus({ url: env.natsUrl, namespace: env.natsNamespace, name: 'swapmeet' });
const verifier = createTokenVerifier({ identityUrl: env.identityUrl });
const app = await buildApp({ db, logger, bus, verifier });
const server = await listen(app, env.port, env.host);
logger.info('swapmeet listening', { port: server.port });

onShutdown(logger, [() => server.close(), () => bus.close(), () => db.destroy()]);
