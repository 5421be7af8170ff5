import './events.ts';
import type { Db } from '@kermesse/kit/db';

/**
 * Contact has no demo data: receipts appear when the demo register sells, partner requests when
 * someone fills in the public form. Present so the launcher treats every service alike.
 */
export async function seedDemo(_deps: { db: Db; password?: string }): Promise<void> {
  // Nothing to seed.
}
