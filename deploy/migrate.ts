/**
 * Prepares one service before it starts, in a container (the Kubernetes Deployments' init container,
 * compose's `migrate-<service>`). The image runs it compiled with the service (deploy/build.ts):
 *
 *   node services/register/dist/migrate.js
 *
 * and from the sources, on a development machine: `node --import tsx deploy/migrate.ts register`.
 *
 * 1. Migrates its schema (DATABASE_URL). Several replicas starting at once may run it together:
 *    knex's migration lock lets one through, the others wait and retry until the schema is up to date.
 * 2. With NATS_URL set, makes sure the event stream exists with NATS_STREAM_REPLICAS replicas (3 on a
 *    cluster: the services would otherwise create it with one), raising them on an existing stream.
 * 3. With KERMESSE_DEMO=1 and DEMO_PASSWORD set, seeds the service's demo data (idempotent), as
 *    `npm start` does.
 */
import { pathToFileURL } from 'node:url';
import { connect } from '@nats-io/transport-node';
import { jetstreamManager, RetentionPolicy, StorageType } from '@nats-io/jetstream';
import { streamName } from '@kermesse/kit/bus';
import { createDb, migrateLatest, type ServiceMigrations } from '@kermesse/kit/db';

const RETRY_MS = 1_000;
const GIVE_UP_MS = 5 * 60_000;

/** What the migration needs of one service: its schema and migrations, and its demo seed. */
export interface ServiceParts {
  migrations: ServiceMigrations;
  seedDemo(deps: { db: ReturnType<typeof createDb>; password: string }): Promise<unknown>;
}

/** A service's parts from its sources (`@kermesse/<service>/migrations` and `/demo`). */
export async function loadServiceParts(service: string): Promise<ServiceParts> {
  if (!/^[a-z]+$/.test(service)) throw new Error(`unknown service « ${service} »`);
  const migrations = (await import(`@kermesse/${service}/migrations`)) as ServiceMigrations;
  const { seedDemo } = (await import(`@kermesse/${service}/demo`)) as Pick<ServiceParts, 'seedDemo'>;
  return {
    migrations: {
      schema: migrations.schema,
      migrations: migrations.migrations,
      appendOnly: migrations.appendOnly,
      updatableColumns: migrations.updatableColumns,
    },
    seedDemo,
  };
}

/** Brings `service`'s schema up to date, waiting out another replica's lock or a database still starting. */
export async function migrateService(service: string, parts: ServiceParts, databaseUrl: string, demoPassword?: string): Promise<void> {
  const { schema } = parts.migrations;
  const db = createDb(databaseUrl, { schema, poolMax: 2 });
  const deadline = Date.now() + GIVE_UP_MS;
  try {
    for (;;) {
      try {
        await migrateLatest(db, parts.migrations);
        break;
      } catch (err) {
        const retriable =
          (err as { name?: string }).name === 'MigrationLocked' ||
          ['ECONNREFUSED', '57P03', 'ENOTFOUND', 'EAI_AGAIN'].includes((err as { code?: string }).code ?? '');
        if (!retriable || Date.now() > deadline) throw err;
        process.stderr.write(`${JSON.stringify({ level: 'warn', service, msg: 'migration waits', err: String(err) })}\n`);
        await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
      }
    }
    if (demoPassword) await parts.seedDemo({ db, password: demoPassword });
  } finally {
    await db.destroy();
  }
}

/**
 * Creates `<NAMESPACE>_EVENTS` (subjects `<namespace>.>`) with `replicas` replicas and the settings of
 * the kit's bus, or raises the replicas of an existing one. Retries while the cluster elects its
 * meta leader.
 */
export async function ensureStream(natsUrl: string, namespace: string, replicas: number): Promise<void> {
  const nc = await connect({ servers: natsUrl.split(','), name: 'kermesse-migrate', timeout: 10_000, maxReconnectAttempts: -1 });
  const deadline = Date.now() + GIVE_UP_MS;
  try {
    const jsm = await jetstreamManager(nc, { timeout: 10_000 });
    const name = streamName(namespace);
    for (;;) {
      try {
        const existing = await jsm.streams.info(name).catch(() => undefined);
        if (!existing) {
          await jsm.streams.add({
            name,
            subjects: [`${namespace}.>`],
            retention: RetentionPolicy.Limits,
            storage: StorageType.File,
            duplicate_window: 10 * 60 * 1e9,
            max_age: 30 * 24 * 3600 * 1e9,
            num_replicas: replicas,
          });
        } else if (existing.config.num_replicas < replicas) {
          await jsm.streams.update(name, { ...existing.config, num_replicas: replicas });
        }
        return;
      } catch (err) {
        if (Date.now() > deadline) throw err;
        // Another replica created it meanwhile, or the cluster has no leader yet: look again.
        await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
      }
    }
  } finally {
    await nc.close();
  }
}

/**
 * The command: migrates, makes sure of the stream, seeds the demo when asked, then exits 0 (or 1 with
 * the error as one JSON line). Reads DATABASE_URL, NATS_URL, NATS_STREAM_REPLICAS, NATS_NAMESPACE,
 * KERMESSE_DEMO and DEMO_PASSWORD.
 */
export async function runMigrateCommand(service: string, load: () => Promise<ServiceParts>): Promise<never> {
  const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/kermesse';
  const demoPassword = process.env.KERMESSE_DEMO === '1' ? process.env.DEMO_PASSWORD : undefined;
  try {
    await migrateService(service, await load(), databaseUrl, demoPassword);
    if (process.env.NATS_URL) {
      const replicas = Number(process.env.NATS_STREAM_REPLICAS ?? 1);
      await ensureStream(
        process.env.NATS_URL,
        process.env.NATS_NAMESPACE ?? 'kermesse',
        Number.isInteger(replicas) && replicas > 0 ? replicas : 1,
      );
    }
    process.stdout.write(`${JSON.stringify({ level: 'info', service, msg: 'schema up to date' })}\n`);
    process.exit(0);
  } catch (err) {
    process.stderr.write(
      `${JSON.stringify({ level: 'error', service, msg: 'migration failed', err: String((err as Error).stack ?? err) })}\n`,
    );
    process.exit(1);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const service = process.argv[2] ?? '';
  await runMigrateCommand(service, () => loadServiceParts(service));
}
