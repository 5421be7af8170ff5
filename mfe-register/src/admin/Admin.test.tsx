import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SESSION_STORAGE_KEY, SessionProvider, type Role } from '@kermesse/ui-kit';
import { buildToken, fakeGateway, json } from '@kermesse/ui-kit/testing';
import Admin from './Admin';
import { SIMULATED_READERS_NOTE } from './CardReadersPage';
import { NO_REGISTER_CHOSEN } from './ProductsSection';

const event = {
  id: 7,
  name: 'Kermesse 2027',
  startsOn: '2027-06-12',
  endsOn: null,
  place: 'École',
  description: null,
  archived: false,
  hasSales: false,
};
const checkout = { id: 3, eventId: 7, name: 'Caisse Buvette', archived: false, hasSales: false };
const category = { id: 5, eventId: 7, name: 'Boissons', kind: 'product', position: 0, productCount: 0 };

async function renderAdmin(path: string, roles: Role[] = ['admin']) {
  localStorage.setItem(SESSION_STORAGE_KEY, buildToken({ email: 'admin@kermesse.local', roles }));
  await act(async () => {
    render(
      <SessionProvider>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="gestion/*" element={<Admin />} />
          </Routes>
        </MemoryRouter>
      </SessionProvider>,
    );
  });
}

