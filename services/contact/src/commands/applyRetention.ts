import type { Db } from '@kermesse/kit/db';
import type { Logger } from '@kermesse/kit/http';
import { purgeFinishedDeliveries } from '../repositories/deliveries.ts';
import { purgeOldPartnerRequests } from '../repositories/partnerRequests.ts';
import { purgeOldContactMessages } from '../repositories/contactMessages.ts';

/**
 * Deletes what contact keeps no longer (README « Retention »): finished deliveries after
 * `deliveryRetentionDays` (their recipient was already erased when they finished), partner
 * requests after three years, contact messages after twelve months.
 */
export async function applyRetention(db: Db, logger: Logger, deliveryRetentionDays: number): Promise<void> {
  const deliveries = await purgeFinishedDeliveries(db, deliveryRetentionDays);
  const partnerRequests = await purgeOldPartnerRequests(db);
  const contactMessages = await purgeOldContactMessages(db);
  if (deliveries || partnerRequests || contactMessages)
    logger.info('retention applied', { deliveries, partnerRequests, contactMessages, deliveryRetentionDays });
}
