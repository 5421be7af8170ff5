import '../events.ts';
import { startConsumer, type Bus, type EventConsumer, type EventEnvelope } from '@kermesse/kit/bus';
import { type Db, type Trx } from '@kermesse/kit/db';
import { type Logger } from '@kermesse/kit/http';
import { normalizeEmail, normalizePhone, phoneToE164 } from '@kermesse/contracts-common';
import { renderReceiptEmail, renderReceiptSms, type ReceiptSale, type ReceiptSettings } from '../receipts/render.ts';
import { enqueueDelivery, recordUndeliverable, type Channel } from '../repositories/deliveries.ts';
import type { ReceiptSettingsOf } from '../receipts/settings.ts';

/** The receipt settings for the event being handled (its association's on a host). */
export const settingsNow = async (receipt: ReceiptSettings | ReceiptSettingsOf): Promise<ReceiptSettings> =>
  typeof receipt === 'function' ? receipt() : receipt;

export interface SaleCompletedDeps {
  db: Db;
  bus: Bus;
  logger: Logger;
  /** Fixed settings, or those of the current association (receipts/settings.ts). */
  receipt: ReceiptSettings | ReceiptSettingsOf;
  /** Called once the job is committed (wakes the delivery worker). */
  onQueued?(): void;
}

/**
 * Queues the receipt a buyer asked for (`payload.receipt` = `{method: 'email'|'sms', to}`) in the
 * same transaction as the inbox row, so a redelivered event queues nothing more. No wish, or a
 * printed receipt, sends nothing (French law since 2023: receipts only on request). The address
 * is the one given for the receipt, or the identified buyer's when the register sent none.
 */
export function startSaleCompletedConsumer(deps: SaleCompletedDeps): Promise<EventConsumer> {
  return startConsumer({
    db: deps.db,
    bus: deps.bus,
    logger: deps.logger,
    name: 'contact-sale-completed',
    type: 'sale.completed',
    async handle(event, trx) {
      const queued = await queueReceipt(event, trx, await settingsNow(deps.receipt), deps.logger);
      if (queued && deps.onQueued) void trx.executionPromise.then(deps.onQueued, () => undefined);
    },
  });
}

/** The consumer's effect, on its own for tests: returns true when a job was queued. */
export async function queueReceipt(
  event: EventEnvelope<'sale.completed'>,
  trx: Trx,
  settings: ReceiptSettings,
  logger: Logger,
): Promise<boolean> {
  const sale = event.payload;
  const wish = sale.receipt;
  if (!wish || (wish.method !== 'email' && wish.method !== 'sms')) return false;

  const channel = wish.method;
  const given = wish.to?.trim() ? wish.to : channel === 'email' ? sale.buyer?.email : sale.buyer?.phone;
  return queueReceiptMessage(trx, sale, { channel, to: given }, settings, logger);
}

/**
 * Renders the receipt (one renderer for `sale.completed` and `receipt.requested`) and queues it, or
 * records why it cannot go out when the address is unusable (never storing that address).
 */
export async function queueReceiptMessage(
  trx: Trx,
  sale: ReceiptSale,
  target: { channel: Channel; to: string | null | undefined; requestId?: string },
  settings: ReceiptSettings,
  logger: Logger,
): Promise<boolean> {
  const { channel } = target;
  const phone = channel === 'sms' ? normalizePhone(target.to, { separators: true }) : null;
  const recipient = channel === 'email' ? normalizeEmail(target.to) : phone && phoneToE164(phone);
  const content =
    channel === 'email'
      ? (() => {
          const mail = renderReceiptEmail(sale, settings);
          return { subject: mail.subject, bodyText: mail.text, bodyHtml: mail.html };
        })()
      : { subject: null, bodyText: renderReceiptSms(sale, settings), bodyHtml: null };
  const job = { kind: 'receipt' as const, saleReference: sale.reference, requestId: target.requestId ?? null, channel, ...content };

  if (!recipient) {
    const reason =
      channel === 'email'
        ? 'Adresse e-mail absente ou invalide : reçu non envoyé.'
        : 'Numéro de téléphone absent ou invalide : reçu non envoyé.';
    await recordUndeliverable(trx, job, reason);
    logger.warn('receipt not queued: no usable address', { reference: sale.reference, channel });
    return false;
  }
  const queued = await enqueueDelivery(trx, { ...job, recipient });
  if (!queued) {
    logger.info(target.requestId ? 'receipt already queued for this request' : 'receipt already queued for this sale', {
      reference: sale.reference,
      channel,
    });
  }
  return queued;
}