describe('back office (mfe_register/Admin)', () => {
  it('is for administrators only', async () => {
    const calls = fakeGateway({});
    await renderAdmin('/gestion', ['cashier']);
    expect(screen.getByText('Ces écrans sont réservés aux administrateurs.')).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('creates an event and opens it', async () => {
    const calls = fakeGateway({
      'GET /api/admin/events': () => json([]),
      'POST /api/admin/events': () => json(event, 201),
      'GET /api/admin/events/7': () => json(event),
      'GET /api/admin/events/7/checkouts': () => json([]),
      'GET /api/admin/categories': () => json([]),
    });
    await renderAdmin('/gestion');
    expect(await screen.findByText("Aucun événement pour l'instant : créez votre première fête.")).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Nouvel événement' }));
    fireEvent.change(screen.getByLabelText("Nom de l'événement"), { target: { value: 'Kermesse 2027' } });
    fireEvent.change(screen.getByLabelText('Date de début'), { target: { value: '2027-06-12' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: "Créer l'événement" })));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'Kermesse 2027',
      startsOn: '2027-06-12',
      endsOn: null,
      place: null,
      description: null,
    });
    expect(await screen.findByRole('heading', { name: 'Kermesse 2027', level: 1 })).toBeTruthy();
  });

  it('duplicates a fair: its raffle comes back under the name typed, required in French', async () => {
    const lastYear = { ...event, id: 6, name: 'Kermesse 2026', startsOn: '2026-06-13', hasSales: true, raffles: ['Tombola 2026'] };
    const calls = fakeGateway({
      'GET /api/admin/events': () => json([lastYear]),
      'POST /api/admin/events/6/duplicate': () =>
        json({ ...event, copied: { checkouts: 1, categories: 1, products: 1, mealDeal: false } }, 201),
      'GET /api/admin/events/7': () => json(event),
      'GET /api/admin/events/7/checkouts': () => json([]),
      'GET /api/admin/categories': () => json([]),
    });
    await renderAdmin('/gestion');
    fireEvent.click(await screen.findByRole('button', { name: 'Dupliquer' }));
    fireEvent.change(screen.getByLabelText('Nom du nouvel événement'), { target: { value: 'Kermesse 2027' } });
    fireEvent.change(screen.getByLabelText('Date de début'), { target: { value: '2027-06-12' } });
    expect(screen.getByText('Tombola de l’an dernier : Tombola 2026.')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: "Dupliquer l'événement" })));
    expect(screen.getByText('Le champ « Nom de la tombola » est obligatoire : la tombola recopiée prend un nouveau nom.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    fireEvent.change(screen.getByLabelText('Nom de la tombola'), { target: { value: 'Tombola 2027' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: "Dupliquer l'événement" })));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'Kermesse 2027',
      startsOn: '2027-06-12',
      raffleName: 'Tombola 2027',
    });
    expect(await screen.findByRole('heading', { name: 'Kermesse 2027', level: 1 })).toBeTruthy();
  });

  it("sets the register's idle lock of a new event, refusing a value that is not a number of minutes", async () => {
    const calls = fakeGateway({
      'GET /api/admin/events': () => json([]),
      'POST /api/admin/events': () => json(event, 201),
      'GET /api/admin/events/7': () => json(event),
      'GET /api/admin/events/7/checkouts': () => json([]),
      'GET /api/admin/categories': () => json([]),
    });
    await renderAdmin('/gestion');
    await screen.findByText("Aucun événement pour l'instant : créez votre première fête.");
    fireEvent.click(screen.getByRole('button', { name: 'Nouvel événement' }));
    fireEvent.change(screen.getByLabelText("Nom de l'événement"), { target: { value: 'Kermesse 2027' } });
    fireEvent.change(screen.getByLabelText('Verrouillage de la caisse après inactivité (minutes)'), { target: { value: '0' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: "Créer l'événement" })));
    expect(await screen.findByText('Le verrouillage de la caisse doit être un nombre de minutes entre 1 et 720.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    fireEvent.change(screen.getByLabelText('Verrouillage de la caisse après inactivité (minutes)'), { target: { value: '10' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: "Créer l'événement" })));
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ name: 'Kermesse 2027', idleLockMinutes: 10 });
  });

  it('adds a product with a price typed « 30,50 » to a register, and shows a refusal in French', async () => {
    let refuse = true;
    const calls = fakeGateway({
      'GET /api/admin/events/7': () => json(event),
      'GET /api/admin/events/7/checkouts': () => json([checkout]),
      'GET /api/admin/categories': () => json([category]),
      'GET /api/admin/products': () => json([]),
      'POST /api/admin/products': (call) => {
        if (refuse) {
          refuse = false;
          return json({ error: "La catégorie choisie n'existe pas.", code: 'CATEGORY_UNKNOWN' }, 400);
        }
        return json({ id: 9, ...(call.body as object), price: 30.5, categoryName: 'Boissons', image: null, hasSales: false }, 201);
      },
    });
    await renderAdmin('/gestion/evenements/7');
    fireEvent.click(await screen.findByRole('button', { name: 'Produits' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Nouveau produit' }));
    const form = screen.getByRole('form', { name: 'Nouveau produit' });
    fireEvent.change(within(form).getByLabelText('Nom du produit'), { target: { value: 'Jus de pomme' } });
    fireEvent.change(within(form).getByLabelText('Prix'), { target: { value: '30,5x' } });
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Ajouter le produit' })));
    expect(within(form).getByRole('alert').textContent).toBe('Prix invalide : saisissez un montant positif comme 3,50.');
    fireEvent.change(within(form).getByLabelText('Prix'), { target: { value: '30,50' } });
    // No register is ticked for the admin: saving asks which ones sell it, and sends nothing.
    expect((within(form).getByRole('checkbox', { name: 'Caisse Buvette' }) as HTMLInputElement).checked).toBe(false);
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Ajouter le produit' })));
    expect(within(form).getByRole('alert').textContent).toBe(NO_REGISTER_CHOSEN);
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Caisse Buvette' }));
    // A barcode whose check digit is wrong is refused before anything is sent (docs/gate.md §5).
    fireEvent.change(within(form).getByLabelText('Code-barres (EAN, facultatif)'), { target: { value: '3 017620 422004' } });
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Ajouter le produit' })));
    expect(within(form).getByRole('alert').textContent).toBe(
      "Le code-barres « 3 017620 422004 » n'est pas un EAN valide : 8 ou 13 chiffres (12 pour un UPC), le dernier étant la clé de contrôle.",
    );
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    fireEvent.change(within(form).getByLabelText('Code-barres (EAN, facultatif)'), { target: { value: '3 017620 422003' } });
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Ajouter le produit' })));
    expect(within(form).getByRole('alert').textContent).toBe("La catégorie choisie n'existe pas.");
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Ajouter le produit' })));
    const posted = calls.filter((c) => c.method === 'POST').at(-1)!;
    expect(posted.body).toEqual({
      name: 'Jus de pomme',
      price: '30,50',
      categoryId: 5,
      eventId: 7,
      checkoutIds: [3],
      clickAndCollectEligible: false,
      alcoohol: false,
      active: true,
      ean: '3017620422003',
    });
    expect(await screen.findByText('« Jus de pomme » enregistré.')).toBeTruthy();
  });
});

describe('card readers (Lecteurs CB)', () => {
  it('pairs a reader with the code it shows and lists it by its last 4 characters', async () => {
    const items = [{ id: 'rdr_1', name: 'Comptoir', status: 'paired', device: { identifier: 'U1DT3NA00-CN', model: 'solo' } }];
    const calls = fakeGateway({
      'GET /api/admin/card-readers': () => json({ provider: 'sumup', items }),
      'POST /api/admin/card-readers': (call) => {
        const reader = {
          id: 'rdr_2',
          name: (call.body as { name: string }).name,
          status: 'processing',
          device: { identifier: 'U1DT3NA42-CN', model: 'solo' },
        };
        items.push(reader);
        return json(reader, 201);
      },
    });
    await renderAdmin('/gestion/lecteurs');
    expect(await screen.findByText('Comptoir')).toBeTruthy();
    expect(screen.getByText(/0-CN · Appairé/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Code d'appairage"), { target: { value: 'abcd-1234' } });
    fireEvent.change(screen.getByLabelText('Nom du lecteur'), { target: { value: 'Buvette' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Appairer' })));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ pairingCode: 'abcd-1234', name: 'Buvette' });
    expect(await screen.findByText('Lecteur « Buvette » appairé (2-CN).')).toBeTruthy();
    expect(screen.getByText(/En cours d'appairage/)).toBeTruthy();
    expect(screen.queryByText(SIMULATED_READERS_NOTE)).toBeNull();
  });

  it('says the readers are simulated when no SumUp account is configured, without calling it a demonstration', async () => {
    fakeGateway({ 'GET /api/admin/card-readers': () => json({ provider: 'simulator', items: [] }) });
    await renderAdmin('/gestion/lecteurs');
    expect(await screen.findByText(SIMULATED_READERS_NOTE)).toBeTruthy();
    expect(screen.queryByText(/démonstration/)).toBeNull();
  });
});

describe('product CSV import (Import CSV)', () => {
  it('imports only after a dry run without errors, and lists the lines to correct', async () => {
    let bad = true;
    const calls = fakeGateway({
      'GET /api/admin/events/7': () => json(event),
      'GET /api/admin/events/7/checkouts': () => json([checkout]),
      'GET /api/admin/categories': () => json([category]),
      'POST /api/admin/products/import': (call) => {
        if (bad)
          return json({
            status: 'dry-run',
            created: 1,
            updated: 0,
            categoriesCreated: [],
            lines: [],
            errors: ['Ligne 3 : le nom est vide.'],
          });
        return call.query.includes('dry-run=1')
          ? json({
              status: 'dry-run',
              created: 2,
              updated: 0,
              categoriesCreated: ['Desserts'],
              lines: [{ line: 2, name: 'Café', price: 1.2, category: 'Boissons', action: 'create' }],
              errors: [],
            })
          : json({ status: 'ok', created: 2, updated: 0, categoriesCreated: ['Desserts'], lines: [], errors: [] });
      },
    });
    await renderAdmin('/gestion/evenements/7');
    fireEvent.click(await screen.findByRole('button', { name: 'Import CSV' }));
    const file = new File(['nom;prix;categorie\n'], 'produits.csv', { type: 'text/csv' });
    fireEvent.change(screen.getByLabelText('Fichier CSV'), { target: { files: [file] } });
    const importButton = screen.getByRole('button', { name: 'Importer' }) as HTMLButtonElement;
    expect(importButton.disabled).toBe(true);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Tester le fichier' })));
    expect(screen.getByRole('list', { name: 'Lignes à corriger' }).textContent).toBe('Ligne 3 : le nom est vide.');
    expect(importButton.disabled).toBe(true);
    bad = false;
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Tester le fichier' })));
    expect(screen.getByText(/Test réussi : 2 produit\(s\) à créer/)).toBeTruthy();
    expect(importButton.disabled).toBe(false);
    await act(async () => fireEvent.click(importButton));
    expect(await screen.findByText('Import terminé : 2 produit(s) créé(s), 0 mis à jour.')).toBeTruthy();
    expect(calls.filter((c) => c.path === '/api/admin/products/import').map((c) => c.query)).toEqual([
      'dry-run=1&eventId=7',
      'dry-run=1&eventId=7',
      'dry-run=0&eventId=7',
    ]);
  });

  it('shows the lines of a refused import (422 IMPORT_REJECTED, the result at the top level)', async () => {
    fakeGateway({
      'GET /api/admin/events/7': () => json(event),
      'GET /api/admin/events/7/checkouts': () => json([checkout]),
      'GET /api/admin/categories': () => json([category]),
      'POST /api/admin/products/import': (call) =>
        call.query.includes('dry-run=1')
          ? json({ status: 'dry-run', created: 1, updated: 0, categoriesCreated: [], lines: [], errors: [] })
          : json(
              {
                error: "Import refusé : corrigez les lignes signalées, rien n'a été enregistré.",
                code: 'IMPORT_REJECTED',
                status: 'error',
                created: 0,
                updated: 0,
                categoriesCreated: [],
                lines: [],
                errors: ['Ligne 2 : caisse « Caisse fantôme » inconnue dans cet événement.'],
              },
              422,
            ),
    });
    await renderAdmin('/gestion/evenements/7');
    fireEvent.click(await screen.findByRole('button', { name: 'Import CSV' }));
    const file = new File(['nom;prix;categorie\n'], 'produits.csv', { type: 'text/csv' });
    fireEvent.change(screen.getByLabelText('Fichier CSV'), { target: { files: [file] } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Tester le fichier' })));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Importer' })));
    expect(await screen.findByText("Import refusé : corrigez les lignes signalées, rien n'a été enregistré.")).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Lignes à corriger' }).textContent).toBe(
      'Ligne 2 : caisse « Caisse fantôme » inconnue dans cet événement.',
    );
    expect(screen.queryByText(/Import terminé/)).toBeNull();
  });
});
