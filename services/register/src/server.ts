import {
  connectBus, createDb, createLogger, createTokenVerifier, listen, onShutdown, readServiceEnv, startOutboxRelay,
} from '@kermesse/kit';
import { schema } from '../migrations/index.ts';
import { createSumUpReaderAdmin } from './admin/cardReaders.ts';
import { buildApp } from './app.ts';
import { startRegisterConsumers } from './consumers/index.ts';
import { readRegisterEnv } from './env.ts';
import { pruneIdempotencyKeys } from './idempotency.ts';
import { createSimulatorProvider } from './payments/simulator.ts';
import { createSumUpProvider } from './payments/sumup.ts';
import { createRaffleClient } from './claimsClient.ts';
import { createBingoClient } from './claimsClient.ts';

/** Calls `fn` once `ms` after the first of a burst of calls: one outbox batch for many sales. */
function coalesce(fn: () => void, ms: number): () => void {
  let timer: NodeJS.Timeout | null = null;
  return () => {
    timer ??= setTimeout(() => {
      timer = null;
      fn();
    }, ms);
  };
}

const env = readServiceEnv('register');
const own = readRegisterEnv();
const logger = createLogger('register', env.logLevel);
const db = createDb(env.databaseUrl, { schema, poolMax: 16 });
const bus = await connectBus({ url: env.natsUrl, namespace: env.natsNamespace, name: 'register' });
const relay = startOutboxRelay({ db, bus, logger });
const consumers = await startRegisterConsumers({ db, bus, logger });
const verifier = createTokenVerifier({ identityUrl: env.identityUrl });
const cardProvider = own.sumup ? createSumUpProvider(own.sumup) : createSimulatorProvider(db);
const app = await buildApp({
  db, logger, bus, verifier, cardProvider,
  readerAdmin: own.sumup ? createSumUpReaderAdmin(own.sumup, cardProvider) : undefined,
  raffle: createRaffleClient({ baseUrl: own.raffleUrl }),
  bingo: createBingoClient({ baseUrl: own.bingoUrl }),
  uploadsDir: own.uploadsDir,
  publicUrl: own.publicUrl,
  wake: coalesce(() => relay.wake(), 25),
});
const server = await listen(app, env.port, env.host);
logger.info('register listening', { port: server.port, cardProvider: cardProvider.name });

// Idempotency keys past their 24 hours are dropped once an hour.
const pruner = setInterval(() => {
  pruneIdempotencyKeys(db).catch((err) => logger.warn('pruning idempotency keys failed', { err: String(err) }));
}, 3_600_000);
pruner.unref();

onShutdown(logger, [
  () => server.close(),
  async () => clearInterval(pruner),
  () => consumers.stop(),
  () => relay.stop(),
  () => bus.close(),
  () => db.destroy(),
]);
