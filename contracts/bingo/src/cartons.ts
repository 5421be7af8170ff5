/**
 * Loto cartons (the usual French 90-ball card): 3 rows × 9 columns, 15 numbers, 5 per row, every
 * column used, column c holding numbers of its range (1–9, 10–19, …, 80–90), sorted top to bottom.
 * Each carton has a number and a check digit (Luhn) printed beside it, so a mistyped number is caught
 * when a win is checked. Pure functions: the random source is passed in (the service uses a CSPRNG).
 */

/** A carton grid: 3 rows of 9 cells, `null` for a blank. */
export type Grid = (number | null)[][];

/** Returns an integer in [0, maxExclusive). */
export type RandomInt = (maxExclusive: number) => number;

export const ROWS = 3;
export const COLUMNS = 9;
export const NUMBERS_PER_ROW = 5;
export const NUMBERS_PER_CARTON = 15;
/** Cartons printed on one A4 page. */
export const CARTONS_PER_PAGE = 6;

/** The numbers column `c` may hold: 1–9, 10–19, …, 70–79, 80–90. */
export function columnRange(c: number): [number, number] {
  if (c === 0) return [1, 9];
  if (c === COLUMNS - 1) return [80, 90];
  return [c * 10, c * 10 + 9];
}

/** The column of a number (1–90). */
export const columnOf = (n: number): number => (n >= 90 ? COLUMNS - 1 : Math.floor(n / 10));

