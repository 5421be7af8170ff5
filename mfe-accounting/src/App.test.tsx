import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeGateway, json } from '@kermesse/ui-kit/testing';
import App from './App';
import { renderAt } from './test/render';

const A = '/api/admin/accountancy';
const TB = {
  id: 7,
  financial_year: 2025,
  data_csv_raw: 'Compte;Libellé;Débit;Crédit\n530;Caisse;10;0\n',
  locked: false,
  forecast: false,
  origin: 'manuelle',
  rows: 0,
  imported_at: null,
};
const years = () =>
  json({
    financialYears: [
      { year: 2026, locked: false, lockedAt: null, entries: 3, unposted: 0 },
      { year: 2025, locked: false, lockedAt: null, entries: 0, unposted: 0 },
    ],
  });

describe('accounting remote', () => {
  it('is for the treasurer and administrators only', async () => {
    fakeGateway({});
    await renderAt('/comptabilite', <App />, { roles: ['cashier'] });
    expect(screen.getByText('Ces écrans sont réservés au trésorier et aux administrateurs.')).toBeTruthy();
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('offers its screens as tabs, « Disponibilités » spelled right', async () => {
    fakeGateway({ [`GET ${A}/trial-balance`]: () => json({ trialBalances: [] }) });
    await renderAt('/comptabilite', <App />, { roles: ['admin'] });
    const links = within(screen.getByRole('navigation', { name: 'Comptabilité' })).getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Balances', '/comptabilite'],
      ['Bilan des comptes', '/comptabilite/bilan'],
      ['Disponibilités', '/comptabilite/disponibilites'],
      ['Prévisionnel', '/comptabilite/previsionnel'],
      ['Journal', '/comptabilite/journal'],
      ['Résultat de la fête', '/comptabilite/fete'],
      ['Dons', '/comptabilite/dons'],
      ['Reçus fiscaux', '/comptabilite/recus'],
      ['Adhésions', '/comptabilite/adhesions'],
      ['HelloAsso', '/comptabilite/helloasso'],
      ['Rapprochement bancaire', '/comptabilite/banque'],
      ['Association', '/comptabilite/association'],
    ]);
    expect(links.filter((a) => a.getAttribute('aria-current') === 'page').map((a) => a.textContent)).toEqual(['Balances']);
  });

  it('adds a trial balance through the modal, financial_year and data_csv_raw required', async () => {
    const calls = fakeGateway({
      [`GET ${A}/trial-balance`]: () => json({ trialBalances: [] }),
      [`POST ${A}/trial-balance`]: (call) => json({ trialBalance: { ...TB, ...(call.body as object) } }, 201),
    });
    await renderAt('/comptabilite', <App />);
    fireEvent.click(await screen.findByRole('button', { name: 'Ajouter une balance' }));
    const dialog = screen.getByRole('dialog', { name: 'Ajouter une balance' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(within(dialog).getByRole('alert').textContent).toBe(
      'Les données CSV sont obligatoires : collez la balance ou choisissez son fichier.',
    );
    fireEvent.change(within(dialog).getByLabelText('Exercice'), { target: { value: '2025' } });
    fireEvent.change(within(dialog).getByLabelText('Données CSV'), { target: { value: TB.data_csv_raw } });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    });
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      financial_year: 2025,
      data_csv_raw: TB.data_csv_raw,
      locked: false,
      forecast: false,
    });
    expect(await screen.findByText(/Balance n°7 \(exercice 2025\) enregistrée/)).toBeTruthy();
  });

  it('shows the id read-only when editing, and docs/spec.md §8 message when saving fails', async () => {
    fakeGateway({
      [`GET ${A}/trial-balance`]: () => json({ trialBalances: [TB] }),
      [`GET ${A}/trial-balance/7`]: () => json({ trialBalance: TB }),
      [`PUT ${A}/trial-balance/7`]: () =>
        json(
          {
            error: 'Cette balance est verrouillée : elle ne peut plus être modifiée, importée ni supprimée.',
            code: 'TRIAL_BALANCE_LOCKED',
          },
          409,
        ),
    });
    await renderAt('/comptabilite', <App />);
    await act(async () => {
      fireEvent.click(await screen.findByRole('button', { name: 'Modifier la balance n°7' }));
    });
    const dialog = screen.getByRole('dialog', { name: 'Modifier la balance n°7' });
    expect((within(dialog).getByLabelText('Identifiant') as HTMLInputElement).readOnly).toBe(true);
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    });
    expect(within(dialog).getByRole('alert').textContent).toBe(
      "Erreur lors de l'ajout ou de la mise à jour de l'exercice comptable : Cette balance est verrouillée : elle ne peut plus être modifiée, importée ni supprimée.",
    );
  });

  it('imports the rows of a trial balance with « Importer », and names the bad lines when it fails', async () => {
    let imported = false;
    fakeGateway({
      [`GET ${A}/trial-balance/7`]: () => json({ trialBalance: { ...TB, rows: imported ? 1 : 0 } }),
      [`GET ${A}/trial-balance-rows/7`]: () =>
        json(imported ? [{ accountCode: '530', accountLabel: 'Caisse', debit: 10, credit: 0, balance: 10, financial_year: 2025 }] : []),
      'POST /api/trials/import/7': () => {
        if (!imported) {
          imported = true;
          return json({ created: 1 });
        }
        return json(
          {
            error:
              "Le fichier de la balance n'a pas été importé : 1 erreur(s).\nLigne 2 : le débit « 1O » n'est pas un montant (par exemple 1234,56 ou 1234.56).",
            code: 'CSV_INVALID',
          },
          400,
        );
      },
    });
    await renderAt('/comptabilite/balances/7', <App />);
    await act(async () => {
      fireEvent.click(await screen.findByRole('button', { name: 'Importer' }));
    });
    expect(await screen.findByText('Import effectué : 1 ligne importée.')).toBeTruthy();
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Compte', 'Débit', 'Crédit', 'Solde']);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Importer' }));
    });
    expect((await screen.findByRole('alert')).textContent).toContain(
      "Erreur lors de l'import : Le fichier de la balance n'a pas été importé : 1 erreur(s).\nLigne 2 :",
    );
  });

  it('shows « Chargement… » then the Bilan des comptes of the year with its TOTAUX', async () => {
    let release: () => void = () => undefined;
    fakeGateway({
      [`GET ${A}/financial-years`]: years,
      [`GET ${A}/bilan-des-comptes/2025`]: () =>
        new Promise((resolve) => {
          release = () =>
            resolve(
              json([
                { rank: 1, depense_label: 'Achats buvette', depenses: 300, recette_label: 'Ventes buvette', recettes: 450, solde: 150 },
                { rank: 2, depense_label: '', depenses: 0, recette_label: 'Dons manuels', recettes: 200.5, solde: 200.5 },
              ]),
            );
        }),
    });
    await renderAt('/comptabilite/bilan?exercice=2025', <App />);
    expect(screen.getByText('Chargement…')).toBeTruthy();
    expect(screen.getByText('Période du 1er janvier au 31 décembre 2025')).toBeTruthy();
    await act(async () => release());
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Dépense', 'Montant', 'Recette', 'Montant', 'Solde']);
    const footer = within(table).getAllByRole('row').at(-1)!;
    expect([...footer.querySelectorAll('th, td')].map((cell) => cell.textContent?.replace(/\s/g, ' '))).toEqual([
      'TOTAUX',
      '300,00 €',
      '',
      '650,50 €',
      '350,50 €',
    ]);
  });

  it('lists the Disponibilités with their code and total', async () => {
    fakeGateway({
      [`GET ${A}/financial-years`]: years,
      [`GET ${A}/bilan-disponibilite/2025`]: () =>
        json([
          { accountCode: '530', accountLabel: 'Caisse', balance: 245.5 },
          { accountCode: '512', accountLabel: 'Banque', balance: 1000 },
        ]),
    });
    await renderAt('/comptabilite/disponibilites?exercice=2025', <App />);
    await waitFor(() => expect(screen.getByText('Caisse (530)')).toBeTruthy());
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Disponibilités');
    expect(screen.getAllByRole('row').at(-1)!.textContent?.replace(/\s/g, ' ')).toBe('Total1 245,50 €');
  });

  it('prints the report of a trial balance with its footers', async () => {
    fakeGateway({
      [`GET ${A}/trial-balance-rows/7`]: () =>
        json([
          { accountCode: '6071', accountLabel: 'Achats buvette', debit: 300, credit: 0, balance: 300, financial_year: 2024 },
          { accountCode: '701', accountLabel: 'Ventes buvette', debit: 0, credit: 450, balance: -450, financial_year: 2024 },
        ]),
    });
    await renderAt('/comptabilite/balances/7/rapport', <App />);
    expect(await screen.findByText('Période du 1er janvier au 31 décembre 2024')).toBeTruthy();
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['DEPENSES', 'RECETTES', 'Solde']);
    expect(screen.getByText('TOTAUX DEPENSE')).toBeTruthy();
    expect(screen.getByText('TOTAUX RECETTE')).toBeTruthy();
    expect(screen.getByLabelText('Différence').textContent?.replace(/\s/g, ' ')).toBe('150,00 €');
  });
  it('offers « Générer la balance » and the closing only while the year is open; its entries scroll in a focusable region', async () => {
    const year = new Date().getFullYear();
    let locked = false;
    fakeGateway({
      [`GET ${A}/financial-years`]: () => json({ financialYears: [{ year, locked, lockedAt: null, entries: 1, unposted: 0 }] }),
      [`GET ${A}/journal/${year}`]: () =>
        json({
          year,
          entries: [
            {
              number: 1,
              date: `${year}-05-17`,
              journal: 'VE',
              pieceRef: 'V-1',
              label: 'Vente V-1',
              eventId: 1,
              hash: 'a',
              lines: [
                { account: '530', accountLabel: 'Caisse', debit: 2, credit: 0 },
                { account: '7061', accountLabel: 'Buvette', debit: 0, credit: 2 },
              ],
            },
          ],
        }),
      [`GET ${A}/journal-verification`]: () => json({ ok: true, entries: 1, brokenAt: null }),
      [`POST ${A}/financial-years/${year}/lock`]: () => {
        locked = true;
        return json({ financialYears: [{ year, locked, lockedAt: `${year}-12-31T12:00:00Z`, entries: 1, unposted: 0 }] });
      },
    });
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    await renderAt('/comptabilite/journal', <App />);
    const entries = await screen.findByRole('region', { name: `Écritures du journal ${year}` });
    expect(entries.tabIndex).toBe(0);
    expect(screen.getByRole('button', { name: 'Générer la balance' })).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: `Clôturer l'exercice ${year}` })));
    expect(await screen.findByRole('heading', { name: `Journal ${year} (clôturé)` })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Générer la balance' })).toBeNull();
    expect(screen.queryByRole('button', { name: `Clôturer l'exercice ${year}` })).toBeNull();
    // What a closed year still offers: its CSV and the FEC.
    expect(screen.getByRole('button', { name: 'Exporter le FEC' })).toBeTruthy();
  });
});
