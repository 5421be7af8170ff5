/**
 * The `idempotency_keys` rows behind the Idempotency-Key middleware (idempotency.ts, which holds the
 * semantics: leases, fencing, replays). Every write that ends or changes a run is fenced on the
 * key's state and, where it matters, on the lease this run holds (`locked_until`).
 */
import { type Db, type Trx } from '@kermesse/kit/db';

/** A key: one user, one endpoint (`scope`), one client-chosen key. */
export interface KeyId {
  user_id: string;
  scope: string;
  key: string;
}

export interface KeyRow {
  request_hash: string;
  state: 'running' | 'done';
  response_status: number | null;
  response_body: unknown;
  locked_until: Date;
}

/** Takes the key for a first run (state `running`, leased until `lease`); false when it already exists. */
export async function insertRunningKey(db: Db, id: KeyId, requestHash: string, lease: Date): Promise<boolean> {
  const inserted = await db('idempotency_keys')
    .insert({ ...id, request_hash: requestHash, state: 'running', locked_until: lease })
    .onConflict(['association_id', 'user_id', 'scope', 'key'])
    .ignore()
    .returning('key');
  return inserted.length === 1;
}

export const findKey = (db: Db, id: KeyId): Promise<KeyRow | undefined> => db('idempotency_keys').where(id).first();

/** Moves the running key's lease from `from` to `to`; false when it is done or another run holds it. */
export async function moveLease(db: Db, id: KeyId, from: Date, to: Date): Promise<boolean> {
  const moved = await db('idempotency_keys')
    .where(id)
    .andWhere('state', 'running')
    .andWhere('locked_until', from)
    .update({ locked_until: to })
    .returning('key');
  return moved.length === 1;
}

/** Stores the answer of the running key (inside the command's transaction, or alone); false when it is no longer running. */
export async function completeKey(q: Db | Trx, id: KeyId, status: number, body: unknown): Promise<boolean> {
  const done = await q('idempotency_keys')
    .where(id)
    .andWhere('state', 'running')
    .update({ state: 'done', response_status: status, response_body: JSON.stringify(body) })
    .returning('key');
  return done.length === 1;
}

/** Forgets the running key, only while it still holds `lease` (never a retry's). */
export async function releaseKey(db: Db, id: KeyId, lease: Date): Promise<void> {
  await db('idempotency_keys').where(id).andWhere('state', 'running').andWhere('locked_until', lease).delete();
}

/** Deletes the keys older than `hours`. */
export function deleteKeysOlderThan(db: Db, hours: number): Promise<number> {
  return db('idempotency_keys')
    .where('created_at', '<', db.raw(`now() - make_interval(hours => ?)`, [hours]))
    .delete();
}
