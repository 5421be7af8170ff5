/**
 * The events an outside tool may receive (docs/webhooks.md §1): the public name the tool subscribes
 * to, the bus event it comes from, and the label the back office shows.
 */
export const WEBHOOK_EVENT_TYPES = ['sale.completed', 'sale.refunded', 'till.closed', 'raffle.drawn'] as const;

export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, string> = {
  'sale.completed': 'Vente terminée',
  'sale.refunded': 'Vente remboursée',
  'till.closed': 'Caisse clôturée',
  'raffle.drawn': 'Tombola tirée',
};

export type DeliveryStatus = 'pending' | 'sent' | 'failed';

export const DELIVERY_STATUS_LABELS: Record<DeliveryStatus, string> = {
  pending: 'En attente',
  sent: 'Envoyé',
  failed: 'Échec',
};
