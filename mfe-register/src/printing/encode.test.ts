import { describe, expect, it } from 'vitest';
import { encodeDocument } from '@kermesse/ui-kit/printing/encode';
import { kitchenTickets, receiptDocument, zReportDocument } from './documents';
import type { CartLine } from '../cart/types';
import { decodeEscPos, printedText } from '@kermesse/ui-kit/printing/testing';

const frites = { id: 1, name: 'Frites', category: { id: 10, name: 'Frites' } };
const crepe = { id: 2, name: 'Crêpe à la châtaigne', category: { id: 11, name: 'Crêpes' } };
const cafe = { id: 3, name: 'Café', category: { id: 12, name: 'Buvette' } };
const lines: CartLine[] = [
  { product: { ...frites, priceCents: 350 }, quantity: 2 },
  { product: { ...crepe, priceCents: 250 }, quantity: 1 },
  { product: { ...cafe, priceCents: 100 }, quantity: 3 },
];
const at = new Date(2026, 5, 20, 19, 5);
const narrow = { language: 'esc-pos', widthMm: 58 } as const;
const wide = { language: 'esc-pos', widthMm: 80 } as const;

describe('a receipt in ESC/POS', () => {
  const doc = receiptDocument({ reference: 'K-0042', lines, totalCents: 1250, paymentMode: 2, tickets: [17, 3], at });

  it('prints the French words and the euro sign in code page 858, then cuts the paper', () => {
    const printed = decodeEscPos(encodeDocument(doc, narrow));
    // The encoder selects code page 858 for the French text (and 437 for the rules' box drawing).
    expect(printed.codepages[0]).toBe('cp858');
    expect(new Set(printed.codepages)).toEqual(new Set(['cp858', 'cp437']));
    const text = printedText(printed);
    expect(text).toContain('Reçu');
    expect(text.some((line) => line.startsWith('1 × Crêpe à la châtaigne') || line.startsWith('1 × Crêpe à la'))).toBe(true);
    expect(text.find((line) => line.startsWith('Total'))).toMatch(/^Total +12,50 €$/);
    expect(text).toContain('Tombola : n° 3, n° 17');
    expect(printed.cuts).toBe(1);
    expect(printed.commands.at(-1)).toBe('cut');
    expect(printed.pulses).toEqual([]);
  });

  it('keeps every line within 32 columns on 58 mm paper and 48 on 80 mm', () => {
    const narrowLines = decodeEscPos(encodeDocument(doc, narrow)).lines;
    const wideLines = decodeEscPos(encodeDocument(doc, wide)).lines;
    expect(Math.max(...narrowLines.map((line) => line.length))).toBe(32);
    expect(Math.max(...wideLines.map((line) => line.length))).toBe(48);
    expect(printedText(decodeEscPos(encodeDocument(doc, wide))).find((line) => line.startsWith('2 × Frites'))).toMatch(
      /^2 × Frites {30,}7,00 €$/,
    );
  });

  it('opens the drawer before printing a cash sale’s receipt', () => {
    const printed = decodeEscPos(encodeDocument(doc, narrow, { pulse: true }));
    expect(printed.pulses).toEqual([{ pin: 0, onMs: 100, offMs: 500 }]);
    expect(printed.commands.indexOf('pulse')).toBeLessThan(printed.commands.indexOf('codepage cp858'));
  });

  it('marks a reprint « DUPLICATA » at the top and the bottom', () => {
    const text = printedText(decodeEscPos(encodeDocument(doc, narrow, { duplicate: true })));
    expect(text.filter((line) => line === 'DUPLICATA')).toHaveLength(2);
    expect(text[0]).toBe('DUPLICATA');
  });
});

