import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CashDialog } from './CashDialog';

const normalise = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

function renderDialog(totalCents = 730) {
  const onConfirm = vi.fn();
  const onCancel = vi.fn();
  render(<CashDialog totalCents={totalCents} onConfirm={onConfirm} onCancel={onCancel} />);
  const given = screen.getByLabelText('Montant donné') as HTMLInputElement;
  return { onConfirm, onCancel, given };
}

describe('CashDialog « Paiement en espèces »', () => {
  it('starts empty with Valider disabled, and focuses the amount after 100 ms', async () => {
    vi.useFakeTimers();
    const { given } = renderDialog();
    expect(screen.getByRole('dialog', { name: 'Paiement en espèces' })).toBeTruthy();
    expect(given.value).toBe('');
    expect((screen.getByRole('button', { name: 'Valider' }) as HTMLButtonElement).disabled).toBe(true);
    expect(document.activeElement).not.toBe(given);

    await act(async () => {
      vi.advanceTimersByTime(99);
    });
    expect(document.activeElement).not.toBe(given);
    await act(async () => {
      vi.advanceTimersByTime(1);
    });
    expect(document.activeElement).toBe(given);
    vi.useRealTimers();
  });

  it('offers the total and the round amounts above it as quick amounts', () => {
    const { given } = renderDialog(730);
    const quick = within(screen.getByRole('group', { name: 'Montants rapides' }))
      .getAllByRole('button')
      .map((b) => normalise(b.textContent));
    expect(quick).toEqual(['7,30 €', '10,00 €', '20,00 €', '50,00 €', '100,00 €', '200,00 €']);

    fireEvent.click(screen.getByRole('button', { name: /^20,00/ }));
    expect(given.value).toBe('20,00');
  });

  it('shows the change due and its breakdown in notes and coins from 1 €', () => {
    const { given } = renderDialog(730);
    fireEvent.change(given, { target: { value: '20' } });
    expect(normalise(screen.getByTestId('change-due').textContent)).toBe('12,70 €');
    const pieces = within(screen.getByRole('list', { name: 'Rendu conseillé' }))
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(pieces).toEqual(['1 × billet de 10 €', '1 × pièce de 2 €', '1 × pièce de 50 centimes', '1 × pièce de 20 centimes']);

    fireEvent.change(given, { target: { value: '7.8' } });
    expect(normalise(screen.getByTestId('change-due').textContent)).toBe('0,50 €');
    expect(screen.queryByRole('list', { name: 'Rendu conseillé' })).toBeNull();
  });

  it('says the amount is not enough and keeps Valider disabled', () => {
    const { given, onConfirm } = renderDialog(730);
    fireEvent.change(given, { target: { value: '5' } });
    expect(normalise(screen.getByRole('alert').textContent)).toBe('Montant insuffisant. Vous devez fournir au moins 7,30 €.');
    expect((screen.getByRole('button', { name: 'Valider' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.submit(given.closest('form') as HTMLFormElement);
    expect(onConfirm).not.toHaveBeenCalled();
    expect(normalise(screen.getByTestId('change-due').textContent)).toBe('0,00 €');
  });

  it('reads the decimal comma: « 30,50 » is 30,50 €, never 3 050 €', () => {
    const { given, onConfirm } = renderDialog(2600);
    fireEvent.change(given, { target: { value: '30,50' } });
    expect(normalise(screen.getByTestId('change-due').textContent)).toBe('4,50 €');
    fireEvent.submit(given.closest('form') as HTMLFormElement);
    expect(onConfirm).toHaveBeenCalledWith(3050, 450);
  });

  it('refuses an amount it cannot read instead of guessing, with Valider disabled', () => {
    const { given, onConfirm } = renderDialog(2600);
    for (const text of ['30,5,0', '3O,50', '30,505']) {
      fireEvent.change(given, { target: { value: text } });
      expect(screen.getByRole('alert').textContent).toBe('Montant illisible : saisissez par exemple 30,50.');
      expect((screen.getByRole('button', { name: 'Valider' }) as HTMLButtonElement).disabled).toBe(true);
      expect(normalise(screen.getByTestId('change-due').textContent)).toBe('0,00 €');
      fireEvent.submit(given.closest('form') as HTMLFormElement);
    }
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('confirms with Enter, passing the amount given and the change', () => {
    const { given, onConfirm } = renderDialog(730);
    fireEvent.change(given, { target: { value: '10' } });
    fireEvent.submit(given.closest('form') as HTMLFormElement);
    expect(onConfirm).toHaveBeenCalledWith(1000, 270);
  });

  it('cancels with Escape', () => {
    const { onCancel } = renderDialog();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onCancel).toHaveBeenCalledTimes(1);
  });
});
