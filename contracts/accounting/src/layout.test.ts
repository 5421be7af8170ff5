import { describe, expect, it } from 'vitest';
import { availabilityOf, layoutTrialBalance, layoutTotals, listedAccountOf, periodLabel } from './layout.ts';

/** A fair's trial balance; every figure below was worked out by hand. */
const TRIAL_BALANCE = [
  { accountCode: '530', accountLabel: 'Caisse', balance: 1500 },
  { accountCode: '5112', accountLabel: 'Chèques à encaisser', balance: 236.4 },
  { accountCode: '6071', accountLabel: 'Achats buvette', balance: 300 },
  { accountCode: '701', accountLabel: 'Ventes buvette', balance: -450 },
  { accountCode: '6072', accountLabel: 'Achats marchandises', balance: 120.5 },
  { accountCode: '707', accountLabel: 'Ventes de marchandises', balance: -120.5 },
  { accountCode: '627', accountLabel: 'Frais bancaires', balance: 12.3 },
  { accountCode: '7541', accountLabel: 'Dons manuels', balance: -200 },
  { accountCode: '7780', accountLabel: 'Manifestations diverses', balance: -1000 },
  { accountCode: '706', accountLabel: 'Prestations de services', balance: -80 },
  { accountCode: '6257', accountLabel: 'Réceptions', balance: 45.2 },
];

describe('docs/spec.md §9 layout of a trial balance', () => {
  it('pairs 6071/701 and 6072/707, gives unpaired and unlisted accounts their own row, in order', () => {
    const { rows, totals } = layoutTrialBalance(TRIAL_BALANCE);
    expect(rows).toEqual([
      { rank: 1, depense_label: 'Achats buvette', depenses: 300, recette_label: 'Ventes buvette', recettes: 450, solde: 150 },
      {
        rank: 2,
        depense_label: 'Achats marchandises',
        depenses: 120.5,
        recette_label: 'Ventes de marchandises',
        recettes: 120.5,
        solde: 0,
      },
      { rank: 3, depense_label: 'Frais bancaires', depenses: 12.3, recette_label: '', recettes: 0, solde: -12.3 },
      { rank: 4, depense_label: '', depenses: 0, recette_label: 'Dons manuels', recettes: 200, solde: 200 },
      { rank: 5, depense_label: '', depenses: 0, recette_label: 'Manifestations diverses', recettes: 1000, solde: 1000 },
      { rank: 6, depense_label: 'Réceptions', depenses: 45.2, recette_label: '', recettes: 0, solde: -45.2 },
      { rank: 7, depense_label: '', depenses: 0, recette_label: 'Prestations de services', recettes: 80, solde: 80 },
    ]);
    // 300 + 120,50 + 12,30 + 45,20 = 478,00 ; 450 + 120,50 + 200 + 1 000 + 80 = 1 850,50
    expect(totals).toEqual({ depenses: 478, recettes: 1850.5, solde: 1372.5 });
  });

  it('drops the pair whose solde is 0 (Bilan, forecast) and totals the rows kept', () => {
    const { rows, totals } = layoutTrialBalance(TRIAL_BALANCE, { dropZero: true });
    expect(rows.map((r) => [r.rank, r.depense_label || r.recette_label, r.solde])).toEqual([
      [1, 'Achats buvette', 150],
      [2, 'Frais bancaires', -12.3],
      [3, 'Dons manuels', 200],
      [4, 'Manifestations diverses', 1000],
      [5, 'Réceptions', -45.2],
      [6, 'Prestations de services', 80],
    ]);
    // 478,00 − 120,50 = 357,50 ; 1 850,50 − 120,50 = 1 730,00 ; difference unchanged.
    expect(totals).toEqual({ depenses: 357.5, recettes: 1730, solde: 1372.5 });
    expect(layoutTotals(rows)).toEqual(totals);
  });

  it('gathers sub-accounts under their listed account, with the plan label when several meet', () => {
    const { rows } = layoutTrialBalance([
      { accountCode: '7541', accountLabel: 'Dons manuels (fête)', balance: -20.1 },
      { accountCode: '7542', accountLabel: 'Dons manuels (loto)', balance: -9.9 },
      { accountCode: '707000', accountLabel: 'Ventes', balance: -10 },
      { accountCode: '607200', accountLabel: 'Achats', balance: 3.33 },
    ]);
    expect(rows).toEqual([
      { rank: 1, depense_label: 'Achats', depenses: 3.33, recette_label: 'Ventes', recettes: 10, solde: 6.67 },
      { rank: 2, depense_label: '', depenses: 0, recette_label: 'Dons manuels', recettes: 30, solde: 30 },
    ]);
    expect(listedAccountOf('62346')).toBe('62346');
    expect(listedAccountOf('7068')).toBeNull();
  });

  it('pairs the gift accounts with the annex revenues and 627 with 7681', () => {
    const { rows, totals } = layoutTrialBalance([
      { accountCode: '62341', accountLabel: 'Lots tombola', balance: 250 },
      { accountCode: '708801', accountLabel: 'Tombola', balance: -1200 },
      { accountCode: '62342', accountLabel: 'Lots divers', balance: 15 },
      { accountCode: '627', accountLabel: 'Frais bancaires', balance: 8 },
      { accountCode: '7681', accountLabel: 'Intérêts', balance: -2.5 },
      { accountCode: '708805', accountLabel: 'Vide-grenier', balance: -310 },
    ]);
    expect(rows.map((r) => [r.depense_label, r.depenses, r.recette_label, r.recettes, r.solde])).toEqual([
      ['Lots tombola', 250, 'Tombola', 1200, 950],
      ['Lots divers', 15, '', 0, -15],
      ['Frais bancaires', 8, 'Intérêts', 2.5, -5.5],
      ['', 0, 'Vide-grenier', 310, 310],
    ]);
    // 250 + 15 + 8 = 273 ; 1 200 + 2,50 + 310 = 1 512,50 ; 1 512,50 − 273 = 1 239,50 (a surplus)
    expect(totals).toEqual({ depenses: 273, recettes: 1512.5, solde: 1239.5 });
  });

  it('reads a deficit as a negative solde, a surplus as a positive one', () => {
    const { rows, totals } = layoutTrialBalance([
      { accountCode: '6071', accountLabel: 'Achats buvette', balance: 500 },
      { accountCode: '701', accountLabel: 'Ventes buvette', balance: -320 },
      { accountCode: '7541', accountLabel: 'Dons manuels', balance: -50 },
    ]);
    expect(rows.map((r) => r.solde)).toEqual([-180, 50]);
    // 320 + 50 − 500 = −130: the year lost money.
    expect(totals).toEqual({ depenses: 500, recettes: 370, solde: -130 });
  });

  it('lists the treasury (5…) accounts for « Disponibilités » with their total', () => {
    expect(availabilityOf(TRIAL_BALANCE)).toEqual({
      rows: [
        { accountCode: '5112', accountLabel: 'Chèques à encaisser', balance: 236.4 },
        { accountCode: '530', accountLabel: 'Caisse', balance: 1500 },
      ],
      total: 1736.4,
    });
    expect(periodLabel(2025)).toBe('Période du 1er janvier au 31 décembre 2025');
  });
});
