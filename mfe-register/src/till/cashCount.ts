/** The notes-and-coins calculator of the till (opening float, closing count): values in cents. */

export const DENOMINATIONS: ReadonlyArray<{ cents: number; label: string; kind: 'note' | 'coin' }> = [
  { cents: 50000, label: '500 €', kind: 'note' },
  { cents: 20000, label: '200 €', kind: 'note' },
  { cents: 10000, label: '100 €', kind: 'note' },
  { cents: 5000, label: '50 €', kind: 'note' },
  { cents: 2000, label: '20 €', kind: 'note' },
  { cents: 1000, label: '10 €', kind: 'note' },
  { cents: 500, label: '5 €', kind: 'note' },
  { cents: 200, label: '2 €', kind: 'coin' },
  { cents: 100, label: '1 €', kind: 'coin' },
  { cents: 50, label: '50 c', kind: 'coin' },
  { cents: 20, label: '20 c', kind: 'coin' },
  { cents: 10, label: '10 c', kind: 'coin' },
  { cents: 5, label: '5 c', kind: 'coin' },
  { cents: 2, label: '2 c', kind: 'coin' },
  { cents: 1, label: '1 c', kind: 'coin' },
];

/** How many of each denomination, as typed (« 3 »; empty is 0). */
export type CashCount = Record<number, string>;

/** A count as typed: a whole number ≥ 0, or undefined when it is not one. */
export function parseCount(text: string): number | undefined {
  const cleaned = text.trim();
  if (cleaned === '') return 0;
  return /^\d{1,5}$/.test(cleaned) ? Number(cleaned) : undefined;
}

/** The total of a count in cents; undefined when a count cannot be read. */
export function countTotal(count: CashCount): number | undefined {
  let total = 0;
  for (const { cents } of DENOMINATIONS) {
    const n = parseCount(count[cents] ?? '');
    if (n === undefined) return undefined;
    total += n * cents;
  }
  return total;
}

/** Difference counted − expected per mode, in cents. */
export function differences(
  counted: { cashCents: number; chequeCents: number; cardCents: number },
  expected: { cashCents: number; chequeCents: number; cardCents: number },
) {
  return {
    cashCents: counted.cashCents - expected.cashCents,
    chequeCents: counted.chequeCents - expected.chequeCents,
    cardCents: counted.cardCents - expected.cardCents,
  };
}

export const MODE_LABELS = { cashCents: 'Espèces', chequeCents: 'Chèques', cardCents: 'Carte bancaire' } as const;

/** The reason sent with a closing: one line per mode with a difference (« Espèces : erreur de rendu »). */
export function closingReason(
  reasons: Partial<Record<keyof typeof MODE_LABELS, string>>,
  diffs: Record<keyof typeof MODE_LABELS, number>,
): string | null {
  const parts = (Object.keys(MODE_LABELS) as Array<keyof typeof MODE_LABELS>)
    .filter((mode) => diffs[mode] !== 0)
    .map((mode) => `${MODE_LABELS[mode]} : ${(reasons[mode] ?? '').trim()}`);
  return parts.length ? parts.join(' ; ') : null;
}
