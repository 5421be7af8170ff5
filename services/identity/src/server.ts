import { connectBus, createDb, createLogger, listen, onShutdown, startOutboxRelay } from '@kermesse/kit';
import { schema } from '../migrations/index.ts';
import { buildApp } from './app.ts';
import { readIdentityEnv } from './env.ts';
import { linkMailer } from './linkMailer.ts';

const env = readIdentityEnv();
const logger = createLogger('identity', env.logLevel);
const db = createDb(env.databaseUrl, { schema });
const bus = await connectBus({ url: env.natsUrl, namespace: env.natsNamespace, name: 'identity' });
const relay = startOutboxRelay({ db, bus, logger });
const app = await buildApp({
  db, logger, bus,
  publicUrl: env.publicUrl,
  webauthnOrigins: env.webauthnOrigins,
  associationName: env.associationName,
  mailLink: env.contactUrl ? linkMailer(env.contactUrl, logger) : undefined,
});
const server = await listen(app, env.port, env.host);
logger.info('identity listening', { port: server.port });

onShutdown(logger, [() => server.close(), () => relay.stop(), () => bus.close(), () => db.destroy()]);