describe('kitchen tickets', () => {
  const settings = {
    printers: [
      { id: 'p-frites', name: 'Stand frites', connection: 'reseau', address: '192.168.1.50', widthMm: 58, language: 'esc-pos' },
      { id: 'p-crepes', name: 'Stand crêpes', connection: 'reseau', address: '192.168.1.51', widthMm: 80, language: 'esc-pos' },
    ] as const,
    kitchen: { '10': 'p-frites', '11': 'p-crepes' },
  };

  it('sends each category to its stand’s printer and leaves out the categories without one', () => {
    const tickets = kitchenTickets({ reference: 'K-0042', lines, at }, { ...settings, printers: [...settings.printers] });
    expect(tickets.map((ticket) => [ticket.printerId, ticket.document.category])).toEqual([
      ['p-frites', 'Frites'],
      ['p-crepes', 'Crêpes'],
    ]);
    const printed = decodeEscPos(encodeDocument(tickets[0]!.document, narrow));
    expect(printedText(printed)).toContain('Frites ×2');
    expect(printed.commands).toContain('size 1x2');
    expect(printed.cuts).toBe(1);
  });

  it('prints nothing for a donation or a category whose printer was removed', () => {
    const donation: CartLine = { product: { id: -1, name: 'Don', priceCents: 500, category: { id: 10, name: 'Dons' } }, quantity: 1 };
    expect(kitchenTickets({ reference: null, lines: [donation], at }, { ...settings, printers: [...settings.printers] })).toEqual([]);
    expect(kitchenTickets({ reference: null, lines, at }, { printers: [], kitchen: settings.kitchen })).toEqual([]);
  });
});

describe('the Z report and the drawer', () => {
  it('prints the counted amounts, the gap and the journal anchor', () => {
    const doc = zReportDocument({
      sessionId: 7,
      closedAt: at.toISOString(),
      expected: { cash: 150, cheque: 20, card: 35.5 },
      counted: { cash: 148, cheque: 20, card: 35.5 },
      difference: { cash: -2, cheque: 0, card: 0 },
      grandTotal: 205.5,
      reason: 'Pièce de 2 € perdue',
      journal: { seq: 12, hash: 'ab12cd' },
    });
    const text = printedText(decodeEscPos(encodeDocument(doc, wide)));
    expect(text).toContain('Rapport Z n° 7');
    expect(text.find((line) => line.startsWith('Écart') && line.includes('-2,00'))).toBeDefined();
    expect(text.find((line) => line.startsWith('Grand total'))).toMatch(/205,50 €$/);
    expect(text).toContain("Raison de l'écart : Pièce de 2 € perdue");
    expect(text).toContain('Journal n° 12');
  });

  it('« Ouvrir le tiroir » is a pulse alone: no paper comes out', () => {
    const printed = decodeEscPos(encodeDocument({ kind: 'drawer' }, narrow));
    expect(printed.pulses).toHaveLength(1);
    expect(printed.cuts).toBe(0);
    expect(printedText(printed)).toEqual([]);
  });

  it('speaks StarPRNT to a Star printer: its own cut and drawer commands', () => {
    const bytes = [
      ...encodeDocument(
        { kind: 'kitchen', category: 'Frites', reference: null, at: '20/06/2026 19:05', lines: [{ label: 'Frites', quantity: 2 }] },
        { language: 'star-prnt', widthMm: 80 },
        { pulse: true },
      ),
    ];
    const hex = bytes.map((byte) => byte.toString(16).padStart(2, '0')).join(' ');
    expect(hex).toContain('1b 07'); // drawer kick
    expect(hex).toContain('1b 64'); // cut
    expect(hex).not.toContain('1d 56'); // no ESC/POS cut
  });
});

describe('raffle stubs', () => {
  it('prints one stub per number, cut apart, the number in large type', () => {
    const printed = decodeEscPos(
      encodeDocument(
        { kind: 'stubs', reference: 'K-0042', at: '20/06/2026 19:05', numbers: [3, 17] },
        { language: 'esc-pos', widthMm: 58 },
      ),
    );
    const text = printedText(printed);
    expect(text.filter((line) => line === 'Tombola')).toHaveLength(2);
    expect(text).toContain('n° 3');
    expect(text).toContain('n° 17');
    expect(text).toContain("À garder jusqu'au tirage.");
    expect(printed.commands.filter((command) => command.startsWith('cut'))).toEqual(['cut partial', 'cut']);
    expect(printed.commands).toContain('size 2x2');
  });
});
