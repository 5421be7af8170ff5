import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeGateway, json } from '@kermesse/ui-kit/testing';
import type { AssociationSettings, Donation, Donor, TaxReceipt } from '@kermesse/contracts-accounting';
import App from '../App';
import { renderAt } from '../test/render';

const A = '/api/admin/accountancy';
/** Text as read, the no-break spaces of French amounts (« 70,00 € ») as plain spaces. */
const text = (element: Element) => (element.textContent ?? '').replace(/[\u00A0\u202F]/g, ' ');
const year = new Date().getFullYear();
const ASSOCIATION: AssociationSettings = {
  name: 'APE Jules Ferry',
  address: '3 rue des Écoles',
  postalCode: '69003',
  city: 'Lyon',
  purpose: 'Sorties scolaires',
  siren: null,
  eligibility: 'interet_general',
  rupDecreeDate: null,
  signatory: 'Claire Dupont, trésorière',
  counterpartCap: 73,
};
const DONOR: Donor = {
  id: 4,
  kind: 'individual',
  name: 'Bernard',
  firstName: 'Inès',
  address: '12 avenue Foch',
  postalCode: '69006',
  city: 'Lyon',
  email: null,
  siren: null,
};
const DONATION: Donation = {
  id: 9,
  origin: 'register',
  date: `${year}-05-16`,
  amount: 100,
  method: 'CHQ',
  counterpart: 30,
  counterpartLabel: 'Repas du gala',
  refunded: 0,
  eligible: 70,
  donor: DONOR,
  buyerName: 'Inès Bernard',
  receipt: null,
};
const RECEIPT: TaxReceipt = {
  id: 3,
  year,
  number: `${year}-0001`,
  kind: 'gift',
  model: 'cerfa n° 11580*05',
  donorName: 'Bernard Inès',
  donorId: 4,
  amount: 70,
  issuedOn: `${year}-05-20`,
  cancelled: false,
  cancelledOn: null,
  cancelReason: null,
};

