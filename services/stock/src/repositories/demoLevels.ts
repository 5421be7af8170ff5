/** The demo levels (by event and product name) applied when a demo product first gets a level. */
import type { Db } from '@kermesse/kit/db';

/** Stores demo levels (idempotent: an existing row is left as it is). */
export async function insertDemoLevels(
  db: Db,
  rows: { event_name: string; product_name: string; stock: number; alert_threshold: number }[],
): Promise<void> {
  await db('demo_levels').insert(rows).onConflict(['association_id', 'event_name', 'product_name']).ignore();
}
