/** Contact's error codes and their French messages (docs/spec.md §8): every error body is `{ error, code, details? }`. */
export const CONTACT_ERRORS = {
  /** `details.field` names the field (« entreprise », « contact », « subject », « message »). */
  FIELD_EMPTY: 'Le champ « {field} » ne doit pas être vide.',
  TOO_MANY_PARTNER_REQUESTS: 'Trop de demandes envoyées depuis cette adresse. Réessayez dans quelques minutes.',
  TOO_MANY_CONTACT_MESSAGES: 'Trop de messages envoyés depuis cette adresse. Réessayez dans quelques minutes.',
  INBOX_ITEM_NOT_FOUND: 'Message introuvable.',
} as const;
export type ContactErrorCode = keyof typeof CONTACT_ERRORS;

/** The message of a code with its `{placeholders}` filled in. */
export function contactMessage(code: ContactErrorCode, values: Record<string, string | number> = {}): string {
  return CONTACT_ERRORS[code].replace(/\{(\w+)\}/g, (_, key: string) => String(values[key] ?? `{${key}}`));
}
