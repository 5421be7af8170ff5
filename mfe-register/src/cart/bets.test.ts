import { describe, expect, it } from 'vitest';
import {
  betsFromRows,
  checkRow,
  DUPLICATE_BET_MESSAGE,
  TYPE_MISSING_MESSAGE,
  WEIGHT_INVALID_MESSAGE,
  WEIGHT_MISSING_MESSAGE,
  WEIGHT_TAKEN_MESSAGE,
  type BetRow,
} from './bets';

const types = [
  { id: 1, name: 'Panier gourmand' },
  { id: 2, name: 'Panier bien-être' },
];

describe('bet picker rules', () => {
  it('keeps the complete rows as bets', () => {
    const rows: BetRow[] = [
      { typeId: 1, weight: '2450' },
      { typeId: null, weight: '' },
    ];
    expect(betsFromRows(rows, types, [])).toEqual([{ weight: 2450, type: { id: 1, name: 'Panier gourmand' } }]);
  });

  it('needs a type and a weight above 0', () => {
    expect(checkRow([{ typeId: null, weight: '1000' }], 0, []).complete).toBe(false);
    expect(checkRow([{ typeId: 1, weight: '0' }], 0, []).complete).toBe(false);
    expect(checkRow([{ typeId: 1, weight: '-3' }], 0, []).complete).toBe(false);
    expect(betsFromRows([{ typeId: 1, weight: '0' }], types, [])).toBeNull();
  });

  it('says what an unfinished row lacks and blocks submitting, instead of dropping it', () => {
    expect(checkRow([{ typeId: 1, weight: '0' }], 0, [])).toEqual({ complete: false, message: WEIGHT_INVALID_MESSAGE, blocksSubmit: true });
    expect(checkRow([{ typeId: 1, weight: '12,5' }], 0, []).message).toBe(WEIGHT_INVALID_MESSAGE);
    expect(checkRow([{ typeId: null, weight: '1000' }], 0, []).message).toBe(TYPE_MISSING_MESSAGE);
    expect(checkRow([{ typeId: 1, weight: '' }], 0, []).message).toBe(WEIGHT_MISSING_MESSAGE);
    expect(checkRow([{ typeId: null, weight: '' }], 0, [])).toEqual({ complete: false, message: null, blocksSubmit: false });
    expect(
      betsFromRows(
        [
          { typeId: 1, weight: '2450' },
          { typeId: 2, weight: '0' },
        ],
        types,
        [],
      ),
    ).toBeNull();
    expect(
      betsFromRows(
        [
          { typeId: 1, weight: '2450' },
          { typeId: null, weight: '' },
        ],
        types,
        [],
      ),
    ).toHaveLength(1);
  });

  it('refuses the same type and weight twice, and the same weight on two types (one weight per basket)', () => {
    const rows: BetRow[] = [
      { typeId: 1, weight: '1500' },
      { typeId: 1, weight: '1500' },
    ];
    expect(checkRow(rows, 1, [])).toEqual({ complete: true, message: DUPLICATE_BET_MESSAGE, blocksSubmit: true });
    expect(betsFromRows(rows, types, [])).toBeNull();
    expect(
      checkRow(
        [
          { typeId: 1, weight: '1500' },
          { typeId: 2, weight: '1500' },
        ],
        1,
        [],
      ),
    ).toEqual({ complete: true, message: WEIGHT_TAKEN_MESSAGE, blocksSubmit: true });
    expect(
      betsFromRows(
        [
          { typeId: 1, weight: '1500' },
          { typeId: 2, weight: '1501' },
        ],
        types,
        [],
      ),
    ).toHaveLength(2);
  });

  it('says a sold weight was already chosen, whatever its type, and blocks submitting', () => {
    const rows: BetRow[] = [{ typeId: 1, weight: '1800' }];
    expect(checkRow(rows, 0, [{ weight: 1800 }])).toEqual({ complete: true, message: WEIGHT_TAKEN_MESSAGE, blocksSubmit: true });
    expect(checkRow(rows, 0, [{ weight: 1800, typeId: 2 }]).blocksSubmit).toBe(true);
    expect(betsFromRows(rows, types, [{ weight: 1800 }])).toBeNull();
  });
});
