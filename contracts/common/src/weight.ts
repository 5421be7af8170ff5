/**
 * Weights of gift baskets and bets are whole grams (docs/spec.md §9: 1000 g per kg), printed one way on
 * every screen, receipt, e-mail and server message (docs/formats.md §2). A plain space before « kg »:
 * an SMS with a no-break space is sent in UCS-2, with half the characters per message.
 */

/** « 1 kg 250 g », « 0 kg 085 g », « 12 kg 000 g »: kilograms, then the grams on three digits (docs/spec.md §2). */
export function formatWeight(grams: number): string {
  const whole = Math.max(0, Math.trunc(grams));
  return `${Math.floor(whole / 1000)} kg ${String(whole % 1000).padStart(3, '0')} g`;
}
