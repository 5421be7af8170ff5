/**
 * E-mail addresses and French phone numbers, checked one way by every service and screen that takes
 * one (docs/formats.md §3): the register takes only what the contact service can deliver, so a receipt
 * asked for by SMS or e-mail is never dropped for an address the register accepted.
 */

/** An address the SMTP relay takes: one `@`, a dot in the domain, no space nor the characters of a display name. */
const EMAIL = /^[^\s@<>(),;:"]+@[^\s@<>(),;:"]+\.[^\s@<>(),;:"]+$/;

/** The longest address SMTP carries (RFC 5321). */
export const EMAIL_MAX_LENGTH = 254;

/** « Camille@Exemple.fr » → « camille@exemple.fr » (trimmed, lower case); null when it is not an address. */
export function normalizeEmail(raw: string | null | undefined): string | null {
  const email = (raw ?? '').trim().toLowerCase();
  return email.length <= EMAIL_MAX_LENGTH && EMAIL.test(email) ? email : null;
}

/**
 * A French number as the register keeps it and an SMS reaches it: exactly ten digits once trimmed,
 * 0 then 1 to 9 (« 0612345678 », docs/spec.md §5); null for anything else — « +33 », nine or eleven
 * digits, letters. `separators` also reads the number as written on a card, one space, dot or dash
 * between digit groups (« 06 12 34 56 78 », « 06.12.34.56.78 »): a buyer's phone; the receipt's SMS
 * field takes the ten digits only.
 */
export function normalizePhone(raw: string | null | undefined, { separators = false } = {}): string | null {
  let phone = (raw ?? '').trim();
  // One separator between digit groups, no more (no look-behind: older tablets' Safari lacks it).
  if (separators && /^\d+(?:[ .-]\d+)+$/.test(phone)) phone = phone.replace(/[ .-]/g, '');
  return /^0[1-9]\d{8}$/.test(phone) ? phone : null;
}

/** « 0612345678 » → « +33612345678 » (E.164, what an SMS provider is sent). */
export const phoneToE164 = (phone: string): string => `+33${phone.slice(1)}`;
