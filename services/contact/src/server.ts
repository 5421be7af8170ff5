import { connectBus, createDb, createLogger, createTokenVerifier, listen, onShutdown } from '@kermesse/kit';
import { schema } from '../migrations/index.ts';
import { buildApp } from './app.ts';
import { applyRetention } from './commands/applyRetention.ts';
import { startReceiptRequestedConsumer } from './consumers/receiptRequestedConsumer.ts';
import { startSaleCompletedConsumer } from './consumers/saleCompletedConsumer.ts';
import { createTransports } from './delivery/transports/index.ts';
import { startDeliveryWorker } from './delivery/worker.ts';
import { readContactEnv } from './env.ts';

const env = readContactEnv();
const logger = createLogger('contact', env.logLevel);
const db = createDb(env.databaseUrl, { schema });
const bus = await connectBus({ url: env.natsUrl, namespace: env.natsNamespace, name: 'contact' });
const worker = startDeliveryWorker({
  db,
  logger,
  transports: createTransports(env, logger),
  housekeeping: () => applyRetention(db, logger, env.deliveryRetentionDays),
});
const receiptDeps = {
  db, bus, logger,
  receipt: { associationName: env.associationName, publicUrl: env.publicUrl },
  onQueued: () => worker.wake(),
};
const consumer = await startSaleCompletedConsumer(receiptDeps);
const requestedConsumer = await startReceiptRequestedConsumer(receiptDeps);
const app = await buildApp({
  db, logger, bus, associationEmail: env.associationEmail, onQueued: () => worker.wake(),
  verifier: createTokenVerifier({ identityUrl: env.identityUrl }),
  mailConfigured: env.smtpUrl !== null,
});
const server = await listen(app, env.port, env.host);
logger.info('contact listening', { port: server.port, publicUrl: env.publicUrl });

onShutdown(logger, [() => server.close(), () => consumer.stop(), () => requestedConsumer.stop(), () => worker.stop(), () => bus.close(), () => db.destroy()]);
