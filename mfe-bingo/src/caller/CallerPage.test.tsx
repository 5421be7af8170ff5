import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeGateway, json } from '@kermesse/ui-kit/testing';
import type { Board } from '@kermesse/contracts-bingo';
import { renderAt } from '../test/render';
import { CallerPage } from './CallerPage';

const board: Board = {
  bingoId: 1,
  name: 'Loto de la kermesse',
  lastNumber: 42,
  drawn: [7, 18, 42],
  paused: false,
  partiesCount: 4,
  version: 3,
  partie: { number: 1, kind: 'quine', kindLabel: 'Quine', prizes: [] },
};

const CHECK_DIGIT = 'Clé de contrôle incorrecte : vérifiez le numéro du carton.';

describe("the caller's console", () => {
  it('says a wrong check digit under the carton field, where the caller is looking, not at the top of the page', async () => {
    fakeGateway({
      'GET /admin-bingo/api/bingo/1/caller/board': () => json(board),
      'POST /admin-bingo/api/bingo/1/caller/check': () => json({ error: CHECK_DIGIT, code: 'CARTON_CHECK_DIGIT' }, 400),
    });
    await renderAt('/loto/1/animateur', '/loto/:id/animateur', <CallerPage />);
    const checkForm = await screen.findByRole('form', { name: 'Vérifier un carton' });
    const field = within(checkForm).getByLabelText('Numéro du carton');
    fireEvent.change(field, { target: { value: '42-3' } });
    await act(async () => {
      fireEvent.click(within(checkForm).getByRole('button', { name: 'Vérifier le carton' }));
    });

    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe(CHECK_DIGIT);
    // Right after the form it answers, and named by the field it is about.
    expect(checkForm.nextElementSibling).toBe(alert);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.getAttribute('aria-describedby')).toBe(alert.id);
    expect(document.querySelector('.bgo-caller__head + [aria-live] .k-banner')).toBeNull();
  });

  it('says a ball out of range under the ball field', async () => {
    fakeGateway({ 'GET /admin-bingo/api/bingo/1/caller/board': () => json(board) });
    await renderAt('/loto/1/animateur', '/loto/:id/animateur', <CallerPage />);
    const ballForm = await screen.findByRole('form', { name: 'Saisir une boule' });
    fireEvent.change(within(ballForm).getByLabelText('Boule'), { target: { value: '91' } });
    await act(async () => {
      fireEvent.click(within(ballForm).getByRole('button', { name: 'Valider la boule' }));
    });
    expect(ballForm.nextElementSibling?.textContent).toBe('Le champ « Boule » doit être un numéro de 1 à 90.');
    expect(ballForm.nextElementSibling?.getAttribute('role')).toBe('alert');
  });
});
