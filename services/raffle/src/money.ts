/** Euros at the API edge (numbers with at most two decimals), integer cents inside. */

/**
 * Converts an amount in euros given by a client (`12.5`, `"12,50"`, `"3"`) to integer cents, or
 * undefined when it is not an amount with at most two decimals.
 */
export function eurosToCents(value: unknown): number | undefined {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return undefined;
    text = String(value);
    // 1e-7 and friends: not something a person types as a price.
    if (/e/i.test(text)) return undefined;
  } else if (typeof value === 'string') {
    text = value.trim().replace(',', '.');
  } else {
    return undefined;
  }
  const match = /^(-?)(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return undefined;
  const cents = Number(match[2]) * 100 + Number((match[3] ?? '').padEnd(2, '0'));
  return match[1] === '-' ? -cents : cents;
}

/** Integer cents → euros as a JSON number with two decimals at most (1250 → 12.5). */
export const centsToEuros = (cents: number): number => Math.round(cents) / 100;

/** French display of an amount in cents (1250 → « 12,50 € »), for messages. */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const euros = Math.floor(abs / 100).toString().replace(/\B(?=(\d{3})+(?!\d))/g, '\u202f');
  return `${sign}${euros},${String(abs % 100).padStart(2, '0')} €`;
}
