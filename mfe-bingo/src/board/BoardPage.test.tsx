import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeGateway, json } from '@kermesse/ui-kit/testing';
import type { Board } from '@kermesse/contracts-bingo';
import { renderAt } from '../test/render';
import { BoardPage } from './BoardPage';

const board: Board = {
  bingoId: 1,
  name: 'Loto de la kermesse',
  lastNumber: 42,
  drawn: [7, 18, 42],
  paused: true,
  partiesCount: 4,
  version: 3,
  partie: { number: 2, kind: 'double_quine', kindLabel: 'Double quine', prizes: [{ id: 2, label: 'Panier garni', rank: 2 }] },
};

describe('the projector board', () => {
  it('shows the last number, the 90 numbers with the drawn ones lit, the partie and its prize, without signing in', async () => {
    // jsdom has no EventSource: the board falls back to reading /api/public/bingo/{id}/tableau.
    const calls = fakeGateway({ 'GET /api/public/bingo/1/tableau': () => json(board) });
    await renderAt('/loto/1/tableau', '/loto/:id/tableau', <BoardPage />, { roles: [] });
    expect((await screen.findByTestId('board-last')).textContent).toBe('42');
    expect(screen.getByTestId('board-partie').textContent).toBe('Partie 2/4 — Double quine : Panier garni');
    expect(document.querySelectorAll('.bgo-board__grid li')).toHaveLength(90);
    expect([...document.querySelectorAll('.bgo-board__grid li.is-drawn')].map((li) => li.textContent)).toEqual(['7', '18', '42']);
    expect(screen.getByText('Vérification en cours…')).toBeTruthy();
    expect(calls[0]).toMatchObject({ path: '/api/public/bingo/1/tableau', authorization: null });
  });
});
