import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readCsv } from '@kermesse/kit/csv';
import { parseFrenchDate, parsePaid, parsePhone, planBookings } from './bookingsCsv.ts';

const plan = (text: string | Uint8Array, existing: Set<string> = new Set()) =>
  planBookings(readCsv(typeof text === 'string' ? new TextEncoder().encode(text) : text), existing);

describe('swap-meet booking file', () => {
  it('reads the sample file shipped for new users as it is', () => {
    const result = plan(readFileSync(new URL('../../samples/vide-grenier-exemple.csv', import.meta.url)));
    expect(result.errors).toEqual([]);
    expect(result.bookings).toHaveLength(8);
    expect(result.bookings[0]).toMatchObject({
      line: 2,
      name: 'Jeanne Moreau',
      phone: '0612345678',
      spaceCm: 250,
      revenueCents: 1250,
      isPayed: true,
      dateBooking: '2026-03-12',
    });
    expect(result.bookings[3]).toMatchObject({ name: 'Lucas Petit', phone: '+33601020304' });
  });

  it('accepts commas with quoted decimals, other titles, units and currency signs, and blank trailing lines', () => {
    const result = plan(
      'Nom,Téléphone,Espace (m),Prix,Payé,Date\r\n"Dupont, Anne",0612345678,"2,5 m","12,50 €",Payé,2026-03-12 10:30\r\nLe Goff,,3,15,,5/4/26\r\n,,,,,\r\n\r\n',
    );
    expect(result.errors).toEqual([]);
    expect(result.bookings.map((b) => [b.name, b.phone, b.spaceCm, b.revenueCents, b.isPayed, b.dateBooking])).toEqual([
      ['Dupont, Anne', '0612345678', 250, 1250, true, '2026-03-12'],
      ['Le Goff', '', 300, 1500, false, '2026-04-05'],
    ]);
  });

  it('reports every problem with its line number, in French', () => {
    const result = plan(
      'nom;telephone;metres;montant;paye;date_reservation\n' +
        ';0612345678;2;10;oui;01/03/2026\n' + // 2: no name
        'Paul;12;2;10;oui;01/03/2026\n' + // 3: phone
        'Anne;;0;10;oui;01/03/2026\n' + // 4: space 0
        'Luc;;2;-5;oui;01/03/2026\n' + // 5: negative amount
        'Léa;;2;10;peut-être;01/03/2026\n' + // 6: paid
        'Max;;2;10;oui;31/02/2026\n' + // 7: no such date
        'Zoé;;2;10;oui;\n' + // 8: no date
        '=HYPERLINK("http://x");;2;10;oui;01/03/2026\n' + // 9: formula
        'Noé;0611111111;2;10;oui;01/03/2026\n' + // 10: fine
        'noé;06 11 11 11 11;3;15;non;1/3/2026\n', // 11: same booking as line 10
    );
    expect(result.errors).toEqual([
      'Ligne 2 : le nom est obligatoire.',
      "Ligne 3 : le téléphone « 12 » n'est pas valide (10 chiffres, ou +33…).",
      "Ligne 4 : l'espace « 0 » doit être un nombre de mètres supérieur à 0 (ex. 2,5).",
      'Ligne 5 : le montant « -5 » doit être un montant en euros positif ou nul (ex. 15,00).',
      "Ligne 6 : « peut-être » n'est pas une réponse reconnue pour « payé » (oui ou non).",
      "Ligne 7 : la date « 31/02/2026 » n'est pas une date valide (jj/mm/aaaa).",
      'Ligne 8 : la date de réservation est obligatoire.',
      'Ligne 9 : la cellule « nom » commence par « = » (« =HYPERLINK("http://x") ») : les formules ne sont pas acceptées.',
      'Ligne 11 : même réservation que la ligne 10 (« noé », même téléphone et même date).',
    ]);
  });

  it('refuses bookings already stored instead of doubling them', () => {
    const first = plan('nom;metres;montant;date_reservation\nNoé;2;10;01/03/2026\n');
    const again = plan('nom;metres;montant;date_reservation\nNoé;2;10;01/03/2026\n', new Set(first.bookings.map((b) => b.dedupeKey)));
    expect(again.errors).toEqual(['Ligne 2 : la réservation de « Noé » du 01/03/2026 est déjà enregistrée.']);
  });

  it('names the missing columns and the mis-encoded lines', () => {
    expect(plan('nom;telephone\nPaul;0612345678\n').errors).toEqual([
      'Ligne 1 : colonnes « metres », « montant », « date_reservation » absentes (colonnes attendues : nom ; telephone ; metres ; montant ; paye ; date_reservation).',
    ]);
    expect(plan('nom;metres;montant;date_reservation\nHÃ©lÃ¨ne;2;10;01/03/2026\n').errors[0]).toMatch(/^Ligne 2 : texte mal encodé/);
  });
});

describe('cells written by hand', () => {
  it('reads paid answers, dates and phone numbers the way volunteers type them', () => {
    expect([
      parsePaid('Oui'),
      parsePaid('X'),
      parsePaid('réglé'),
      parsePaid('Non'),
      parsePaid(''),
      parsePaid('Impayé'),
      parsePaid('?'),
    ]).toEqual([true, true, true, false, false, false, null]);
    expect([
      parseFrenchDate('05/04/2026'),
      parseFrenchDate('5-4-26'),
      parseFrenchDate('2026-04-05T09:00:00Z'),
      parseFrenchDate('29/02/2025'),
    ]).toEqual(['2026-04-05', '2026-04-05', '2026-04-05', null]);
    expect([parsePhone('06.12.34.56.78'), parsePhone('0032 470 12 34 56'), parsePhone('612345678')]).toEqual([
      '0612345678',
      '+32470123456',
      null,
    ]);
  });
});
