import type { Db } from '@kermesse/kit/db';
import type { EventCheck, Logger } from '@kermesse/kit/http';
import type { IllustrationStore } from '../uploads/storage.ts';

/**
 * What the routes need: the database, the uploads, the claim lifetime. Events recorded by the
 * commands wake the outbox relay by themselves after their commit (kit `recordEvent`).
 */
export interface RouteDeps {
  db: Db;
  logger: Logger;
  store: IllustrationStore;
  /** How long a claim holds its numbers (docs/platform.md: 10 minutes). */
  claimTtlMs: number;
  /** Whether an event a new raffle or basket names is the register's (docs/platform.md « Events of a fair »). */
  events: EventCheck;
  /** The other services keeping the association's files (the register), counted in its storage quota. */
  storagePeers: readonly string[];
}
