import type { Db } from '@kermesse/kit';

/** Failures recorded in the last `windowMs` for each key (an account or an address). */
export async function countRecentFailures(db: Db, keys: string[], windowMs: number): Promise<Map<string, { count: number; oldest: Date }>> {
  const rows: { key: string; count: number; oldest: Date }[] = await db('login_failures')
    .select('key')
    .count({ count: '*' })
    .min({ oldest: 'at' })
    .whereIn('key', keys)
    .andWhere('at', '>', db.raw("now() - (? * interval '1 millisecond')", [windowMs]))
    .groupBy('key');
  return new Map(rows.map((r) => [r.key, { count: Number(r.count), oldest: new Date(r.oldest) }]));
}

export async function recordFailure(db: Db, keys: string[]): Promise<void> {
  await db('login_failures').insert(keys.map((key) => ({ key })));
  // Keep the table small: older rows no longer count.
  await db('login_failures').whereIn('key', keys).andWhere('at', '<', db.raw("now() - interval '1 day'")).delete();
}

export const clearFailures = (db: Db, key: string) => db('login_failures').where({ key }).delete();
