import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeGateway, json } from '@kermesse/ui-kit/testing';
import type { Prize } from '@kermesse/contracts-bingo';
import { renderAt } from '../test/render';
import { PrizesPage } from './PrizesPage';

function gateway() {
  const prizes: Prize[] = [
    { id: 1, label: 'Panier garni', rank: 2, price: '45.00', cost: '30.00', provider: 'Épicerie Martin', nature: 'lot', bingoId: 1 },
  ];
  return fakeGateway({
    'GET /admin/bingo/prize/api/prizes': () => json(prizes),
    'POST /admin/bingo/prize/api/prize': (call) => {
      const body = call.body as Prize;
      const prize = { ...body, id: 2, price: '30.50', cost: '12.00', nature: 'lot' };
      prizes.push(prize);
      return json(prize, 201);
    },
  });
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('bingo prizes', () => {
  it('lists rank, label, price and provider, and requires all five fields before « Ajouter le lot »', async () => {
    const calls = gateway();
    await renderAt('/loto/1/lots', '/loto/:id/lots', <PrizesPage />);
    expect((await screen.findByText('Panier garni')).tagName).toBe('TD');
    expect(screen.getByText('45,00 €').tagName).toBe('TD');
    expect(screen.getByText('Épicerie Martin').tagName).toBe('TD');
    expect(screen.getByText('Imprimer').tagName).toBe('BUTTON');

    type('Libellé', 'Vélo');
    type('Rang', '1');
    type('Valeur', '30,50');
    type('Coût', '12');
    await act(async () => {
      fireEvent.click(screen.getByText('Ajouter le lot'));
    });
    expect(screen.getByRole('alert').textContent).toBe('Le champ « Fournisseur » est obligatoire.');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    type('Fournisseur', 'Cycles Dupont');
    await act(async () => {
      fireEvent.click(screen.getByText('Ajouter le lot'));
    });
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      label: 'Vélo',
      rank: 1,
      price: '30,50',
      cost: '12',
      provider: 'Cycles Dupont',
      nature: 'lot',
      bingoId: 1,
    });
    expect(await screen.findByText('Prix ajouté avec succès')).toBeTruthy();
    expect((await screen.findByText('Vélo')).tagName).toBe('TD');
  }, 15_000);
});
