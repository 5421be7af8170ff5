import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { TillBar, OPEN_FIRST_MESSAGE } from './TillBar';
import { REASON_REQUIRED } from './CloseTillDialog';
import type { Closing, SessionDetail, SessionState, TillApi } from './tillApi';

const normalise = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

const session = {
  id: 7, checkoutId: 3, eventId: 1, float: { cash: 50 }, automatic: false, openedBy: 'u', openedAt: '2026-06-20T12:00:00.000Z', closedAt: null,
  expected: { cash: 63, cheque: 10, card: 0 }, salesCount: 4,
};
const detail: SessionDetail = {
  session,
  cheques: [{ paymentId: 11, number: '1234567', amount: 10, saleReference: 'AB12C-DE34F', at: '2026-06-20T12:30:00.000Z' }],
  card: { paymentsTotal: 0, readerTotal: 4.5, readerCount: 1, mismatches: [{ kind: 'reader_without_sale', code: 'TX1', amount: 4.5, saleReference: null, message: 'Transaction du lecteur TX1 de 4,50 € réussie sans vente enregistrée.' }] },
};
const closing: Closing = {
  sessionId: 7, closedAt: '2026-06-20T18:00:00.000Z', expected: { cash: 63, cheque: 10, card: 0 }, counted: { cash: 61, cheque: 10, card: 0 },
  difference: { cash: -2, cheque: 0, card: 0 }, reason: 'Espèces : Erreur de rendu', grandTotal: 23, journal: { seq: 42, hash: 'ab'.repeat(32) },
  reportUrl: '/api/cr/session/7/report', chequesUrl: '/api/cr/session/7/cheques',
};

function fakeApi(): TillApi & { [K in keyof TillApi]: ReturnType<typeof vi.fn> } {
  let state: SessionState = { open: false, session: null };
  return {
    session: vi.fn(async () => state),
    open: vi.fn(async (_checkoutId: number, floatCents: number) => {
      state = { open: true, session: { ...session, float: { cash: floatCents / 100 }, expected: { cash: floatCents / 100, cheque: 0, card: 0 }, salesCount: 0 } };
      return state;
    }),
    detail: vi.fn(async () => detail),
    close: vi.fn(async () => {
      state = { open: false, session: null };
      return closing;
    }),
    report: vi.fn(async () => '<h1>Rapport de clôture</h1>'),
    chequeSlip: vi.fn(async () => '<h1>Bordereau de remise de chèques</h1>'),
  } as never;
}

describe('the till bar of the register', () => {
  it('asks to open first, opens with the calculator, closes by counting with a reason for each gap', async () => {
    const api = fakeApi();
    await act(async () => {
      render(<TillBar checkoutId={3} api={api} />);
    });
    expect(screen.getByText(OPEN_FIRST_MESSAGE)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Ouvrir la caisse' }));
    const open = screen.getByRole('dialog', { name: 'Ouvrir la caisse' });
    fireEvent.change(within(open).getByLabelText('Nombre de billets de 20 €'), { target: { value: '2' } });
    fireEvent.change(within(open).getByLabelText('Nombre de billets de 10 €'), { target: { value: '1' } });
    expect((within(open).getByLabelText('Fond de caisse (espèces)') as HTMLInputElement).value).toBe('50,00');
    fireEvent.change(within(open).getByLabelText('Fond de caisse (espèces)'), { target: { value: '30,50' } });
    await act(async () => {
      fireEvent.click(within(open).getByRole('button', { name: 'Ouvrir la session' }));
    });
    expect(api.open).toHaveBeenCalledWith(3, 3050);
    expect(normalise(screen.getByTestId('till-bar').textContent)).toContain('Session n° 7 ouverte');

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Clôturer la caisse' }));
    });
    const close = screen.getByRole('dialog', { name: 'Clôturer la caisse — session n° 7' });
    expect(normalise(close.textContent)).toContain('Transaction du lecteur TX1 de 4,50 € réussie sans vente enregistrée.');
    expect((within(close).getByLabelText('Total CB relevé sur le lecteur') as HTMLInputElement).value).toBe('4,50');
    fireEvent.change(within(close).getByLabelText('Total CB relevé sur le lecteur'), { target: { value: '0' } });
    fireEvent.change(within(close).getByLabelText('Nombre de billets de 50 €'), { target: { value: '1' } });
    fireEvent.change(within(close).getByLabelText('Nombre de billets de 10 €'), { target: { value: '1' } });
    fireEvent.change(within(close).getByLabelText('Nombre de pièces de 1 €'), { target: { value: '1' } });
    expect((within(close).getByLabelText('Total des espèces comptées') as HTMLInputElement).value).toBe('61,00');
    expect(within(close).getByLabelText(/Raison de l'écart — Chèques/)).toBeTruthy();
    fireEvent.click(within(close).getByRole('checkbox', { name: /Chèque n° 1234567/ }));
    expect(within(close).queryByLabelText(/Raison de l'écart — Chèques/)).toBeNull();
    await act(async () => {
      fireEvent.click(within(close).getByRole('button', { name: 'Clôturer la session' }));
    });
    expect(screen.getByText(REASON_REQUIRED)).toBeTruthy();
    expect(api.close).not.toHaveBeenCalled();
    fireEvent.change(within(close).getByLabelText(/Raison de l'écart — Espèces \(-2,00 €\)/), { target: { value: 'Erreur de rendu' } });
    await act(async () => {
      fireEvent.click(within(close).getByRole('button', { name: 'Clôturer la session' }));
    });
    expect(api.close).toHaveBeenCalledWith(3, { cashCents: 6100, chequeCents: 1000, cardCents: 0 }, 'Espèces : Erreur de rendu');
    const done = screen.getByRole('dialog', { name: 'Caisse clôturée' });
    expect(normalise(within(done).getAllByRole('row')[1]!.textContent)).toBe('Espèces63,00 €61,00 €-2,00 €');
    expect(within(done).getByTitle('Rapport de clôture')).toBeTruthy();
    expect(normalise(screen.getByTestId('till-bar').textContent)).toContain(OPEN_FIRST_MESSAGE);
  });
});
