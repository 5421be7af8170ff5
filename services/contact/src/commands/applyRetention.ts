import type { Db, Logger } from '@kermesse/kit';
import { purgeFinishedDeliveries } from '../repositories/deliveries.ts';
import { purgeOldPartnerRequests } from '../repositories/partnerRequests.ts';

/**
 * Deletes what contact keeps no longer (README « Retention »): finished deliveries after
 * `deliveryRetentionDays` (their recipient was already erased when they finished), partner
 * requests after three years.
 */
export async function applyRetention(db: Db, logger: Logger, deliveryRetentionDays: number): Promise<void> {
  const deliveries = await purgeFinishedDeliveries(db, deliveryRetentionDays);
  const partnerRequests = await purgeOldPartnerRequests(db);
  if (deliveries || partnerRequests) logger.info('retention applied', { deliveries, partnerRequests, deliveryRetentionDays });
}
