import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeGateway, json } from '@kermesse/ui-kit/testing';
import type { BankLine, HelloAssoOverview, Reconciliation } from '@kermesse/contracts-accounting';
import App from '../App';
import { renderAt } from '../test/render';

const A = '/api/admin/accountancy';
/** Text as read, the no-break spaces of French amounts (« 47,00 € ») as plain spaces. */
const text = (element: Element) => (element.textContent ?? '').replace(/[\u00A0\u202F]/g, ' ');
const year = new Date().getFullYear();
const PAYOUT = { entryId: 31, date: `${year}-05-10`, pieceRef: 'HAV-77', label: 'Versement HelloAsso HAV-77', amount: 47 };
const LINE: BankLine = {
  id: 5,
  date: `${year}-05-11`,
  label: 'VIR HELLOASSO VERSEMENT 77',
  amount: 47,
  matched: null,
  proposals: [PAYOUT],
};
const RECONCILIATION: Reconciliation = {
  year,
  account: '512',
  accounts: [{ account: '512', name: 'Banque', csvLayout: null }],
  months: [{ month: `${year}-05`, bank: 44.5, books: 47, unmatchedLines: 2, unmatchedEntries: 1 }],
  bankBalance: 44.5,
  booksBalance: 47,
  lines: [LINE, { id: 6, date: `${year}-05-15`, label: 'FRAIS TENUE DE COMPTE', amount: -2.5, matched: null, proposals: [] }],
  unmatchedEntries: [PAYOUT],
  yearLocked: false,
};

