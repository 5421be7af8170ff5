/** Weights are whole grams, shown as kilograms and three-digit grams (SPEC §2, §9): 1250 → « 1 kg 250 g ». */
export function formatWeight(grams: number): string {
  const kg = Math.floor(grams / 1000);
  return `${kg} kg ${String(grams % 1000).padStart(3, '0')} g`;
}
