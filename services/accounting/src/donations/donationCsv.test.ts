import { describe, expect, it } from 'vitest';
import { readCsv } from '@kermesse/kit/csv';
import { parseDonationCsv } from './donationCsv.ts';

const parse = (text: string) => parseDonationCsv(readCsv(new TextEncoder().encode(text)));

describe('a CSV of gifts', () => {
  it('finds its columns by their titles and reads French dates, amounts and payment modes', () => {
    const { gifts, errors } = parse(
      'Date;Montant;Mode de versement;Nom;Prénom;Adresse;Code postal;Ville;E-mail;Type;SIREN;Contrepartie\n' +
        '14/03/2026;30,50;Chèque;Durand;Paul;1 rue Haute;69001;Lyon;paul@example.org;;;\n' +
        '2026-04-02;1 200,00;virement;Garage Petit;;2 quai Bas;69002;Lyon;;Entreprise;123 456 789;100\n',
    );
    expect(errors).toEqual([]);
    expect(gifts).toEqual([
      expect.objectContaining({ line: 2, date: '2026-03-14', amountCents: 3050, method: 'CHQ', counterpartCents: 0 }),
      expect.objectContaining({ line: 3, date: '2026-04-02', amountCents: 120000, method: 'VIR', counterpartCents: 10000 }),
    ]);
    expect(gifts[0]!.donor).toMatchObject({ kind: 'individual', name: 'Durand', firstName: 'Paul', email: 'paul@example.org' });
    expect(gifts[1]!.donor).toMatchObject({ kind: 'company', name: 'Garage Petit', firstName: null, siren: '123456789' });
  });

  it('names every bad line and cell, and a missing column', () => {
    const { errors } = parse(
      'Date;Montant;Mode;Nom\n31/02/2026;30,50;Chèque;Durand\n14/03/2026;trente;Chèque;Durand\n14/03/2026;10;Bitcoin;=HYPERLINK("x")\n',
    );
    expect(errors).toEqual([
      "Ligne 2 : la date « 31/02/2026 » n'est pas une date (14/03/2026).",
      "Ligne 3 : le montant « trente » n'est pas un montant en euros (30,50).",
      'Ligne 4 : « =HYPERLINK("x") » commence par =, +, - ou @ : un tableur le prendrait pour une formule.',
    ]);
    expect(parse('Date;Nom\n14/03/2026;Durand\n').errors).toEqual(['Ligne 1 : colonnes manquantes (Montant, Mode).']);
  });
});
