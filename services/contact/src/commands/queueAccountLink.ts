import type { Db } from '@kermesse/kit/db';
import { enqueueDelivery } from '../repositories/deliveries.ts';

/** Queues the e-mail of a one-time link (identity's account setup or reset); the worker sends it. */
export async function queueAccountLink(
  db: Db,
  mail: { recipient: string; subject: string; bodyText: string; bodyHtml: string },
): Promise<void> {
  await db.transaction((trx) => enqueueDelivery(trx, { kind: 'account', channel: 'email', ...mail }));
}
