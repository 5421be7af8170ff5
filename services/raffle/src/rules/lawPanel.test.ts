import { describe, expect, it } from 'vitest';
import { lawPanel, looksLikeCash, ticketsIssuedValueCents } from './lawPanel.ts';

describe('prizes that look like cash (a tombola offers prizes in kind only)', () => {
  it.each([
    '50 €',
    '100 euros',
    'Enveloppe de 20 €',
    'Espèces',
    'Billets de banque',
    'Chèque de 30 euros',
    'Virement de 50 €',
    'Argent de poche',
  ])('flags « %s »', (name) => {
    expect(looksLikeCash(name)).toBe(true);
  });

  it.each([
    'Vélo de ville',
    "Bon d'achat librairie 30 €",
    'Chèque-cadeau de 25 €',
    'Carte cadeau cinéma',
    'Coffret de vin',
    'Panier de 10 fromages',
    'Montre argentée',
    'Chèque-déjeuner et chèque-cadeau',
  ])('does not flag « %s »', (name) => {
    expect(looksLikeCash(name)).toBe(false);
  });
});

describe('the French-law panel', () => {
  it('totals value and cost over quantities and gives the cost ratio of the ticket revenue', () => {
    const panel = lawPanel(
      [
        { name: 'Vélo', priceCents: 30000, costCents: 0, quantity: 1 },
        { name: 'Peluche', priceCents: 2500, costCents: 1500, quantity: 2 },
      ],
      40000,
    );
    expect(panel).toEqual({ totalValueCents: 35000, totalCostCents: 3000, ticketRevenueCents: 40000, costRatioPercent: 7.5, warnings: [] });
  });

  it('warns, without blocking, above 15 % and before any sale', () => {
    const prizes = [{ name: 'Tablette', priceCents: 19900, costCents: 19900, quantity: 1 }];
    expect(lawPanel(prizes, 100000).warnings).toEqual([
      'Le coût des lots (199,00 €) dépasse 15 % des recettes des tickets (1\u202f000,00 €) : 19,9 %.',
    ]);
    expect(lawPanel(prizes, 0)).toMatchObject({
      costRatioPercent: null,
      warnings: ["Aucun ticket vendu pour l'instant : le coût des lots (199,00 €) n'est encore couvert par aucune recette."],
    });
    expect(lawPanel(prizes, 132667).warnings).toEqual([]);
  });
});

describe('what the tickets issued are worth (the mayor also asks for the last accounts above 7 500 €)', () => {
  it('counts every ticket at the price of one ticket alone, not at a pack discount', () => {
    expect(
      ticketsIssuedValueCents(5000, [
        { nb: 1, priceCents: 200 },
        { nb: 5, priceCents: 800 },
      ]),
    ).toBe(1_000_000);
    expect(
      ticketsIssuedValueCents(1000, [
        { nb: 5, priceCents: 800 },
        { nb: 10, priceCents: 1500 },
      ]),
    ).toBe(160_000);
  });

  it('says nothing while no tier gives a ticket its price', () => {
    expect(ticketsIssuedValueCents(1000, [])).toBeNull();
  });
});
