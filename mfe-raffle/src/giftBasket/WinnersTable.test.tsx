import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, fakeGateway, unreachable } from '@kermesse/ui-kit/testing';
import { WinnersTable } from './GiftBasketPage';

async function renderTable() {
  await act(async () => {
    render(<WinnersTable basketId={3} />);
  });
}

describe('gift basket winners table', () => {
  it('shows basket, name, weight (kg and grams), e-mail and phone', async () => {
    fakeGateway({
      'GET /api/admin/gift-basket/3/weigh/result': () =>
        json({
          success: true,
          data: [
            {
              id: 8,
              label: 'Panier gourmand',
              realWeight: 3000,
              result: {
                weigh: 3050,
                person: { id: 1, civility: null, firstname: 'Inès', lastname: 'Roux', email: 'ines@example.org', phone: '0611111111' },
              },
            },
          ],
        }),
    });
    await renderTable();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Panier', 'Nom', 'Poids', 'E-mail', 'Téléphone']);
    expect(screen.getAllByRole('cell').map((c) => c.textContent)).toEqual([
      'Panier gourmand (pesé 3 kg 000 g)',
      'Inès Roux',
      '3 kg 050 g',
      'ines@example.org',
      '0611111111',
    ]);
  });

  it('says « Erreur dans la réponse API. » when the answer is not a success', async () => {
    fakeGateway({ 'GET /api/admin/gift-basket/3/weigh/result': () => json({ success: false, data: [] }) });
    await renderTable();
    expect(screen.getByRole('alert').textContent).toBe('Erreur dans la réponse du serveur.');
  });

  it('says « Une erreur est survenue : … » with the reason of a failure', async () => {
    fakeGateway({ 'GET /api/admin/gift-basket/3/weigh/result': () => unreachable() });
    await renderTable();
    expect(screen.getByRole('alert').textContent).toBe('Une erreur est survenue : Impossible de contacter le serveur.');
  });
});
