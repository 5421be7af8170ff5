/**
 * Error codes of the webhooks domain with their French messages. Every error body is
 * `{ error, code, details? }`; the client branches on `code`, never on the message.
 */
export const WEBHOOK_ERRORS = {
  ENDPOINT_NOT_FOUND: 'Point de réception introuvable.',
  DELIVERY_NOT_FOUND: 'Envoi introuvable.',
  INVALID_URL: "L'adresse doit commencer par https:// ou http:// et désigner un serveur.",
  NO_EVENT_TYPE: 'Choisissez au moins un type d’événement.',
} as const;

export type WebhookErrorCode = keyof typeof WEBHOOK_ERRORS;
