/** Cash dialog rules (docs/spec.md §4, §9): quick amounts, change due and its breakdown in notes and coins. */

/** Notes and coins given back, largest first, in cents: notes 50–5 €, coins 2 and 1 € then the cents. */
export const CHANGE_DENOMINATIONS: readonly { cents: number; kind: 'note' | 'coin' }[] = [
  { cents: 5000, kind: 'note' },
  { cents: 2000, kind: 'note' },
  { cents: 1000, kind: 'note' },
  { cents: 500, kind: 'note' },
  { cents: 200, kind: 'coin' },
  { cents: 100, kind: 'coin' },
  { cents: 50, kind: 'coin' },
  { cents: 20, kind: 'coin' },
  { cents: 10, kind: 'coin' },
  { cents: 5, kind: 'coin' },
  { cents: 2, kind: 'coin' },
  { cents: 1, kind: 'coin' },
];

/** Round amounts (cents) offered as quick buttons when at or above the total. */
export const QUICK_AMOUNTS_CENTS: readonly number[] = [500, 1000, 2000, 5000, 10000, 20000];

/** The breakdown is shown only from 1 € of change (docs/spec.md §9). */
export const BREAKDOWN_MIN_CENTS = 100;

/** The exact total first, then each round amount at or above it (no duplicate). */
export function quickAmounts(totalCents: number): number[] {
  const exact = Math.max(0, Math.ceil(totalCents));
  return [exact, ...QUICK_AMOUNTS_CENTS.filter((amount) => amount >= exact && amount !== exact)];
}

/** Amount given minus total when enough was given, else 0. */
export function changeDue(givenCents: number | null, totalCents: number): number {
  if (givenCents === null || givenCents < totalCents) return 0;
  return givenCents - totalCents;
}

export interface ChangePiece {
  cents: number;
  kind: 'note' | 'coin';
  count: number;
}

/** The fewest notes and coins that make the change (greedy works for the euro series). */
export function changeBreakdown(changeCents: number): ChangePiece[] {
  const pieces: ChangePiece[] = [];
  let left = Math.max(0, Math.round(changeCents));
  for (const { cents, kind } of CHANGE_DENOMINATIONS) {
    const count = Math.floor(left / cents);
    if (count > 0) {
      pieces.push({ cents, kind, count });
      left -= count * cents;
    }
  }
  return pieces;
}

/** Whether to show the breakdown for this change. */
export function showsBreakdown(changeCents: number): boolean {
  return changeCents >= BREAKDOWN_MIN_CENTS;
}
