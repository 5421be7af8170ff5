import path from 'node:path';
import {
  connectBus, createDb, createLogger, createTokenVerifier, listen, onShutdown, readServiceEnv, startOutboxRelay,
} from '@kermesse/kit';
import { schema } from '../migrations/index.ts';
import { buildApp } from './app.ts';
import { expireClaims } from './commands/claims.ts';
import { startEventCreatedConsumer } from './consumers/eventCreatedConsumer.ts';
import { startSaleCompletedConsumer } from './consumers/saleCompletedConsumer.ts';
import { startSaleRefundedConsumer } from './consumers/saleRefundedConsumer.ts';

const env = readServiceEnv('raffle');
const logger = createLogger('raffle', env.logLevel);
const uploadsDir = path.resolve(process.env.KERMESSE_DATA_DIR || '.data', 'uploads', 'prizes');
const db = createDb(env.databaseUrl, { schema });
const bus = await connectBus({ url: env.natsUrl, namespace: env.natsNamespace, name: 'raffle' });
const relay = startOutboxRelay({ db, bus, logger });
const wake = () => relay.wake();
const consumers = await Promise.all([
  startSaleCompletedConsumer({ db, bus, logger }),
  startSaleRefundedConsumer({ db, bus, logger }),
  startEventCreatedConsumer({ db, bus, logger, wake }),
]);
const verifier = createTokenVerifier({ identityUrl: env.identityUrl });
const app = await buildApp({ db, logger, bus, verifier, uploadsDir, wake });
const server = await listen(app, env.port, env.host);
logger.info('raffle listening', { port: server.port, uploadsDir });

// Claims past their 10 minutes are freed for good every 30 s (claiming already ignores them).
const sweeper = setInterval(() => {
  expireClaims(db).catch((err) => logger.warn('expiring claims failed', { err: String(err) }));
}, 30_000);
sweeper.unref();

onShutdown(logger, [
  () => server.close(),
  async () => clearInterval(sweeper),
  () => Promise.all(consumers.map((c) => c.stop())),
  () => relay.stop(),
  () => bus.close(),
  () => db.destroy(),
]);
