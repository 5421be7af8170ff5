import type { Db } from '@kermesse/kit/db';

/** Failures recorded in the last `windowMs` for each key (an account or an address). */
export async function countRecentFailures(db: Db, keys: string[], since: Date): Promise<Map<string, { count: number; oldest: Date }>> {
  const rows: { key: string; count: number; oldest: Date }[] = await db('login_failures')
    .select('key')
    .count({ count: '*' })
    .min({ oldest: 'at' })
    .whereIn('key', keys)
    .andWhere('at', '>', since)
    .groupBy('key');
  return new Map(rows.map((r) => [r.key, { count: Number(r.count), oldest: new Date(r.oldest) }]));
}

export async function recordFailure(db: Db, keys: string[], at: Date): Promise<void> {
  await db('login_failures').insert(keys.map((key) => ({ key, at })));
  // Keep the table small: older rows no longer count.
  await db('login_failures')
    .whereIn('key', keys)
    .andWhere('at', '<', new Date(at.getTime() - 24 * 3600_000))
    .delete();
}

export const clearFailures = (db: Db, key: string) => db('login_failures').where({ key }).delete();
