/** Weights of gift baskets and bets are whole grams (docs/spec.md §2, §9: 1000 g per kg). */

/** « 1 kg 250 g », « 0 kg 085 g »: kilograms, then the grams on three digits. */
export function formatWeight(grams: number): string {
  const whole = Math.max(0, Math.trunc(grams));
  return `${Math.floor(whole / 1000)} kg ${String(whole % 1000).padStart(3, '0')} g`;
}