describe('« Dons »', () => {
  it('explains why no receipt can be issued when the association may not, and offers none', async () => {
    fakeGateway({
      [`GET ${A}/donations`]: () => json({ donations: [DONATION], donors: [DONOR] }),
      [`GET ${A}/association`]: () => json({ association: { ...ASSOCIATION, eligibility: 'none' } }),
    });
    await renderAt('/comptabilite/dons', <App />);
    expect((await screen.findByText(/n'a pas indiqué dans ses réglages qu'elle peut délivrer des reçus fiscaux/)).textContent).toContain(
      "d'intérêt général ou reconnus d'utilité publique",
    );
    expect((screen.getByRole('button', { name: /Établir le reçu du don/ }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows the part a receipt may state and issues the receipt of a gift', async () => {
    const calls = fakeGateway({
      [`GET ${A}/donations`]: () => json({ donations: [DONATION], donors: [DONOR] }),
      [`GET ${A}/association`]: () => json({ association: ASSOCIATION }),
      [`POST ${A}/tax-receipts`]: () => json({ receipt: RECEIPT }, 201),
    });
    await renderAt('/comptabilite/dons', <App />);
    const table = await screen.findByRole('table', { name: `Dons de ${year}` });
    const row = within(table).getAllByRole('row')[1]!;
    expect(text(row)).toContain('100,00 €');
    expect(text(row)).toContain('70,00 €');
    expect(text(row)).toContain('contrepartie 30,00 € (Repas du gala)');
    fireEvent.click(within(row).getByRole('button', { name: /Établir le reçu du don/ }));
    expect(text(await screen.findByRole('status'))).toBe(`Reçu n° ${year}-0001 établi pour Bernard Inès (70,00 €).`);
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ kind: 'gift', donationId: 9 });
  });

  it('sends a gift typed in with « 30,50 » and one idempotency key', async () => {
    const calls = fakeGateway({
      [`GET ${A}/donations`]: () => json({ donations: [], donors: [DONOR] }),
      [`GET ${A}/association`]: () => json({ association: ASSOCIATION }),
      [`POST ${A}/donations`]: () => json({ donation: DONATION }, 201),
    });
    await renderAt('/comptabilite/dons', <App />);
    const form = (await screen.findByRole('heading', { name: 'Ajouter un don' })).closest('form')!;
    fireEvent.change(within(form).getByLabelText('Montant (€)'), { target: { value: 'trente' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Ajouter le don' }));
    expect(within(form).getByRole('alert').textContent).toBe('Le montant doit être un montant en euros, par exemple 30,50.');
    fireEvent.change(within(form).getByLabelText('Montant (€)'), { target: { value: '30,50' } });
    fireEvent.change(within(form).getByLabelText('Donateur'), { target: { value: '4' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Ajouter le don' }));
    expect(text(await within(form).findByRole('status'))).toBe('Don de 30,50 € enregistré.');
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.body).toMatchObject({ amount: '30,50', method: 'CHQ', donorId: 4 });
    expect(post.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('« Reçus fiscaux »', () => {
  it('shows the figures to declare with their due date, and cancels a receipt after asking why', async () => {
    const calls = fakeGateway({
      [`GET ${A}/tax-receipts`]: () => json({ receipts: [RECEIPT] }),
      [`GET ${A}/donations`]: () => json({ donations: [], donors: [DONOR] }),
      [`GET ${A}/tax-receipts/declaration/${year}`]: () =>
        json({
          year,
          count: 1,
          total: 70,
          cancelled: 0,
          individuals: { count: 1, total: 70 },
          companies: { count: 0, total: 0 },
          dueDate: `${year + 1}-03-31`,
        }),
      [`POST ${A}/tax-receipts/3/cancel`]: () =>
        json({ receipt: { ...RECEIPT, cancelled: true, cancelledOn: `${year}-06-01`, cancelReason: 'Erreur de nom' } }),
    });
    await renderAt('/comptabilite/recus', <App />);
    const figures = await screen.findByRole('heading', { name: `Déclaration des dons de ${year}` });
    expect(text(figures.parentElement!)).toContain(`À déclarer avant le31/03/${year + 1}`);
    expect(text(figures.parentElement!)).toContain('Montant total des reçus70,00 €');

    fireEvent.click(await screen.findByRole('button', { name: `Annuler le reçu n° ${year}-0001` }));
    const dialog = screen.getByRole('dialog', { name: `Annuler le reçu n° ${year}-0001` });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Annuler le reçu' }));
    expect(within(dialog).getByRole('alert').textContent).toBe("Indiquez la raison de l'annulation.");
    fireEvent.change(within(dialog).getByLabelText("Raison de l'annulation"), { target: { value: 'Erreur de nom' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Annuler le reçu' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('status').textContent).toContain("son numéro n'est pas réutilisé");
    expect(calls.find((c) => c.path.endsWith('/cancel'))?.body).toEqual({ reason: 'Erreur de nom' });
  });

  it('checks a CSV of gifts by a test run, then imports it', async () => {
    const calls = fakeGateway({
      [`GET ${A}/donations`]: () => json({ donations: [], donors: [] }),
      [`GET ${A}/association`]: () => json({ association: ASSOCIATION }),
      [`POST ${A}/donations/import`]: (call) =>
        json({ dryRun: (call.body as { dryRun: boolean }).dryRun, donations: 2, donors: 1, alreadyImported: 0 }),
    });
    await renderAt('/comptabilite/dons', <App />);
    const card = (await screen.findByRole('heading', { name: 'Importer des dons' })).closest('section')!;
    expect((within(card).getByRole('button', { name: 'Importer' }) as HTMLButtonElement).disabled).toBe(true);
    const csv = 'Date;Montant;Mode;Nom\n14/03/2026;30,50;Chèque;Durand\n';
    fireEvent.change(within(card).getByLabelText('Fichier CSV des dons'), {
      target: { files: [new File([csv], 'dons.csv', { type: 'text/csv' })] },
    });
    await waitFor(() =>
      expect((within(card).getByRole('button', { name: 'Vérifier le fichier' }) as HTMLButtonElement).disabled).toBe(false),
    );
    fireEvent.click(within(card).getByRole('button', { name: 'Vérifier le fichier' }));
    expect(text(await within(card).findByRole('status'))).toBe(
      'Fichier vérifié : 2 dons, 1 nouveau donateur. Cliquez sur « Importer » pour les enregistrer.',
    );
    fireEvent.click(within(card).getByRole('button', { name: 'Importer' }));
    expect(text(await within(card).findByText(/^Import effectué/))).toBe('Import effectué : 2 dons, 1 nouveau donateur.');
    const sent = calls.filter((c) => c.path.endsWith('/import')).map((c) => c.body);
    expect(sent).toEqual([
      { csv, dryRun: true },
      { csv, dryRun: false },
    ]);
  });
});
