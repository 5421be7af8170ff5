import { describe, expect, it } from 'vitest';
import { buildFec, fecFileName, latin9, type FecEntry } from './fec.ts';
import { checkFec } from './fecCheck.ts';

const entry = (number: number, journalCode: string, day: string, cents: number, validDate = day): FecEntry => ({
  journalCode,
  journalLabel: journalCode === 'VE' ? 'Ventes' : 'Achats',
  number,
  date: day,
  pieceRef: `P-${number}`,
  pieceDate: day,
  label: `Ecriture ${number}`,
  validDate,
  lines: [
    { account: '530', accountLabel: 'Caisse', debitCents: cents, creditCents: 0 },
    { account: '707', accountLabel: 'Ventes de marchandises', debitCents: 0, creditCents: cents },
  ],
});
const YEAR_ENTRIES = [entry(1, 'VE', '2025-05-17', 1250), entry(2, 'AC', '2025-05-18', 4210), entry(3, 'VE', '2025-06-21', 500)];
const ascii = (text: string) => new TextEncoder().encode(text);
const NAME = fecFileName(2025, '123456789');
const check = (text: string, fileName = NAME) => checkFec(ascii(text), { fileName, year: 2025, siren: '123456789' }).problems;
/** The file with line `line` (1 = header) changed by `change`. */
const edit = (line: number, change: (cells: string[]) => string[]) => {
  const rows = buildFec(YEAR_ENTRIES).replace(/\r\n$/, '').split('\r\n');
  rows[line - 1] = change(rows[line - 1]!.split('\t')).join('\t');
  return `${rows.join('\r\n')}\r\n`;
};
const cell = (index: number, value: string) => (cells: string[]) => cells.map((c, i) => (i === index ? value : c));

describe('the FEC rules (docs/fec.md)', () => {
  it('find nothing to say about a well-formed file, with tabs or pipes', () => {
    const fec = buildFec(YEAR_ENTRIES);
    expect(checkFec(ascii(fec), { fileName: NAME, year: 2025, siren: '123456789' })).toMatchObject({
      problems: [],
      lines: 6,
      entries: 3,
      journals: ['AC', 'VE'],
      separator: '\t',
    });
    expect(check(fec.replace(/\t/g, '|'))).toEqual([]);
  });

  it('name the file SIRENFECAAAAMMJJ.txt, closing on 31 December', () => {
    expect(fecFileName(2025, null)).toBe('FEC20251231.txt');
    const fec = buildFec(YEAR_ENTRIES);
    expect(check(fec, 'FEC-2025.txt')).toEqual(["Nom du fichier « FEC-2025.txt » : il doit s'écrire SIRENFECAAAAMMJJ.txt."]);
    expect(check(fec, '123456789FEC20250630.txt')).toEqual([
      "Nom du fichier : la date 20250630 n'est pas la clôture de l'exercice (20251231).",
    ]);
    expect(check(fec, '987654321FEC20251231.txt')).toEqual(['Nom du fichier : il doit commencer par le SIREN 123456789.']);
  });

  it('want ISO 8859-15, not UTF-8', () => {
    const fec = buildFec([{ ...YEAR_ENTRIES[0]!, label: 'Écart de caisse' }]);
    expect(check(fec)).toContain('Jeu de caractères : caractères de contrôle dans le fichier.');
    expect(check(`\uFEFF${buildFec(YEAR_ENTRIES)}`)[0]).toContain('marque UTF-8 (BOM)');
    expect(latin9('Lots d’Élodie — « tombola »…')).toBe("Lots d'Élodie - « tombola »...");
  });

  it('want the 18 columns in order on every line', () => {
    expect(check(edit(1, (cells) => [cells[1]!, cells[0]!, ...cells.slice(2)]))[0]).toContain(
      "l'en-tête doit être les 18 zones dans l'ordre",
    );
    expect(check(edit(3, (cells) => cells.slice(0, 17)))).toEqual([
      'Ligne 3 : 17 zones au lieu de 18.',
      expect.stringContaining("n'est pas équilibrée"),
      expect.stringContaining("n'est pas équilibré"),
    ]);
  });

  it('want dates AAAAMMJJ within the year, and amounts with a decimal comma', () => {
    expect(check(edit(2, cell(3, '2025-05-17')))).toContain("Ligne 2 : EcritureDate « 2025-05-17 » n'est pas une date AAAAMMJJ.");
    expect(check(edit(2, cell(9, '20250230')))).toContain("Ligne 2 : PieceDate « 20250230 » n'est pas une date AAAAMMJJ.");
    expect(check(edit(2, cell(15, '')))).toContainEqual(expect.stringMatching(/^Ligne 2 : ValidDate « +» n'est pas une date AAAAMMJJ\.$/));
    expect(check(edit(2, cell(3, '20240517')))).toContain("Ligne 2 : EcritureDate 20240517 hors de l'exercice 2025.");
    expect(check(edit(2, cell(11, '12.50')))).toContain(
      "Ligne 2 : Debit « 12.50 » et Credit « 0,00 » doivent s'écrire avec une virgule décimale (1234,50).",
    );
    expect(check(edit(2, cell(11, '0,00')))).toContain(
      'Ligne 2 : une ligne porte un montant au débit ou au crédit, pas les deux ni aucun.',
    );
  });

  it('want accounts, pieces and labels', () => {
    expect(check(edit(2, cell(4, '5a0')))).toContain('Ligne 2 : CompteNum « 5a0 » doit commencer par trois chiffres.');
    expect(check(edit(2, cell(8, '')))).toContain('Ligne 2 : PieceRef est obligatoire.');
    expect(check(edit(2, cell(10, '')))).toContain('Ligne 2 : EcritureLib est obligatoire.');
  });

  it('want each entry balanced, on one date and in one journal', () => {
    expect(check(edit(3, cell(12, '12,49')))).toContain("Ligne 2 : l'écriture 1 n'est pas équilibrée (débit 12.5, crédit 12.49).");
    expect(check(edit(3, cell(3, '20250518')))).toContain("Ligne 3 : l'écriture 1 change de date.");
    expect(check(edit(3, cell(0, 'AC')))).toContain("Ligne 3 : l'écriture 1 change de journal.");
  });

  it('want numbers 1…n without gap, in the order of validation', () => {
    expect(check(buildFec([YEAR_ENTRIES[0]!, { ...YEAR_ENTRIES[2]!, number: 4 }]))).toEqual([
      'EcritureNum : la numérotation saute de 1 à 4.',
    ]);
    expect(check(buildFec([YEAR_ENTRIES[1]!, YEAR_ENTRIES[0]!, YEAR_ENTRIES[2]!]))).toContain("Ligne 4 : l'écriture 1 vient après la 2.");
    expect(check(buildFec([YEAR_ENTRIES[0]!, { ...YEAR_ENTRIES[1]!, validDate: '2025-05-01' }, YEAR_ENTRIES[2]!]))).toContain(
      "Ligne 4 : l'écriture 2 est validée le 20250501, avant la précédente (20250517).",
    );
  });
});
