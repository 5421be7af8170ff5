import { describe, expect, it } from 'vitest';
import {
  decodeCsvBytes,
  detectDelimiter,
  encodingProblem,
  isCsvUpload,
  isFormulaLike,
  neutraliseCell,
  NotCsvError,
  parseScaledDecimal,
  readCsv,
  toCsv,
} from './csvFile.ts';

const utf8 = (text: string) => new TextEncoder().encode(text);
/** Windows-1252 bytes of a French text (é, è, ê, à, ç, €, ’ and œ are all in the code page). */
function cp1252(text: string): Uint8Array {
  const special: Record<string, number> = { '€': 0x80, '’': 0x92, œ: 0x9c, Œ: 0x8c };
  return Uint8Array.from([...text].map((c) => special[c] ?? c.charCodeAt(0)));
}

describe('reading the CSV files spreadsheets write', () => {
  it('reads UTF-8 with and without BOM, Windows-1252 and UTF-16 the same way', () => {
    const text = 'produit;note\r\nCrêpe sucrée;Œuf à 2 € l’unité\r\n';
    const variants: [Uint8Array, string][] = [
      [utf8(text), 'utf-8'],
      [Uint8Array.from([0xef, 0xbb, 0xbf, ...utf8(text)]), 'utf-8'],
      [cp1252(text), 'windows-1252'],
      [Uint8Array.from([0xff, 0xfe, ...Buffer.from(text, 'utf16le')]), 'utf-16le'],
    ];
    for (const [bytes, encoding] of variants) {
      const csv = readCsv(bytes);
      expect(csv.encoding).toBe(encoding);
      expect(csv.header?.cells).toEqual(['produit', 'note']);
      expect(csv.rows).toEqual([{ line: 2, cells: ['Crêpe sucrée', 'Œuf à 2 € l’unité'] }]);
    }
  });

  it('finds the separator (semicolon, comma or tab) from the header line', () => {
    expect(detectDelimiter('id;nom;"a,b"')).toBe(';');
    expect(detectDelimiter('id,nom,"a;b"')).toBe(',');
    expect(detectDelimiter('id\tnom')).toBe('\t');
    expect(detectDelimiter('nom')).toBe(';');
    expect(readCsv(utf8('id,nom\n1,"Crêpe, sucre"\n')).rows[0]!.cells).toEqual(['1', 'Crêpe, sucre']);
  });

  it('keeps quoted fields, skips blank lines and numbers records by the line they start on', () => {
    const csv = readCsv(utf8('a;b\n\n1;"deux\nlignes"\n;;\n3;"il dit ""oui"""\n\n\n'));
    expect(csv.errors).toEqual([]);
    expect(csv.rows).toEqual([
      { line: 3, cells: ['1', 'deux\nlignes'] },
      { line: 6, cells: ['3', 'il dit "oui"'] },
    ]);
  });

  it('names the line of a quote that is never closed, and keeps a quote typed inside a cell', () => {
    expect(readCsv(utf8('a;b\n1;2\n3;"ouvert\n4;5\n')).errors).toEqual(["Ligne 3 : un guillemet ouvert n'est jamais refermé."]);
    expect(readCsv(utf8('a;b\n1;2\n3;Écran 24"\n')).rows[1]).toEqual({ line: 3, cells: ['3', 'Écran 24"'] });
  });

  it('refuses spreadsheets, PDFs and binaries as not CSV', () => {
    expect(() => decodeCsvBytes(Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 1, 2]))).toThrow(NotCsvError);
    expect(() => decodeCsvBytes(utf8('%PDF-1.7\n'))).toThrow('Veuillez sélectionner un fichier CSV valide');
    expect(() => decodeCsvBytes(Uint8Array.from([0x61, 0x00, 0x00, 0x62, 0x63, 0x00, 0x01]))).toThrow(NotCsvError);
  });

  it('names the line whose text was converted wrongly or holds control characters', () => {
    expect(encodingProblem({ line: 4, cells: ['12', 'CrÃªpe'] })).toMatch(/^Ligne 4 : texte mal encodé \(« CrÃªpe »\)/);
    expect(encodingProblem({ line: 5, cells: ['Cr\uFFFDpe'] })).toMatch(/^Ligne 5 : texte mal encodé/);
    expect(encodingProblem({ line: 6, cells: ['a\u0002b'] })).toMatch(/^Ligne 6 : caractères illisibles/);
    expect(encodingProblem({ line: 7, cells: ['Crêpe', 'Ça coûte 2 €'] })).toBeNull();
  });

  it('accepts a file by its .csv name or its text/csv type only', () => {
    expect(isCsvUpload('inventaire.CSV', 'application/vnd.ms-excel')).toBe(true);
    expect(isCsvUpload('export', 'text/csv; charset=utf-8')).toBe(true);
    expect(isCsvUpload('inventaire.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')).toBe(false);
    expect(isCsvUpload('photo.png', 'image/png')).toBe(false);
  });
});

describe('numbers written the French way', () => {
  it('reads decimal commas, spaces between thousands and points, without floating point', () => {
    expect(parseScaledDecimal('12,5', 2)).toBe(1250);
    expect(parseScaledDecimal('1 234,56', 2)).toBe(123456);
    expect(parseScaledDecimal('1.234,56', 2)).toBe(123456);
    expect(parseScaledDecimal('0.1', 2)).toBe(10);
    expect(parseScaledDecimal('12,0', 0)).toBe(12);
    expect(parseScaledDecimal('-3', 0)).toBe(-3);
    expect(parseScaledDecimal('12,5', 0)).toBeNull();
    expect(parseScaledDecimal('douze', 0)).toBeNull();
    expect(parseScaledDecimal('', 0)).toBeNull();
  });
});

describe('formula injection', () => {
  it('treats cells a spreadsheet would run as formulas, not numbers or phone numbers', () => {
    for (const cell of ['=1+1', '+SUM(A1)', '-2+3+cmd|calc', '@SUM(A1)', '\t=1', ' =HYPERLINK("x")'])
      expect(isFormulaLike(cell)).toBe(true);
    for (const cell of ['-3', '+33 6 12 34 56 78', '12,5', 'Crêpe', '', 'a=b']) expect(isFormulaLike(cell)).toBe(false);
  });

  it('neutralises every exported cell and quotes separators, with a BOM for Excel', () => {
    expect(neutraliseCell('=HYPERLINK("http://x")')).toBe('\'=HYPERLINK("http://x")');
    expect(neutraliseCell(-4)).toBe('-4');
    const csv = toCsv([
      ['id', 'nom'],
      [1, '@SOMME(A1)'],
      [2, 'Crêpe; sucre "maison"'],
    ]);
    expect(csv).toBe('\uFEFFid;nom\r\n1;\'@SOMME(A1)\r\n2;"Crêpe; sucre ""maison"""\r\n');
  });
});
