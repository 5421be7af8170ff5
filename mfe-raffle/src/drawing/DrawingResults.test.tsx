import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DrawingResults, DrawingResultsVariant } from './DrawingResults';

const results = [
  {
    prize: { id: 1, name: 'Vélo de ville', quantity: 1, image: '/up-prizes/demo-velo.png' },
    winners: [{ civility: null, firstname: 'Léa', lastname: 'Bernard', number: 777 }],
  },
  {
    prize: { id: 2, name: 'Peluche géante', quantity: 2, image: null },
    winners: [
      { civility: null, firstname: 'Hugo', lastname: 'Petit', number: 42 },
      { civility: null, firstname: 'Camille', lastname: 'Durand', number: 7 },
    ],
  },
];

describe('drawing results', () => {
  it('shows the spec empty text before the drawing, in both layouts', () => {
    const { unmount } = render(<DrawingResults results={[]} />);
    expect(screen.getByText("Le tirage au sort n'a pas encore été effectué.")).toBeTruthy();
    unmount();
    render(<DrawingResultsVariant results={[]} />);
    expect(screen.getByText("Le tirage au sort n'a pas encore été effectué.")).toBeTruthy();
  });

  it('lists prize name, quantity, image and winners with their number', () => {
    const { container } = render(<DrawingResults results={results} />);
    expect(screen.getByRole('heading', { name: 'Vélo de ville' })).toBeTruthy();
    expect(screen.getByText('Quantité : 2')).toBeTruthy();
    expect(container.querySelector('img')?.getAttribute('src')).toBe('/up-prizes/demo-velo.png');
    expect(screen.getByText('n° 777').parentElement?.textContent).toBe('n° 777 Léa Bernard');
  });

  it('the variant gives first name, last name and number per winner', () => {
    render(<DrawingResultsVariant results={results} />);
    const rows = screen
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent);
    expect(rows).toEqual(['Vélo de villeLéaBernard777', 'Peluche géanteHugoPetit42', 'CamilleDurand7']);
  });
});
