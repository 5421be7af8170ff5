/**
 * Text written into HTML that a service renders itself (the register's receipts and Z reports, the
 * receipts contact e-mails): the five characters that could close an element or an attribute are
 * escaped, so a product, a fair or a reason typed by a volunteer stays text.
 */
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for HTML element content and attribute values. */
export const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