describe('« Rapprochement bancaire »', () => {
  it('reconciles a savings account, and asks once which columns of its CSV to read', async () => {
    const accounts = [
      { account: '512', name: 'Banque', csvLayout: null },
      { account: '5121', name: 'Livret A', csvLayout: null },
    ];
    const calls = fakeGateway({
      [`GET ${A}/bank/reconciliation`]: () => json({ ...RECONCILIATION, accounts }),
      [`POST ${A}/bank/import`]: (call) =>
        (call.body as { layout?: unknown }).layout
          ? json({ dryRun: true, account: '5121', format: 'csv', lines: 2, alreadyImported: 0, from: `${year}-10-01`, to: `${year}-10-02` })
          : json(
              {
                code: 'BANK_LAYOUT_NEEDED',
                error:
                  'Plusieurs colonnes du relevé peuvent être la date, le libellé ou le montant : choisissez-les une fois, elles seront gardées pour le compte 5121.',
                details: {
                  titles: ['Date opération', 'Date comptable', 'Libellé', 'Montant'],
                  choices: { date: ['Date opération', 'Date comptable'], label: ['Libellé'], amount: ['Montant'], debit: [], credit: [] },
                  suggested: { date: 'Date opération', label: 'Libellé', amount: 'Montant' },
                },
              },
              400,
            ),
    });
    await renderAt('/comptabilite/banque', <App />);
    fireEvent.change(await screen.findByLabelText('Compte bancaire'), { target: { value: '5121' } });
    await waitFor(() => expect(screen.getByText('Selon les livres (5121)')).toBeTruthy());
    expect(calls.filter((c) => c.path === `${A}/bank/reconciliation`).at(-1)?.query).toContain('account=5121');

    const card = screen.getByRole('heading', { name: 'Importer un relevé' }).closest('section')!;
    fireEvent.change(within(card).getByLabelText('Fichier du relevé'), {
      target: { files: [new File(['Date opération;Date comptable;Libellé;Montant'], 'livret.csv', { type: 'text/csv' })] },
    });
    await waitFor(() =>
      expect((within(card).getByRole('button', { name: 'Vérifier le relevé' }) as HTMLButtonElement).disabled).toBe(false),
    );
    fireEvent.click(within(card).getByRole('button', { name: 'Vérifier le relevé' }));
    const dateColumn = await within(card).findByLabelText('Colonne de la date');
    expect(within(card).getByRole('alert').textContent).toContain('elles seront gardées pour le compte 5121');
    fireEvent.change(dateColumn, { target: { value: 'Date comptable' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Vérifier le relevé' }));
    expect(text(await within(card).findByRole('status'))).toContain('Relevé vérifié : 2 opérations nouvelles');
    expect(calls.filter((c) => c.method === 'POST').at(-1)?.body).toMatchObject({
      account: '5121',
      dryRun: true,
      layout: { date: 'Date comptable', label: 'Libellé', amount: 'Montant' },
    });
  });

  it('shows both balances, proposes the payout of the same amount and matches it on confirmation', async () => {
    const calls = fakeGateway({
      [`GET ${A}/bank/reconciliation`]: () => json(RECONCILIATION),
      [`POST ${A}/bank/lines/5/match`]: () => json({ line: { ...LINE, matched: PAYOUT, proposals: [] } }),
    });
    await renderAt('/comptabilite/banque', <App />);
    const stats = (await screen.findByText('Selon la banque')).closest('dl')!;
    expect(text(stats)).toContain('44,50 €');
    expect(text(stats)).toContain('47,00 €');
    expect(text(stats)).toContain('-2,50 €');
    expect(text(stats)).toContain('2 lignes du relevé, 1 écriture');
    expect(text(screen.getByRole('table', { name: 'Rapprochement mois par mois' }))).toContain(
      `mai ${year}44,50 €47,00 €2 lignes, 1 écriture`,
    );
    const table = screen.getByRole('table', { name: `Relevé bancaire ${year}` });
    expect(text(within(table).getAllByRole('row')[2]!)).toContain('Aucune écriture du même montant à 5 jours près');
    fireEvent.click(within(table).getByRole('button', { name: /Rapprocher HAV-77 du 10\/05\/\d{4} : VIR HELLOASSO VERSEMENT 77/ }));
    expect(text(await screen.findByRole('status'))).toBe("« VIR HELLOASSO VERSEMENT 77 » rapprochée de l'écriture HAV-77.");
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ entryId: 31 });
    await waitFor(() => expect(calls.filter((c) => c.path === `${A}/bank/reconciliation`)).toHaveLength(2));
  });

  it('writes the deposit of a credit the books do not have, with the card fees, and matches it', async () => {
    const SLIP = { id: 7, date: `${year}-05-20`, label: 'VERSEMENT SUMUP', amount: 96.5, matched: null, proposals: [] };
    const calls = fakeGateway({
      [`GET ${A}/bank/reconciliation`]: () => json({ ...RECONCILIATION, lines: [SLIP], unmatchedEntries: [] }),
      [`POST ${A}/bank/deposits`]: () =>
        json(
          {
            entry: {
              entryId: 40,
              date: SLIP.date,
              pieceRef: 'R-000002',
              label: 'Versement des paiements par carte R-000002',
              amount: 96.5,
            },
            line: { ...SLIP, matched: { entryId: 40, date: SLIP.date, pieceRef: 'R-000002', label: '', amount: 96.5 } },
          },
          201,
        ),
    });
    await renderAt('/comptabilite/banque', <App />);
    const form = await screen.findByRole('form', { name: /^Remise de 96,50/ });
    fireEvent.change(within(form).getByLabelText('Nature'), { target: { value: 'CB' } });
    fireEvent.change(within(form).getByLabelText('Frais retenus (€)'), { target: { value: 'trois' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Écrire et rapprocher' }));
    expect(within(form).getByRole('alert').textContent).toBe('Les frais doivent être un montant en euros, par exemple 3,50.');
    fireEvent.change(within(form).getByLabelText('Frais retenus (€)'), { target: { value: '3,50' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Écrire et rapprocher' }));
    expect(text(await screen.findByRole('status'))).toBe(
      'Écriture R-000002 (versement des paiements par carte) enregistrée et rapprochée de « VERSEMENT SUMUP ».',
    );
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      date: `${year}-05-20`,
      source: 'CB',
      amount: 96.5,
      fees: '3,50',
      lineId: 7,
    });
  });

  it('puts the ticked cheques on a deposit slip and offers its PDF', async () => {
    const cheque = (saleId: number, index: number, number: string, amount: number) => ({
      saleId,
      index,
      saleReference: `V-000${saleId}`,
      number,
      amount,
      date: `${year}-05-16`,
      eventId: 1,
      eventName: 'Kermesse de printemps',
    });
    const cheques = [cheque(101, 0, '1234567', 12), cheque(102, 0, '2000001', 20), cheque(102, 1, '2000002', 10.5)];
    const slip = {
      id: 3,
      pieceRef: 'R-000003',
      date: `${year}-05-18`,
      account: '512',
      eventName: null,
      entryId: 50,
      total: 22.5,
      count: 2,
      cheques: [cheques[0], cheques[2]],
    };
    let made = false;
    const calls = fakeGateway({
      [`GET ${A}/bank/reconciliation`]: () => json({ ...RECONCILIATION, lines: [], unmatchedEntries: [] }),
      [`GET ${A}/bank/cheques`]: () => json(made ? { cheques: [cheques[1]], total: 20, count: 1 } : { cheques, total: 42.5, count: 3 }),
      [`GET ${A}/bank/cheque-slips`]: () => json({ items: made ? [slip] : [], total: made ? 1 : 0 }),
      [`POST ${A}/bank/cheque-slips`]: () => {
        made = true;
        return json(slip, 201);
      },
    });
    await renderAt('/comptabilite/banque', <App />);
    const card = (await screen.findByRole('heading', { name: 'Bordereau de remise de chèques' })).closest('section')!;
    expect(text(await within(card).findByText(/chèques cochés/))).toContain('3 chèques cochés, total 42,50 €');
    fireEvent.click(within(card).getByRole('checkbox', { name: /^Remettre le chèque 2000001 de/ }));
    expect(text(within(card).getByText(/chèques cochés/))).toContain('2 chèques cochés, total 22,50 €');
    fireEvent.change(within(card).getByLabelText('Jour de la remise'), { target: { value: `${year}-05-18` } });
    fireEvent.click(within(card).getByRole('button', { name: 'Enregistrer la remise' }));
    expect(text(await within(card).findByRole('status'))).toBe('Bordereau R-000003 enregistré : 2 chèques, 22,50 €.');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      date: `${year}-05-18`,
      cheques: [
        { saleId: 101, index: 0 },
        { saleId: 102, index: 1 },
      ],
    });
    expect(await within(card).findByRole('button', { name: 'Télécharger le bordereau R-000003 (PDF)' })).toBeTruthy();
    expect(text(within(card).getByText(/chèque coché/))).toContain('1 chèque coché, total 20,00 €');
  });

  it('reads the SumUp payouts of a period and lists what it left aside', async () => {
    const calls = fakeGateway({
      [`GET ${A}/bank/reconciliation`]: () => json({ ...RECONCILIATION, lines: [], unmatchedEntries: [] }),
      [`POST ${A}/bank/sumup-payouts/import`]: () =>
        json({
          payouts: [{ id: '9001', date: `${year}-05-18`, amount: 96.5, fees: 3.5, pieceRef: 'R-000004', entryId: 60 }],
          alreadyImported: 1,
          skipped: [
            {
              id: '9003',
              date: `${year}-05-20`,
              amount: -12,
              reason: 'Retenue de SumUp (remboursement, impayé ou ajustement) : à écrire à la main.',
            },
          ],
        }),
    });
    await renderAt('/comptabilite/banque', <App />);
    const form = await screen.findByRole('form', { name: 'Lire les versements SumUp' });
    fireEvent.change(within(form).getByLabelText('Du'), { target: { value: `${year}-05-01` } });
    fireEvent.change(within(form).getByLabelText('Au'), { target: { value: `${year}-05-31` } });
    fireEvent.click(within(form).getByRole('button', { name: 'Lire les versements SumUp' }));
    expect(text(await within(form).findByRole('status'))).toBe('1 versement écrit, 1 déjà écrit.');
    expect(text(within(form).getByRole('list', { name: 'Non écrits' }))).toContain('Retenue de SumUp');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ from: `${year}-05-01`, to: `${year}-05-31` });
  });

  it('sends the statement as it is, checked before it is imported', async () => {
    const calls = fakeGateway({
      [`GET ${A}/bank/reconciliation`]: () => json({ ...RECONCILIATION, lines: [], unmatchedEntries: [] }),
      [`POST ${A}/bank/import`]: (call) =>
        json({
          dryRun: (call.body as { dryRun: boolean }).dryRun,
          format: 'csv',
          lines: 2,
          alreadyImported: 1,
          from: `${year}-05-10`,
          to: `${year}-05-15`,
        }),
    });
    await renderAt('/comptabilite/banque', <App />);
    const card = (await screen.findByRole('heading', { name: 'Importer un relevé' })).closest('section')!;
    const latin1 = new Uint8Array([0x44, 0x61, 0x74, 0x65, 0x3b, 0x4c, 0x69, 0x62, 0x65, 0x6c, 0x6c, 0xe9]);
    fireEvent.change(within(card).getByLabelText('Fichier du relevé'), {
      target: { files: [new File([latin1], 'releve.csv', { type: 'text/csv' })] },
    });
    await waitFor(() =>
      expect((within(card).getByRole('button', { name: 'Vérifier le relevé' }) as HTMLButtonElement).disabled).toBe(false),
    );
    fireEvent.click(within(card).getByRole('button', { name: 'Vérifier le relevé' }));
    expect(text(await within(card).findByRole('status'))).toContain('Relevé vérifié : 2 opérations nouvelles, 1 déjà importée');
    const sent = calls.find((c) => c.method === 'POST')!.body as { content: string; fileName: string };
    // The bytes as they are, é in ISO 8859-1 included: the service reads the encoding.
    expect(Uint8Array.from(atob(sent.content), (c) => c.charCodeAt(0))).toEqual(latin1);
    expect(sent.fileName).toBe('releve.csv');
  });
});

const OVERVIEW: HelloAssoOverview = {
  settings: {
    organizationSlug: 'ape-ecole-jules-ferry',
    clientId: 'client-kermesse',
    hasSecret: true,
    updatedAt: `${year}-05-01T10:00:00.000Z`,
    notificationPath: '/api/public/helloasso/notifications/Zm9vYmFyYmF6cXV4',
  },
  forms: [
    { formType: 'Event', formSlug: 'kermesse', lastPulledAt: `${year}-05-01T10:00:00.000Z`, lastError: 'unavailable', eventId: null },
  ],
  items: [
    {
      id: 1,
      itemId: 5003,
      orderId: 1001,
      formType: 'Event',
      formSlug: 'kermesse',
      kind: 'skipped',
      name: 'Contribution au fonctionnement de HelloAsso',
      payer: 'Camille Martin',
      amount: 1.5,
      paidOn: `${year}-05-02`,
      pieceRef: null,
      note: 'Contribution volontaire versée à HelloAsso',
      refundedOn: null,
      refundPieceRef: null,
    },
    {
      id: 2,
      itemId: 5001,
      orderId: 1001,
      formType: 'Event',
      formSlug: 'kermesse',
      kind: 'sale',
      name: 'Repas adulte',
      payer: 'Camille Martin',
      amount: 12,
      paidOn: `${year}-05-02`,
      pieceRef: 'HA-5001',
      note: null,
      refundedOn: `${year}-05-20`,
      refundPieceRef: 'HAR-5001',
    },
  ],
  payouts: [],
  pending: 47,
};

describe('« HelloAsso »', () => {
  it('keeps the stored secret when it is left empty, and imports a form', async () => {
    const calls = fakeGateway({
      [`GET ${A}/helloasso`]: () => json(OVERVIEW),
      [`PUT ${A}/helloasso/settings`]: () => json({ settings: OVERVIEW.settings }),
      [`GET ${A}/events`]: () => json({ events: [{ id: 31, name: "Fête de l'école", startsOn: `${year}-06-27`, sales: 0 }] }),
      [`POST ${A}/helloasso/import`]: () =>
        json({ orders: 3, donations: 1, memberships: 1, sales: 1, skipped: 2, alreadyImported: 0, payouts: 1, tickets: 1, refunds: 1 }),
    });
    await renderAt('/comptabilite/helloasso', <App />);
    expect(text((await screen.findByText('Encore chez HelloAsso (compte 467)')).closest('div')!)).toContain('47,00 €');
    expect(text(screen.getByRole('table', { name: 'Articles importés' }))).toContain('Contribution volontaire versée à HelloAsso');
    expect(text(screen.getByRole('table', { name: 'Articles importés' }))).toContain('Remboursé sur HelloAsso le 20/05/');
    expect(text(screen.getByRole('table', { name: 'Formulaires relus chaque nuit' }))).toContain(
      'Dernière lecture de nuit en échec : HelloAsso ne répondait pas',
    );

    const account = screen.getByRole('heading', { name: 'Compte HelloAsso' }).closest('form')!;
    expect((within(account).getByLabelText(/^Secret/) as HTMLInputElement).value).toBe('');
    fireEvent.click(within(account).getByRole('button', { name: 'Enregistrer' }));
    expect(text(await within(account).findByRole('status'))).toBe('Compte HelloAsso enregistré.');
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ organizationSlug: 'ape-ecole-jules-ferry', clientId: 'client-kermesse' });
    // The URL to paste in HelloAsso is this association's own address.
    expect((within(account).getByLabelText(/^Adresse de notification/) as HTMLInputElement).value).toBe(
      `${window.location.origin}/api/public/helloasso/notifications/Zm9vYmFyYmF6cXV4`,
    );

    const importer = screen.getByRole('heading', { name: 'Importer les commandes HelloAsso' }).closest('form')!;
    fireEvent.change(within(importer).getByLabelText('Identifiant du formulaire'), { target: { value: 'kermesse-2026' } });
    // The form's tickets go to the gate of the fair chosen.
    const fair = within(importer).getByLabelText(/^Billets contrôlés à l'entrée/);
    await within(importer).findByRole('option', { name: "Fête de l'école" });
    fireEvent.change(fair, { target: { value: '31' } });
    fireEvent.click(within(importer).getByRole('button', { name: 'Importer les commandes HelloAsso' }));
    expect(text(await within(importer).findByRole('status'))).toBe(
      "Import effectué — 3 commandes lues : 1 prévente, 1 don, 1 adhésion, 1 versement, 1 billet envoyé au contrôle d'entrée ; 2 articles non comptabilisés, 1 remboursement HelloAsso contrepassé.",
    );
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ formType: 'Event', formSlug: 'kermesse-2026', eventId: 31 });
  });
});
