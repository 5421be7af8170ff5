import type { Db, Logger } from '@kermesse/kit';
import type { IllustrationStore } from '../uploads/storage.ts';

/** What the routes need: the database, a way to wake the outbox relay after a commit, the uploads. */
export interface RouteDeps {
  db: Db;
  logger: Logger;
  /** Asks the outbox relay to publish now (no-op in tests without NATS). */
  wake: () => void;
  store: IllustrationStore;
  /** How long a claim holds its numbers (docs/platform.md: 10 minutes). */
  claimTtlMs: number;
}
