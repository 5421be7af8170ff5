import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Tier } from '../api/raffleApi';
import { RAFFLE_TIER_MESSAGES } from './messages';
import { TierEditor } from './TierEditor';

async function renderEditor(props: Partial<Parameters<typeof TierEditor>[0]> = {}) {
  const saveTiers = props.saveTiers ?? vi.fn(async (_tiers: Tier[]) => undefined);
  await act(async () => {
    render(<TierEditor messages={RAFFLE_TIER_MESSAGES} saveTiers={saveTiers} {...props} />);
  });
  return saveTiers;
}

describe('ticket price editor', () => {
  it('starts empty in create mode, adds pairs of 0 and 0, and creates with numbers', async () => {
    const save = await renderEditor();
    expect(screen.getByRole('heading', { name: 'Créer les prix des tickets' })).toBeTruthy();
    expect(screen.queryByText('Nombre de tickets :')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Ajouter une nouvelle paire' }));
    fireEvent.click(screen.getByRole('button', { name: 'Ajouter une nouvelle paire' }));
    const counts = screen.getAllByLabelText(/Nombre de tickets de la paire/) as HTMLInputElement[];
    const prices = screen.getAllByLabelText(/Prix de la paire/) as HTMLInputElement[];
    expect(counts.map((i) => i.value)).toEqual(['0', '0']);
    expect(prices.map((i) => i.value)).toEqual(['0', '0']);
    expect(screen.getAllByText('Nombre de tickets :')).toHaveLength(2);
    expect(screen.getAllByText('Prix :')).toHaveLength(2);

    fireEvent.change(counts[0]!, { target: { value: '1' } });
    fireEvent.change(prices[0]!, { target: { value: '2' } });
    fireEvent.change(counts[1]!, { target: { value: '10' } });
    fireEvent.change(prices[1]!, { target: { value: '15.5' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Créer' }));
    });
    expect(save).toHaveBeenCalledWith([
      { nb: 1, p: 2 },
      { nb: 10, p: 15.5 },
    ]);
    expect(screen.getByRole('status').textContent).toBe('Tombola créée avec succès !');
  });

  it('loads the tiers in update mode, removes a pair and updates', async () => {
    let resolve!: (tiers: Tier[]) => void;
    const loadTiers = vi.fn(
      () =>
        new Promise<Tier[]>((r) => {
          resolve = r;
        }),
    );
    const saveTiers = vi.fn(async () => undefined);
    render(<TierEditor id={3} loadTiers={loadTiers} saveTiers={saveTiers} messages={RAFFLE_TIER_MESSAGES} />);
    expect(screen.getByRole('heading', { name: 'Modifier les prix des tickets' })).toBeTruthy();
    expect(screen.getByText('Chargement en cours...')).toBeTruthy();
    expect(loadTiers).toHaveBeenCalledWith(3);
    await act(async () =>
      resolve([
        { nb: 1, p: 2 },
        { nb: 3, p: 5 },
        { nb: 10, p: 15 },
      ]),
    );

    expect((screen.getAllByLabelText(/Nombre de tickets de la paire/) as HTMLInputElement[]).map((i) => i.value)).toEqual(['1', '3', '10']);
    fireEvent.click(screen.getAllByRole('button', { name: 'Supprimer' })[1]!);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Mettre à jour' }));
    });
    expect(saveTiers).toHaveBeenCalledWith([
      { nb: 1, p: 2 },
      { nb: 10, p: 15 },
    ]);
    expect(screen.getByRole('status').textContent).toBe('Tombola mise à jour avec succès !');
  });

  it('shows the spec banners when loading or saving fails, with the server reason', async () => {
    await renderEditor({ id: 4, loadTiers: () => Promise.reject(new Error('Tombola introuvable.')) });
    expect(screen.getByRole('alert').textContent).toBe('Erreur lors du chargement des donnéesTombola introuvable.');
  });

  it('keeps the pairs on a refused save', async () => {
    await renderEditor({ saveTiers: () => Promise.reject(new Error('Deux paires ont le même prix (2,00 €).')) });
    fireEvent.click(screen.getByRole('button', { name: 'Ajouter une nouvelle paire' }));
    fireEvent.change(screen.getByLabelText('Nombre de tickets de la paire 1'), { target: { value: '1' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Créer' }));
    });
    expect(screen.getByRole('alert').textContent).toContain("Erreur lors de l'enregistrement des données");
    expect(screen.getByRole('alert').textContent).toContain('Deux paires ont le même prix (2,00 €).');
    expect(screen.getAllByLabelText(/Nombre de tickets de la paire/)).toHaveLength(1);
  });

  it('names the line a person counts (« Ligne 4 : … ») and sends nothing when a pair cannot be read', async () => {
    const save = vi.fn(async (_tiers: Tier[]) => undefined);
    await renderEditor({
      saveTiers: save,
      id: 2,
      loadTiers: async () => [
        { nb: 1, p: 2 },
        { nb: 3, p: 5 },
        { nb: 10, p: 15 },
      ],
    });
    fireEvent.click(screen.getByRole('button', { name: 'Ajouter une nouvelle paire' }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Mettre à jour' }));
    });
    expect(save).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toContain(
      'Ligne 4 : le nombre de tickets doit être un nombre entier entre 1 et 100 000.',
    );
    expect(screen.getByRole('alert').textContent).not.toContain('price.3');
    expect(screen.getByLabelText('Nombre de tickets de la paire 4').getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(screen.getByLabelText('Nombre de tickets de la paire 4'), { target: { value: '20' } });
    fireEvent.change(screen.getByLabelText('Prix de la paire 4'), { target: { value: '25,505' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Mettre à jour' }));
    });
    expect(save).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toContain(
      'Ligne 4 : le prix doit être un montant positif en euros (deux décimales au plus), par exemple 2,50.',
    );
  });

  it('reads prices typed the French way: « 30,50 » is 30,50 €, shown back as « 2,00 »', async () => {
    const save = vi.fn(async (_tiers: Tier[]) => undefined);
    await renderEditor({ saveTiers: save, id: 2, loadTiers: async () => [{ nb: 1, p: 2 }] });
    const price = screen.getByLabelText('Prix de la paire 1') as HTMLInputElement;
    expect(price.value).toBe('2,00');
    expect(price.type).toBe('text');
    fireEvent.click(screen.getByRole('button', { name: 'Ajouter une nouvelle paire' }));
    fireEvent.change(screen.getByLabelText('Nombre de tickets de la paire 2'), { target: { value: '20' } });
    fireEvent.change(screen.getByLabelText('Prix de la paire 2'), { target: { value: '30,50' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Mettre à jour' }));
    });
    expect(save).toHaveBeenCalledWith([
      { nb: 1, p: 2 },
      { nb: 20, p: 30.5 },
    ]);
  });
});
