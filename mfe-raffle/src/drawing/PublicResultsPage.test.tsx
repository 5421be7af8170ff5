import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { fakeGateway, json } from '@kermesse/ui-kit/testing';
import { PublicResultsPage } from './PublicResultsPage';

const drawing = (ticketsCount: number) => ({
  raffleId: 4,
  algorithm: 'kermesse-tirage-v1',
  state: 'drawn',
  commitment: 'ab'.repeat(32),
  ticketsHash: 'cd'.repeat(32),
  ticketsCount,
  salesClosedAt: '2027-06-12T17:00:00Z',
  drawnAt: '2027-06-12T18:00:00Z',
  seed: 'ef'.repeat(32),
  proofUrl: '/api/public/raffle/4/drawing/proof',
});

async function renderResults(ticketsCount: number) {
  fakeGateway({
    'GET /api/public/raffle/drawing/results': () =>
      json({
        success: true,
        data: [
          {
            prize: { id: 1, name: 'Vélo', quantity: 1, image: null },
            winners: [{ civility: null, firstname: 'Camille', lastname: 'D.', number: 7 }],
          },
        ],
        raffle: { id: 4, name: 'Grande tombola', eventName: 'Fête des écoles', drawnAt: '2027-06-12T18:00:00Z' },
        drawing: drawing(ticketsCount),
      }),
  });
  await act(async () => {
    render(
      <MemoryRouter>
        <PublicResultsPage />
      </MemoryRouter>,
    );
  });
}

describe('public drawing results', () => {
  it('explains in plain French how to check the drawing, with no developer command', async () => {
    await renderResults(1);
    expect(screen.getByText('Camille')).toBeTruthy();
    const text = document.body.textContent ?? '';
    expect(text).toContain('Empreinte du ticket vendu');
    expect(text).not.toContain('des 1 tickets');
    expect(text).not.toMatch(/npx|tsx|verify-drawing|Node\.js/);
    expect(screen.getByRole('heading', { name: 'Comment vérifier le tirage ?' })).toBeTruthy();
    expect(text).toContain('refait tout le calcul sur votre appareil');
    expect(screen.getByRole('button', { name: 'Vérifier le tirage dans ce navigateur' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Télécharger la preuve du tirage' }).getAttribute('href')).toBe(
      '/api/public/raffle/4/drawing/proof',
    );
  });

  it('agrees the number of tickets: « Empreinte des 1 234 tickets vendus »', async () => {
    await renderResults(1234);
    expect(document.body.textContent).toMatch(/Empreinte des 1\s234 tickets vendus/);
  });
});
