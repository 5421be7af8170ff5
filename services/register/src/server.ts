/**
 * The register service: the kit's `runService()` (env, database, bus, outbox relay, consumers,
 * token verifier, app, listen, jobs, shutdown) with the register's own parts — its settings
 * (env.ts), the card provider (the SumUp API or the simulator), the raffle and bingo claim clients.
 */
import { secretBoxFromEnv } from '@kermesse/kit/secrets';
import { runService } from '@kermesse/kit/service';
import { currentAssociation } from '@kermesse/kit/tenancy';
import { schema } from '../migrations/index.ts';
import { createSumUpReaderAdmin } from './admin/cardReaders.ts';
import { buildApp } from './app.ts';
import { createBingoClient, createRaffleClient } from './claimsClient.ts';
import { startRegisterConsumers } from './consumers/index.ts';
import { readRegisterEnv } from './env.ts';
import { createStaffDirectory } from './staffDirectory.ts';
import { pruneIdempotencyKeys } from './idempotency.ts';
import { closeAndArchive } from './commands/closeAndArchive.ts';
import { loadTillSigner } from './compliance/signingKey.ts';
import { recordSoftwareVersion } from './compliance/softwareVersionLog.ts';
import { createSimulatorProvider } from './payments/simulator.ts';
import { createSumUpProvider } from './payments/sumup.ts';

const own = readRegisterEnv();
const secrets = secretBoxFromEnv();

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

await runService({
  name: 'register',
  schema,
  poolMax: 16,
  // Events recorded with recordEvent wake the relay after their commit, 25 ms later: one batch for a burst.
  relay: { wakeDelayMs: 25 },
  setup: ({ db }) => ({ cardProvider: own.sumup ? createSumUpProvider(own.sumup) : createSimulatorProvider(db) }),
  consumers: ({ db, bus, logger }) => startRegisterConsumers({ db, bus, logger }),
  buildApp: ({ env, db, logger, bus, verifier, relay, cardProvider }) =>
    buildApp({
      db,
      logger,
      bus,
      verifier,
      cardProvider,
      readerAdmin: own.sumup ? createSumUpReaderAdmin(own.sumup, cardProvider) : undefined,
      raffle: createRaffleClient({ baseUrl: own.raffleUrl }),
      bingo: createBingoClient({ baseUrl: own.bingoUrl }),
      staff: createStaffDirectory({ identityUrl: env.identityUrl }),
      secrets,
      uploadsDir: own.uploadsDir,
      storagePeers: [own.raffleUrl],
      publicUrl: own.publicUrl,
      // The sale's one-statement write (outbox row included) wakes it the same way.
      wake: coalesce(() => relay.wake(), 25),
    }),
  // Idempotency keys past their 24 hours are dropped once an hour.
  jobs: [
    { name: 'pruning idempotency keys', everyMs: 3_600_000, run: ({ db }) => pruneIdempotencyKeys(db) },
    // docs/compliance/conditions.md §2–3: each ended day, month and year closed, signed and archived.
    // On a host, each association's version record and signing key are made here, in its own rows.
    {
      name: 'closing ended periods',
      everyMs: 600_000,
      run: async ({ db }) => {
        await recordSoftwareVersion(db);
        await closeAndArchive(db, secrets);
      },
    },
  ],
  started: async ({ db, logger, cardProvider }) => {
    logger.info('register card provider', { cardProvider: cardProvider.name });
    // docs/compliance/conditions.md §2: the signing key pair exists from the first start; §5: a new version is logged.
    // Outside any association (a host starting), there is no association to make them for: the job
    // above makes each association's at its first run.
    if (!currentAssociation()) return;
    await loadTillSigner(db, secrets);
    await recordSoftwareVersion(db);
  },
});
