/**
 * `Idempotency-Key` semantics (Stripe, IETF draft-ietf-httpapi-idempotency-key-header): the first
 * request with a key runs; a retry with the same key and body gets the first answer again; a retry
 * while the first still runs gets 409; the same key with another body gets 422. Keys live in
 * Postgres, scoped to the user and the endpoint. Only successful answers are kept: a refused request
 * changed nothing, so the same key may be sent again with a corrected body.
 *
 * A command that writes calls `complete(trx, …)` inside its own transaction, so the answer is stored
 * if and only if the change committed — a crash between the two can never make a retry run twice.
 *
 * The lease. The running request holds the key for `leaseMs` (5 s) and renews it every
 * `refreshMs` (1.5 s) while it runs, so a replica killed with -9 lets go within 5 s: the client's
 * retry, on the other replica, takes the key over then instead of waiting a minute. A short lease is
 * safe whatever the timing (an event loop or a database stalled longer than the lease): a key is
 * completed once only — `complete` requires it still `running`, and a trigger (migration
 * 016_idempotency_lease) refuses any second completion, the sale's own one-statement write included —
 * so of two runs of one key, exactly one commits; the other is rolled back and its client gets the
 * stored answer. A run only ever releases (deletes) the key while it still holds its own lease.
 */
import { createHash } from 'node:crypto';
import type { Middleware } from 'koa';
import { type Db, type Trx } from '@kermesse/kit/db';
import { messageOf } from '@kermesse/contracts-register';
import { badRequest, conflict, unauthorized, unprocessable } from '@kermesse/kit/http';
import {
  completeKey,
  deleteKeysOlderThan,
  findKey,
  insertRunningKey,
  moveLease,
  releaseKey,
  type KeyId,
  type KeyRow,
} from './repositories/idempotencyKeys.ts';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
/** A first request whose lease was not renewed within this time (crash) may be taken over by a retry. */
export const LEASE_MS = 5_000;
/** The running request renews its lease this often. */
export const LEASE_REFRESH_MS = 1_500;
/** What the trigger of migration 016 raises when a completed key is completed again. */
const ALREADY_COMPLETED = 'idempotency key already completed';

declare module 'koa' {
  interface DefaultState {
    /** The handle of a request sent with an Idempotency-Key (`idempotent()`), for its command to complete. */
    idempotency?: IdempotencyHandle;
  }
}

export interface IdempotencyHandle {
  /** The key's row, for a command that stores the answer within a statement of its own. */
  readonly key: KeyId;
  /** Stores the answer inside the caller's transaction; throws (rolling it back) if the key was completed meanwhile. */
  complete(trx: Trx, status: number, body: unknown): Promise<void>;
  /** Says the command stored the answer itself (in its own statement, see `key`). */
  markCompleted(): void;
}

/** JSON with sorted keys: the same body always hashes the same, whatever the key order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value as Record<string, unknown>)
      .sort()
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

export interface IdempotentOptions {
  /** Names the endpoint: the same key on two endpoints means two things. */
  scope: string;
  /** French 409 while the first request still runs. */
  busyMessage: string;
  /** Lease length (ms, LEASE_MS); tests shorten it. */
  leaseMs?: number;
  /** Lease renewal period (ms, LEASE_REFRESH_MS); must be well under `leaseMs`. */
  refreshMs?: number;
}

/** The second completion of a key, refused by the trigger of migration 016. */
function isSecondCompletion(err: unknown): boolean {
  return String((err as { message?: unknown })?.message ?? '').includes(ALREADY_COMPLETED);
}

/**
 * Middleware for a write endpoint (after authentication). Without the header the request simply
 * runs. The handle is in `ctx.state.idempotency` for the command to complete in its transaction.
 */
