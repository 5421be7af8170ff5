/**
 * `Idempotency-Key` semantics (Stripe, IETF draft-ietf-httpapi-idempotency-key-header): the first
 * request with a key runs; a retry with the same key and body gets the first answer again; a retry
 * while the first still runs gets 409; the same key with another body gets 422. Keys live in
 * Postgres, scoped to the user and the endpoint. Only successful answers are kept: a refused request
 * changed nothing, so the same key may be sent again with a corrected body.
 *
 * A command that writes calls `complete(trx, …)` inside its own transaction, so the answer is stored
 * if and only if the change committed — a crash between the two can never make a retry run twice.
 */
import { createHash } from 'node:crypto';
import type { Middleware } from 'koa';
import { badRequest, conflict, unprocessable, type AuthUser, type Db, type Trx } from '@kermesse/kit';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
/** A first request that did not finish within this time (crash) may be taken over by a retry. */
const LEASE_MS = 60_000;

export interface IdempotencyHandle {
  /** The key's row, for a command that stores the answer within a statement of its own. */
  readonly key: { user_id: string; scope: string; key: string };
  /** Stores the answer inside the caller's transaction. */
  complete(trx: Trx, status: number, body: unknown): Promise<void>;
  /** Says the command stored the answer itself (in its own statement, see `key`). */
  markCompleted(): void;
}

interface KeyRow {
  request_hash: string;
  state: 'running' | 'done';
  response_status: number | null;
  response_body: unknown;
  locked_until: Date;
}

/** JSON with sorted keys: the same body always hashes the same, whatever the key order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value as Record<string, unknown>).sort()
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

export interface IdempotentOptions {
  /** Names the endpoint: the same key on two endpoints means two things. */
  scope: string;
  /** French 409 while the first request still runs. */
  busyMessage: string;
}

/**
 * Middleware for a write endpoint (after authentication). Without the header the request simply
 * runs. The handle is in `ctx.state.idempotency` for the command to complete in its transaction.
 */
export function idempotent(db: Db, options: IdempotentOptions): Middleware {
  return async function idempotencyMiddleware(ctx, next) {
    const key = ctx.get(IDEMPOTENCY_HEADER);
    if (!key) return next();
    if (!KEY_PATTERN.test(key)) throw badRequest(`L'en-tête ${IDEMPOTENCY_HEADER} doit contenir de 1 à 255 caractères imprimables.`);
    const user = ctx.state.user as AuthUser;
    const id = { user_id: user.id, scope: options.scope, key };
    const requestHash = createHash('sha256')
      .update(`${ctx.method} ${ctx.path}\n${canonical((ctx.request as { body?: unknown }).body ?? null)}`)
      .digest('hex');

    const inserted = await db('idempotency_keys')
      .insert({ ...id, request_hash: requestHash, state: 'running', locked_until: new Date(Date.now() + LEASE_MS) })
      .onConflict(['user_id', 'scope', 'key'])
      .ignore()
      .returning('key');
    if (inserted.length === 0) {
      const row = (await db('idempotency_keys').where(id).first()) as KeyRow | undefined;
      if (!row) throw conflict(options.busyMessage); // released meanwhile: let the client retry
      if (row.request_hash !== requestHash) {
        throw unprocessable(`Cette clé ${IDEMPOTENCY_HEADER} a déjà servi pour une autre requête. Utilisez une nouvelle clé.`);
      }
      if (row.state === 'done') {
        ctx.status = row.response_status ?? 200;
        ctx.body = row.response_body;
        ctx.set('Idempotent-Replayed', 'true');
        return;
      }
      const takenOver = await db('idempotency_keys')
        .where(id).andWhere('state', 'running').andWhere('locked_until', '<', new Date())
        .update({ locked_until: new Date(Date.now() + LEASE_MS) })
        .returning('key');
      if (takenOver.length === 0) throw conflict(options.busyMessage);
    }

    let completed = false;
    const handle: IdempotencyHandle = {
      key: id,
      markCompleted() {
        completed = true;
      },
      async complete(trx, status, body) {
        await trx('idempotency_keys').where(id).update({ state: 'done', response_status: status, response_body: JSON.stringify(body) });
        completed = true;
      },
    };
    ctx.state.idempotency = handle;
    const release = () => db('idempotency_keys').where(id).andWhere('state', 'running').delete();
    try {
      await next();
    } catch (err) {
      await release();
      throw err;
    }
    if (completed) return;
    if (ctx.status >= 200 && ctx.status < 300) {
      await db('idempotency_keys').where(id).update({ state: 'done', response_status: ctx.status, response_body: JSON.stringify(ctx.body ?? null) });
    } else {
      await release();
    }
  };
}

/** Keys older than this are forgotten (Stripe keeps them 24 h): a retry comes within minutes. */
export const IDEMPOTENCY_RETENTION_HOURS = 24;

/** Deletes the keys past their retention; run now and then by the server. */
export async function pruneIdempotencyKeys(db: Db): Promise<number> {
  return db('idempotency_keys').where('created_at', '<', db.raw(`now() - interval '${IDEMPOTENCY_RETENTION_HOURS} hours'`)).delete();
}
