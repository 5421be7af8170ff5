/**
 * Weights of gift baskets and bets are whole grams (docs/spec.md §9: 1000 g per kg), printed one way on
 * every screen, receipt, e-mail and server message (docs/formats.md §2). A plain space before « kg »:
 * an SMS with a no-break space is sent in UCS-2, with half the characters per message.
 */

/** « 1,250 kg », « 0,085 kg », « 12,000 kg »: kilograms with the grams as three decimals. */
export function formatWeight(grams: number): string {
  const whole = Math.max(0, Math.trunc(grams));
  return `${Math.floor(whole / 1000)},${String(whole % 1000).padStart(3, '0')} kg`;
}
