import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { formatDate } from '@kermesse/ui-kit';
import { json, fakeGateway, type GatewayRoutes } from '@kermesse/ui-kit/testing';
import { renderAt } from '../test/render';
import { InventoryImportPage } from './InventoryImportPage';

const event = { id: 1, name: 'Kermesse de printemps', starts_on: '2026-05-16' };
const cleanResult = {
  status: 'dry-run',
  products_affected: 2,
  products_updated: 1,
  errors: [],
  movements: [
    { line: 2, product_id: 7, product_name: 'Pop-corn', current_stock: 35, new_stock: 48, variation: 13, note: 'Inventaire du 21/11/2026' },
  ],
};

function gateway(routes: GatewayRoutes = {}) {
  return fakeGateway({ 'GET /api/stocks/': () => json({ event, events: [event], stocks: [], alerts: [] }), ...routes });
}

const csv = (name = 'inventaire.csv', type = 'text/csv') => new File(['produit;nouveau_stock\nPop-corn;48\n'], name, { type });

async function choose(file: File) {
  await act(async () => {
    fireEvent.change(screen.getByLabelText('Fichier CSV'), { target: { files: [file] } });
  });
}

async function submit(name: RegExp | string) {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name }));
  });
}

describe('inventory importer', () => {
  it('starts in test mode with the note « Inventaire du {dd/mm/yyyy} »', async () => {
    gateway();
    await renderAt('/stock/import', <InventoryImportPage />);
    expect(((await screen.findByLabelText('Note')) as HTMLInputElement).value).toBe(`Inventaire du ${formatDate(new Date())}`);
    expect((screen.getByLabelText(/Mode test/) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('button', { name: "Tester l'import" })).toBeTruthy();
  });

  it("asks for a file, then for a CSV file, with the spec's messages", async () => {
    const calls = gateway();
    await renderAt('/stock/import', <InventoryImportPage />);
    await screen.findByLabelText('Note');
    await submit("Tester l'import");
    expect(screen.getByRole('alert').textContent).toBe('Veuillez sélectionner un fichier à importer');
    await choose(csv('inventaire.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'));
    await submit("Tester l'import");
    expect(screen.getByRole('alert').textContent).toBe('Veuillez sélectionner un fichier CSV valide');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('enables the real import only after a test of the same file without errors', async () => {
    const calls = gateway({
      'POST /api/stocks/import/inventory': (call) =>
        json(call.query.includes('dry-run=1') ? cleanResult : { ...cleanResult, status: 'ok' }),
    });
    await renderAt('/stock/import', <InventoryImportPage />);
    await screen.findByLabelText('Note');
    await choose(csv());
    fireEvent.click(screen.getByLabelText(/Mode test/));
    expect(screen.getByRole('button', { name: 'Importer' })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByLabelText(/Mode test/));
    await submit("Tester l'import");
    expect(calls.at(-1)).toMatchObject({ method: 'POST', query: 'dry-run=1&event_id=1' });
    expect(screen.getByText('Test réussi : aucune erreur. Décochez le mode test pour importer.')).toBeTruthy();
    expect(screen.getByRole('rowheader', { name: 'Pop-corn' })).toBeTruthy();
    fireEvent.click(screen.getByLabelText(/Mode test/));
    expect(screen.getByRole('button', { name: 'Importer' })).toHaveProperty('disabled', false);
    await submit('Importer');
    expect(calls.at(-1)).toMatchObject({ method: 'POST', query: 'dry-run=0&event_id=1' });
    expect(screen.getByText('Import effectué : le stock est à jour.')).toBeTruthy();
    // A new real import needs a new test.
    expect((screen.getByLabelText(/Mode test/) as HTMLInputElement).checked).toBe(true);
  });

  it('keeps the real import off after a test with errors, and lists them', async () => {
    gateway({
      'POST /api/stocks/import/inventory': () =>
        json({
          ...cleanResult,
          products_affected: 0,
          products_updated: 0,
          movements: [],
          errors: ['Ligne 3 : produit « Glace » inconnu.'],
        }),
    });
    await renderAt('/stock/import', <InventoryImportPage />);
    await screen.findByLabelText('Note');
    await choose(csv());
    await submit("Tester l'import");
    expect(screen.getByRole('list', { name: 'Erreurs' }).textContent).toBe('Ligne 3 : produit « Glace » inconnu.');
    fireEvent.click(screen.getByLabelText(/Mode test/));
    expect(screen.getByRole('button', { name: 'Importer' })).toHaveProperty('disabled', true);
  });

  it("shows the server's error, else « Erreur lors de l'importation »", async () => {
    let answer = json({ error: 'Le fichier dépasse la taille maximale (5 Mo).' }, 413);
    gateway({ 'POST /api/stocks/import/inventory': () => answer });
    await renderAt('/stock/import', <InventoryImportPage />);
    await screen.findByLabelText('Note');
    await choose(csv());
    await submit("Tester l'import");
    expect(screen.getByRole('alert').textContent).toBe('Le fichier dépasse la taille maximale (5 Mo).');
    answer = new Response('Bad gateway', { status: 502 });
    await submit("Tester l'import");
    expect(screen.getByRole('alert').textContent).toBe("Erreur lors de l'importation");
  });

  it('downloads the model, or says « Erreur lors du téléchargement du modèle »', async () => {
    let ok = true;
    gateway({
      'GET /api/stocks/inventory/template': () =>
        ok
          ? new Response('id_produit;produit\n', {
              headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="modele-inventaire-1.csv"' },
            })
          : json({ error: 'x' }, 500),
    });
    const createObjectURL = vi.fn(() => 'blob:modele');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await renderAt('/stock/import', <InventoryImportPage />);
    await screen.findByLabelText('Note');
    await submit('Télécharger le modèle');
    expect(click).toHaveBeenCalledTimes(1);
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('modele-inventaire-1.csv');
    ok = false;
    await submit('Télécharger le modèle');
    expect(screen.getByRole('alert').textContent).toBe('Erreur lors du téléchargement du modèle');
  });
});