export function idempotent(db: Db, options: IdempotentOptions): Middleware {
  const leaseMs = options.leaseMs ?? LEASE_MS;
  const refreshMs = options.refreshMs ?? LEASE_REFRESH_MS;
  const busy = () => conflict(options.busyMessage).withCode('IDEMPOTENCY_IN_PROGRESS');

  return async function idempotencyMiddleware(ctx, next) {
    const key = ctx.get(IDEMPOTENCY_HEADER);
    if (!key) return next();
    if (!KEY_PATTERN.test(key)) throw badRequest(messageOf('IDEMPOTENCY_KEY_INVALID')).withCode('IDEMPOTENCY_KEY_INVALID');
    // Mounted after authentication: a key belongs to the person who sent it.
    const user = ctx.state.user;
    if (!user) throw unauthorized();
    const id: KeyId = { user_id: user.id, scope: options.scope, key };
    const requestHash = createHash('sha256')
      .update(`${ctx.method} ${ctx.path}\n${canonical((ctx.request as { body?: unknown }).body ?? null)}`)
      .digest('hex');

    /** Answers with the stored answer when the key is done (true), else false. */
    const replayed = (row: KeyRow | undefined): boolean => {
      if (!row || row.state !== 'done') return false;
      ctx.status = row.response_status ?? 200;
      ctx.body = row.response_body;
      ctx.set('Idempotent-Replayed', 'true');
      return true;
    };

    // The lease this run holds: its `locked_until` is the fencing value of every renewal and of the release.
    let lease = new Date(Date.now() + leaseMs);
    if (!(await insertRunningKey(db, id, requestHash, lease))) {
      const row = await findKey(db, id);
      if (!row) throw busy(); // released meanwhile: let the client retry
      if (row.request_hash !== requestHash) {
        throw unprocessable(messageOf('IDEMPOTENCY_KEY_REUSED')).withCode('IDEMPOTENCY_KEY_REUSED');
      }
      if (replayed(row)) return;
      // Running: taken over only once its holder stopped renewing the lease (crashed), and by one retry only.
      if (row.locked_until.getTime() >= Date.now()) throw busy();
      lease = new Date(Date.now() + leaseMs);
      if (!(await moveLease(db, id, row.locked_until, lease))) throw busy();
    }

    // Renew the lease while the command runs; a renewal that finds the key done or taken over stops.
    let renewing: Promise<unknown> = Promise.resolve();
    let held = true;
    const renew = () => {
      const next = new Date(Date.now() + leaseMs);
      renewing = moveLease(db, id, lease, next).then(
        (moved) => {
          if (moved) lease = next;
          else held = false;
        },
        () => undefined,
      );
    };
    const timer = setInterval(() => {
      if (held) renew();
    }, refreshMs);
    timer.unref();
    const stopRenewing = async () => {
      clearInterval(timer);
      await renewing;
    };

    let completed = false;
    const handle: IdempotencyHandle = {
      key: id,
      markCompleted() {
        completed = true;
      },
      async complete(trx, status, body) {
        // Completed by a run that took the key over: this transaction must not commit.
        if (!(await completeKey(trx, id, status, body))) throw busy();
        completed = true;
      },
    };
    ctx.state.idempotency = handle;
    /** Deletes the key only while this run still holds it (never a retry's lease). */
    const release = async () => {
      await stopRenewing();
      if (held) await releaseKey(db, id, lease);
    };
    try {
      await next();
    } catch (err) {
      await release();
      // Another run of this key committed first: this one wrote nothing; answer what it stored.
      if (isSecondCompletion(err) || (err as { status?: number }).status === 409) {
        const row = await findKey(db, id);
        if (row?.request_hash === requestHash && replayed(row)) return;
      }
      throw err;
    }
    if (completed) return void (await stopRenewing());
    if (ctx.status >= 200 && ctx.status < 300) {
      await stopRenewing();
      await completeKey(db, id, ctx.status, ctx.body ?? null).catch((err: unknown) => {
        if (!isSecondCompletion(err)) throw err;
      });
    } else {
      await release();
    }
  };
}

/** Keys older than this are forgotten (Stripe keeps them 24 h): a retry comes within minutes. */
export const IDEMPOTENCY_RETENTION_HOURS = 24;

/** Deletes the keys past their retention; run now and then by the server. */
export async function pruneIdempotencyKeys(db: Db): Promise<number> {
  return deleteKeysOlderThan(db, IDEMPOTENCY_RETENTION_HOURS);
}
