import { describe, expect, it } from 'vitest';
import type { CartonsDocument, PassesDocument } from './documents';
import { documentTitle } from './documents';
import { encodeDocument } from './encode';
import { decodeEscPos, printedText } from './testing/escPosDecoder';

const narrow = { language: 'esc-pos', widthMm: 58 } as const;
const wide = { language: 'esc-pos', widthMm: 80 } as const;

const cartons: CartonsDocument = {
  kind: 'cartons',
  night: 'Loto de l’école Jules-Ferry',
  cartons: [
    {
      code: '1-3',
      grid: [
        [4, null, 21, null, 45, null, 63, null, 88],
        [null, 12, null, 33, 47, 58, null, 79, null],
        [9, 17, null, 38, null, null, 66, 72, null],
      ],
    },
    {
      code: '2-6',
      grid: [
        [null, 10, 20, 30, null, 50, null, null, 90],
        [1, null, 25, null, 44, null, 61, 77, null],
        [null, 18, null, 36, null, 59, 69, null, 85],
      ],
    },
  ],
};

describe('loto cartons on a thermal printer', () => {
  it('prints each carton with its number and its 3 × 9 grid, one carton a ticket, in code page 858', () => {
    const printed = decodeEscPos(encodeDocument(cartons, wide));
    const text = printedText(printed);
    expect(printed.codepages[0]).toBe('cp858');
    expect(text.filter((line) => line === "Loto de l'école Jules-Ferry")).toHaveLength(2);
    expect(text).toContain('Carton n° 1-3');
    expect(text).toContain('Carton n° 2-6');
    // 5 columns a cell on 80 mm paper, « -- » for a blank cell, the grid centred.
    expect(text).toContain('4   --   21   --   45   --   63   --   88');
    expect(text).toContain('--   18   --   36   --   59   69   --   85');
    // Cut apart (partial), and the last one cut off the roll.
    expect(printed.commands.filter((command) => command.startsWith('cut'))).toEqual(['cut partial', 'cut']);
  });

  it('fits the grid in the 32 columns of 58 mm paper', () => {
    const printed = decodeEscPos(encodeDocument(cartons, narrow));
    expect(printedText(printed)).toContain('4 -- 21 -- 45 -- 63 -- 88');
    expect(Math.max(...printed.lines.map((line) => line.length))).toBeLessThanOrEqual(32);
  });

  it('is listed as « Cartons 1-3 à 2-6 » in the print jobs', () => {
    expect(documentTitle(cartons)).toBe('Cartons 1-3 à 2-6 · Loto de l’école Jules-Ferry');
  });
});

describe('pre-sold tickets on a thermal printer', () => {
  const passes: PassesDocument = {
    kind: 'passes',
    event: 'Kermesse de juin',
    passes: [
      { holder: 'Famille Durand', label: 'Entrée + repas', quantity: 4, code: 'K1.eyJwIjoxfQ.c2lnbmF0dXJl' },
      { holder: 'Léa Martin', label: '', quantity: 1, code: 'K1.eyJwIjoyfQ.YXV0cmU' },
    ],
  };

  it('prints who, what, how many and the signed QR code the gate scans, one ticket each', () => {
    const printed = decodeEscPos(encodeDocument(passes, narrow));
    const text = printedText(printed);
    expect(text).toEqual(
      expect.arrayContaining(['Kermesse de juin', 'Famille Durand', 'Entrée + repas', '4 personnes', 'Léa Martin', '1 personne']),
    );
    expect(text.filter((line) => line === "Billet à présenter à l'entrée.")).toHaveLength(2);
    expect(printed.qrcodes).toEqual(['K1.eyJwIjoxfQ.c2lnbmF0dXJl', 'K1.eyJwIjoyfQ.YXV0cmU']);
    expect(printed.commands.filter((command) => command.startsWith('cut'))).toEqual(['cut partial', 'cut']);
    expect(documentTitle(passes)).toBe('2 billets · Kermesse de juin');
  });

  it('marks a reprint « DUPLICATA »', () => {
    const text = printedText(decodeEscPos(encodeDocument(passes, wide, { duplicate: true })));
    expect(text.filter((line) => line === 'DUPLICATA')).toHaveLength(2);
  });
});
