import { describe, expect, it } from 'vitest';
import { readCsv } from '@kermesse/kit/csv';
import { parseTrialBalance } from './trialBalanceCsv.ts';

const bytes = (text: string) => new TextEncoder().encode(text);
/** Windows-1252 bytes of a Latin-1-only text (what Excel writes on a French Windows). */
const cp1252 = (text: string) => Uint8Array.from([...text].map((c) => c.charCodeAt(0)));
const parse = (data: Uint8Array) => parseTrialBalance(readCsv(data));

const EXPECTED = [
  { line: 2, accountCode: '530', accountLabel: 'Caisse', debitCents: 123456, creditCents: 0 },
  { line: 3, accountCode: '6071', accountLabel: 'Achats buvette', debitCents: 30050, creditCents: 0 },
  { line: 4, accountCode: '707', accountLabel: 'Ventes de marchandises', debitCents: 0, creditCents: 153506 },
];

describe('trial balance files', () => {
  it('reads a Paheko « Balance générale » (semicolons, decimal comma, Windows-1252)', () => {
    const text =
      'Numéro;Libellé;Débit;Crédit;Solde\r\n530;Caisse;1 234,56;0,00;1 234,56\r\n6071;Achats buvette;300,50;;300,50\r\n707;Ventes de marchandises;0,00;1 535,06;-1 535,06\r\n;Total;1 535,06;1 535,06;0,00\r\n';
    expect(parse(cp1252(text))).toEqual({ rows: EXPECTED, errors: [] });
  });

  it('reads a spreadsheet export (commas, decimal point, UTF-8 with BOM, quoted labels)', () => {
    const text =
      '\uFEFFaccountCode,accountLabel,debit,credit\n530,"Caisse",1234.56,0\n6071,"Achats buvette",300.5,0\n707,"Ventes de marchandises",0,1535.06\n';
    expect(parse(bytes(text))).toEqual({ rows: EXPECTED, errors: [] });
  });

  it('reads a tab-separated export with « N° compte » and « Intitulé »', () => {
    const text =
      'N° compte\tIntitulé\tDébit\tCrédit\n530\tCaisse\t1234,56\t\n6071\tAchats buvette\t300,50\t\n707\tVentes de marchandises\t\t1535,06\n';
    expect(parse(bytes(text))).toEqual({ rows: EXPECTED, errors: [] });
  });

  it('refuses a label a spreadsheet would run, naming the line', () => {
    const text = 'Compte;Libellé;Débit;Crédit\n530;=HYPERLINK("http://x");1;0\n707;@Ventes;0;1\n6071;Achats;-;0\n';
    expect(parse(bytes(text))).toEqual({
      rows: [{ line: 4, accountCode: '6071', accountLabel: 'Achats', debitCents: 0, creditCents: 0 }],
      errors: [
        'Ligne 2 : le libellé « =HYPERLINK("http://x") » commence par « = » : les formules ne sont pas acceptées.',
        'Ligne 3 : le libellé « @Ventes » commence par « @ » : les formules ne sont pas acceptées.',
      ],
    });
  });

  it('names every bad line and keeps nothing', () => {
    const text =
      'Compte;Libellé;Débit;Crédit\n530;Caisse;12,5O;0\n;Sans compte;1;0\n707;Ventes;0;10\n707;Ventes bis;0;10\n6071;Achats;-5;0\n';
    const result = parse(bytes(text));
    expect(result.errors).toEqual([
      "Ligne 2 : le débit « 12,5O » n'est pas un montant (par exemple 1234,56 ou 1234.56).",
      'Ligne 3 : le numéro de compte est vide.',
      'Ligne 5 : le compte 707 figure déjà ligne 4.',
      "Ligne 6 : le débit ne peut pas être négatif (inscrivez le montant dans l'autre colonne).",
    ]);
  });

  it('says which column is missing', () => {
    expect(parse(bytes('Compte;Libellé;Débit\n530;Caisse;1\n')).errors[0]).toMatch(/^Ligne 1 : colonne « Crédit » absente/);
    expect(parse(bytes('Libellé;Débit;Crédit\nCaisse;1;0\n')).errors[0]).toMatch(/^Ligne 1 : colonne du numéro de compte absente/);
  });

  it('accepts a single « Solde » column', () => {
    expect(
      parse(bytes('Compte;Libellé;Solde\n530;Caisse;12,00\n707;Ventes;-12,00\n')).rows.map((r) => [
        r.accountCode,
        r.debitCents,
        r.creditCents,
      ]),
    ).toEqual([
      ['530', 1200, 0],
      ['707', 0, 1200],
    ]);
  });
});
