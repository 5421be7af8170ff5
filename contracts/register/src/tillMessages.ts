/** The till's error codes and messages, apart from its schemas: the register screen takes them without TypeBox. */

/** Error codes of the till with their French messages. */
export const TILL_MESSAGES = {
  SESSION_ALREADY_OPEN: 'Une session de caisse est déjà ouverte sur cette caisse.',
  NO_OPEN_SESSION: "Aucune session de caisse n'est ouverte sur cette caisse.",
  SESSION_NOT_FOUND: 'Session de caisse introuvable.',
  REASON_REQUIRED: "Indiquez la raison de l'écart de caisse.",
  AMOUNT_INVALID: 'Les montants doivent être des nombres positifs en euros, 2 décimales au plus (ex. 30,50).',
  EVENT_ARCHIVED: "Cet événement est archivé : il n'accepte plus de ventes.",
  CHECKOUT_ARCHIVED: 'Cette caisse est archivée.',
  CHECKOUT_NOT_FOUND: 'Caisse introuvable.',
} as const;
export type TillErrorCode = keyof typeof TILL_MESSAGES;

/** « 3 ventes en attente d'envoi : envoyez-les avant de clôturer la caisse. » (code OFFLINE_PENDING). */
export function offlinePendingMessage(count: number): string {
  return count > 1
    ? `${count} ventes en attente d'envoi : envoyez-les avant de clôturer la caisse.`
    : `${count} vente en attente d'envoi : envoyez-la avant de clôturer la caisse.`;
}
