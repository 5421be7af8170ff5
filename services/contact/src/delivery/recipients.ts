/** Checking and shaping the addresses a receipt goes to (nothing here stores them). */

const EMAIL = /^[^\s@<>(),;:"]+@[^\s@<>(),;:"]+\.[^\s@<>(),;:"]+$/;

/** A trimmed e-mail address, or null when it cannot be one. */
export function normalizeEmail(raw: string | null | undefined): string | null {
  const email = raw?.trim() ?? '';
  return email.length <= 254 && EMAIL.test(email) ? email : null;
}

/**
 * A phone number in E.164 (`+33612345678`), or null. Accepts the register's 10 French digits
 * (docs/spec.md §5, `0612345678`, spaces or dots allowed), `+33…` and `0033…`.
 */
export function normalizePhone(raw: string | null | undefined): string | null {
  const compact = (raw ?? '').replace(/[\s.\-()]/g, '');
  if (/^0[1-9]\d{8}$/.test(compact)) return `+33${compact.slice(1)}`;
  if (/^00[1-9]\d{7,13}$/.test(compact)) return `+${compact.slice(2)}`;
  if (/^\+[1-9]\d{7,14}$/.test(compact)) return compact;
  return null;
}

/** For logs: `j***@exemple.fr`, `+336******78` — never the whole address. */
export function maskRecipient(recipient: string): string {
  const at = recipient.indexOf('@');
  if (at > 0) return `${recipient[0]}***${recipient.slice(at)}`;
  if (recipient.length <= 6) return '***';
  return `${recipient.slice(0, 4)}${'*'.repeat(recipient.length - 6)}${recipient.slice(-2)}`;
}
