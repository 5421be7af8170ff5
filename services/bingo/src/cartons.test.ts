import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  cartonCode,
  checkCarton,
  checkDigit,
  columnRange,
  generateGrid,
  gridKey,
  gridNumbers,
  gridProblem,
  isCashPrize,
  lotosPerYearWarning,
  parseCartonCode,
  LOTO_AMOUNT_RULES,
  tieBreak,
  type Grid,
} from '@kermesse/contracts-bingo';
import { parseEuros } from '@kermesse/contracts-common';

const csprng = (max: number) => randomInt(max);

describe('cartons', () => {
  it('generates 3 × 9 grids of 15 numbers, 5 per row, every column used within its range, ascending', () => {
    const keys = new Set<string>();
    for (let i = 0; i < 1000; i += 1) {
      const grid = generateGrid(csprng);
      expect(gridProblem(grid)).toBeUndefined();
      expect(grid).toHaveLength(3);
      for (const row of grid) {
        expect(row).toHaveLength(9);
        expect(row.filter((n) => n !== null)).toHaveLength(5);
      }
      const numbers = gridNumbers(grid);
      expect(new Set(numbers).size).toBe(15);
      for (let c = 0; c < 9; c += 1) {
        const [low, high] = columnRange(c);
        const column = grid.map((r) => r[c]).filter((n): n is number => n !== null);
        expect(column.length).toBeGreaterThanOrEqual(1);
        expect(column.every((n) => n >= low && n <= high)).toBe(true);
      }
      keys.add(gridKey(grid));
    }
    expect(keys.size).toBe(1000);
  });

  it('uses the usual column ranges: 1–9, 10–19 … 80–90', () => {
    expect(columnRange(0)).toEqual([1, 9]);
    expect(columnRange(4)).toEqual([40, 49]);
    expect(columnRange(8)).toEqual([80, 90]);
  });

  it('refuses broken grids', () => {
    const good = generateGrid(csprng);
    const twoRows = good.slice(0, 2);
    expect(gridProblem(twoRows)).toBe('La grille doit avoir 3 lignes de 9 cases.');
    const moved: Grid = good.map((r) => [...r]);
    const c = moved[0]!.findIndex((n) => n !== null && n < 80);
    moved[0]![c] = c === 0 ? 15 : 5;
    expect(gridProblem(moved)).toMatch(/n'est pas dans la colonne/);
  });

  it('prints a Luhn check digit that catches a mistyped digit', () => {
    expect(checkDigit(7992739871)).toBe(3); // the textbook Luhn example
    expect(cartonCode(123)).toBe(`123-${checkDigit(123)}`);
    expect(parseCartonCode(cartonCode(123))).toEqual({ number: 123 });
    expect(parseCartonCode(`123-${(checkDigit(123) + 1) % 10}`)).toBe('bad-digit');
    expect(parseCartonCode('42')).toEqual({ number: 42 });
    expect(parseCartonCode('abc')).toBeUndefined();
    for (let n = 1; n < 2000; n += 1) {
      const typo = n + 10 > 9999 ? n - 10 : n + 10; // one digit changed
      if (String(typo).length === String(n).length) expect(checkDigit(typo)).not.toBe(checkDigit(n));
    }
  });
});

describe('win check', () => {
  const grid: Grid = [
    [1, null, 20, null, 40, null, 60, null, 80],
    [null, 11, null, 30, null, 50, null, 70, 90],
    [5, 12, null, 33, null, 55, null, 77, null],
  ];

  it('finds a quine, a double quine and a carton plein with the balls drawn so far', () => {
    expect(checkCarton(grid, [1, 20, 40, 60])).toMatchObject({ linesComplete: 0, quine: false });
    const quine = checkCarton(grid, [1, 20, 40, 60, 80]);
    expect(quine).toMatchObject({ linesComplete: 1, quine: true, doubleQuine: false, cartonPlein: false, lastBallOnCarton: true });
    const notLast = checkCarton(grid, [1, 20, 40, 60, 80, 3]);
    expect(notLast).toMatchObject({ quine: true, lastBallOnCarton: false });
    const twoLines = checkCarton(grid, [1, 20, 40, 60, 80, 11, 30, 50, 70, 90]);
    expect(twoLines).toMatchObject({ linesComplete: 2, doubleQuine: true, cartonPlein: false, missing: [5, 12, 33, 55, 77] });
    const full = checkCarton(grid, gridNumbers(grid));
    expect(full).toMatchObject({ linesComplete: 3, cartonPlein: true, missing: [] });
  });

  it('breaks a tie with distinct drawn balls, the highest winning', () => {
    const { draws, winner } = tieBreak(['12-6', '40-3', '7-5'], csprng);
    expect(new Set(draws.map((d) => d.ball)).size).toBe(3);
    const best = draws.reduce((a, b) => (b.ball > a.ball ? b : a));
    expect(winner).toBe(best.carton);
  });
});

describe('French law and money', () => {
  it('spots cash prizes but allows vouchers', () => {
    expect(isCashPrize({ label: '50 € en espèces' })).toBe(true);
    expect(isCashPrize({ label: 'Enveloppe de numéraire' })).toBe(true);
    expect(isCashPrize({ label: 'Panier garni', nature: 'especes' })).toBe(true);
    expect(isCashPrize({ label: "Bon d'achat 30 €", nature: 'bon' })).toBe(false);
    expect(isCashPrize({ label: 'Trottinette' })).toBe(false);
  });

  it('warns past 3 lotos a year', () => {
    expect(lotosPerYearWarning(2026, 3)).toBeUndefined();
    expect(lotosPerYearWarning(2026, 4)).toMatch(/^Attention : 4 lotos sont prévus en 2026/);
  });

  it('reads « 30,50 » amounts', () => {
    expect(parseEuros('30,50', LOTO_AMOUNT_RULES)).toBe(3050);
    expect(parseEuros('19.9', LOTO_AMOUNT_RULES)).toBe(1990);
    expect(parseEuros(' 3 € ', LOTO_AMOUNT_RULES)).toBe(300);
    expect(parseEuros(2.5, LOTO_AMOUNT_RULES)).toBe(250);
    expect(parseEuros('-3', LOTO_AMOUNT_RULES)).toBeNull();
    expect(parseEuros('abc', LOTO_AMOUNT_RULES)).toBeNull();
    expect(parseEuros('10 000 000', LOTO_AMOUNT_RULES)).toBeNull();
  });
});
