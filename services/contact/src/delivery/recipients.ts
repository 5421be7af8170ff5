/**
 * Recipients in logs. Addresses are checked by contracts-common's `normalizeEmail` and `normalizePhone`
 * (docs/formats.md §3), the rule the register applies when it takes them.
 */

/** For logs: `j***@exemple.fr`, `+336******78` — never the whole address. */
export function maskRecipient(recipient: string): string {
  const at = recipient.indexOf('@');
  if (at > 0) return `${recipient[0]}***${recipient.slice(at)}`;
  if (recipient.length <= 6) return '***';
  return `${recipient.slice(0, 4)}${'*'.repeat(recipient.length - 6)}${recipient.slice(-2)}`;
}
