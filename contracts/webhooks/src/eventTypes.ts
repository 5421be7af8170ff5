/**
 * The events an outside tool may receive (docs/webhooks.md §1): the public name the tool subscribes
 * to, the bus event it comes from, and the label the back office shows.
 */
export const WEBHOOK_EVENT_SOURCES = {
  'sale.completed': 'sale.completed',
  'sale.refunded': 'sale.refunded',
  'till.closed': 'till.closed',
  'raffle.drawn': 'raffle.drawn',
  'bingo.win': 'bingo.won',
} as const;

export type WebhookEventType = keyof typeof WEBHOOK_EVENT_SOURCES;

export const WEBHOOK_EVENT_TYPES = Object.keys(WEBHOOK_EVENT_SOURCES) as WebhookEventType[];

export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, string> = {
  'sale.completed': 'Vente terminée',
  'sale.refunded': 'Vente remboursée',
  'till.closed': 'Caisse clôturée',
  'raffle.drawn': 'Tombola tirée',
  'bingo.win': 'Carton gagnant au loto',
};

export type DeliveryStatus = 'pending' | 'sent' | 'failed';

export const DELIVERY_STATUS_LABELS: Record<DeliveryStatus, string> = {
  pending: 'En attente',
  sent: 'Envoyé',
  failed: 'Échec',
};
