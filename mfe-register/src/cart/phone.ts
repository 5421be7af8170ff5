/** SMS receipts go to a French number written as 10 digits (docs/spec.md §5). */

export const SMS_PHONE_MESSAGE = 'Merci de saisir un numéro de téléphone valide (10 chiffres).';

/** The trimmed number when it is exactly 10 digits, else null. */
export function validSmsPhone(text: string): string | null {
  const trimmed = text.trim();
  return /^\d{10}$/.test(trimmed) ? trimmed : null;
}
