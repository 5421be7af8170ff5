import { describe, expect, it } from 'vitest';
import { isOutage } from './outage.ts';

describe('isOutage', () => {
  it('recognises a database gone away, as pg, knex and node report it', () => {
    const errors: unknown[] = [
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5433'), { code: 'ECONNREFUSED' }),
      // knex puts the statement in front of node-postgres's message (Postgres killed under a sale).
      new Error('insert into "sales" ("id") values ($1) - Connection terminated unexpectedly'),
      Object.assign(new Error('select 1 - terminating connection due to administrator command'), { code: '57P01' }),
      Object.assign(new Error('the database system is in recovery mode'), { code: '57P03' }),
      Object.assign(new Error('Knex: Timeout acquiring a connection. The pool is probably full.'), { name: 'KnexTimeoutError' }),
      new AggregateError([Object.assign(new Error('connect ECONNREFUSED ::1:5433'), { code: 'ECONNREFUSED' })]),
      new TypeError('fetch failed', { cause: Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }) }),
    ];
    expect(errors.map((err) => isOutage(err))).toEqual(errors.map(() => true));
  });

  it('leaves the request’s own faults alone', () => {
    const errors: unknown[] = [
      Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505' }),
      Object.assign(new Error('relation "secret_table" does not exist'), { code: '42P01' }),
      new Error('no open till session for checkout 3'),
      'Connection terminated',
      undefined,
    ];
    expect(errors.map((err) => isOutage(err))).toEqual(errors.map(() => false));
  });
});