function shuffle<T>(items: T[], random: RandomInt): T[] {
  for (let i = items.length - 1; i > 0; i -= 1) {
    const j = random(i + 1);
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

/** A new valid carton grid drawn with `random`. */
export function generateGrid(random: RandomInt): Grid {
  // How many numbers each column holds: 1 each, then 6 more spread at random, at most 3 a column.
  const counts = new Array<number>(COLUMNS).fill(1);
  for (let extra = NUMBERS_PER_CARTON - COLUMNS; extra > 0;) {
    const c = random(COLUMNS);
    if (counts[c]! < ROWS) {
      counts[c]! += 1;
      extra -= 1;
    }
  }
  // Which rows: fullest columns first, each on the rows that still need the most numbers (this
  // greedy always completes 5 per row for such column counts).
  const need = new Array<number>(ROWS).fill(NUMBERS_PER_ROW);
  const used: boolean[][] = Array.from({ length: ROWS }, () => new Array<boolean>(COLUMNS).fill(false));
  const order = shuffle([...Array(COLUMNS).keys()], random).sort((a, b) => counts[b]! - counts[a]!);
  for (const c of order) {
    const rows = shuffle([...Array(ROWS).keys()], random).sort((a, b) => need[b]! - need[a]!);
    for (const r of rows.slice(0, counts[c]!)) {
      used[r]![c] = true;
      need[r]! -= 1;
    }
  }
  // Which numbers: distinct in the column's range, ascending from top to bottom.
  const grid: Grid = Array.from({ length: ROWS }, () => new Array<number | null>(COLUMNS).fill(null));
  for (let c = 0; c < COLUMNS; c += 1) {
    const [low, high] = columnRange(c);
    const pool = shuffle(
      Array.from({ length: high - low + 1 }, (_, i) => low + i),
      random,
    );
    const picked = pool.slice(0, counts[c]!).sort((a, b) => a - b);
    let k = 0;
    for (let r = 0; r < ROWS; r += 1) if (used[r]![c]) grid[r]![c] = picked[k++]!;
  }
  return grid;
}

/** Every rule of a carton; the first broken one in French, or undefined when the grid is valid. */
export function gridProblem(grid: Grid): string | undefined {
  if (grid.length !== ROWS || grid.some((row) => row.length !== COLUMNS)) return 'La grille doit avoir 3 lignes de 9 cases.';
  const seen = new Set<number>();
  for (let r = 0; r < ROWS; r += 1) {
    const numbers = grid[r]!.filter((n): n is number => n !== null);
    if (numbers.length !== NUMBERS_PER_ROW) return `La ligne ${r + 1} doit porter 5 numéros.`;
  }
  for (let c = 0; c < COLUMNS; c += 1) {
    const [low, high] = columnRange(c);
    const column = grid.map((row) => row[c]).filter((n): n is number => n !== null && n !== undefined);
    if (column.length === 0) return `La colonne ${c + 1} est vide.`;
    for (let i = 0; i < column.length; i += 1) {
      const n = column[i]!;
      if (!Number.isInteger(n) || n < low || n > high) return `Le numéro ${n} n'est pas dans la colonne ${c + 1} (${low}–${high}).`;
      if (i > 0 && column[i - 1]! >= n) return `La colonne ${c + 1} doit être croissante de haut en bas.`;
      if (seen.has(n)) return `Le numéro ${n} figure deux fois.`;
      seen.add(n);
    }
  }
  return undefined;
}

/** The 15 numbers of a grid, ascending. */
export const gridNumbers = (grid: Grid): number[] =>
  grid
    .flat()
    .filter((n): n is number => n !== null)
    .sort((a, b) => a - b);

/** A key equal for two grids holding the same numbers at the same places. */
export const gridKey = (grid: Grid): string => grid.map((row) => row.map((n) => n ?? 0).join(',')).join('|');

/** Luhn check digit of a carton number (catches any single mistyped digit and most swaps). */
export function checkDigit(number: number): number {
  const digits = String(number).split('').reverse().map(Number);
  let sum = 0;
  digits.forEach((d, i) => {
    const v = i % 2 === 0 ? d * 2 : d;
    sum += v > 9 ? v - 9 : v;
  });
  return (10 - (sum % 10)) % 10;
}

/** « 123-7 ». */
export const cartonCode = (number: number): string => `${number}-${checkDigit(number)}`;

/**
 * Reads what the caller typed: « 123-7 », « 1237 » with its key, or « 123 » alone. Returns the
 * number, or `bad-digit` when a key is given and wrong, or undefined when it is not a carton number.
 */
export function parseCartonCode(text: string): { number: number } | 'bad-digit' | undefined {
  const trimmed = text.trim();
  const withKey = /^(\d{1,6})\s*[-–\s]\s*(\d)$/.exec(trimmed);
  if (withKey) {
    const number = Number(withKey[1]);
    return checkDigit(number) === Number(withKey[2]) ? { number } : 'bad-digit';
  }
  if (/^\d{1,6}$/.test(trimmed) && Number(trimmed) > 0) return { number: Number(trimmed) };
  return undefined;
}

export interface WinCheck {
  linesComplete: number;
  quine: boolean;
  doubleQuine: boolean;
  cartonPlein: boolean;
  lastBallOnCarton: boolean;
  /** Numbers of the carton not drawn yet. */
  missing: number[];
}

/** What a carton has with `drawn` (the balls so far, in order): complete lines and the last ball. */
export function checkCarton(grid: Grid, drawn: readonly number[]): WinCheck {
  const balls = new Set(drawn);
  const linesComplete = grid.filter((row) => row.every((n) => n === null || balls.has(n))).length;
  const last = drawn.length ? drawn[drawn.length - 1]! : undefined;
  const numbers = gridNumbers(grid);
  return {
    linesComplete,
    quine: linesComplete >= 1,
    doubleQuine: linesComplete >= 2,
    cartonPlein: linesComplete === ROWS,
    lastBallOnCarton: last !== undefined && numbers.includes(last),
    missing: numbers.filter((n) => !balls.has(n)),
  };
}

/** Lines needed for a partie's kind. */
export const LINES_FOR_KIND = { quine: 1, double_quine: 2, carton_plein: 3 } as const;

/**
 * Simultaneous winners: each carton gets a distinct ball drawn with `random`; the highest wins.
 * Returns the draws and the winner's carton.
 */
export function tieBreak<T>(cartons: readonly T[], random: RandomInt): { draws: { carton: T; ball: number }[]; winner: T } {
  const pool = shuffle(
    Array.from({ length: 90 }, (_, i) => i + 1),
    random,
  );
  const draws = cartons.map((carton, i) => ({ carton, ball: pool[i]! }));
  const winner = draws.reduce((best, d) => (d.ball > best.ball ? d : best)).carton;
  return { draws, winner };
}
