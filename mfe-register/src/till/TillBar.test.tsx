import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { TillBar, OPEN_FIRST_MESSAGE } from './TillBar';
import { REASON_REQUIRED } from './CloseTillDialog';
import type { Closing, PastSession, SessionDetail, SessionState, TillApi } from './tillApi';
import { memoryStore, queuedSalesCount, type QueuedSale } from '../sale/offlineQueue';
import { loadParts } from '../lazyPart';

// The closing dialogs are parts of their own, fetched once the register is open (as preloadParts does).
beforeAll(loadParts);

const normalise = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

const session = {
  id: 7,
  checkoutId: 3,
  eventId: 1,
  float: { cash: 50 },
  automatic: false,
  openedBy: 'u',
  openedAt: '2026-06-20T12:00:00.000Z',
  closedAt: null,
  expected: { cash: 63, cheque: 10, card: 0 },
  salesCount: 4,
};
const detail: SessionDetail = {
  session,
  cheques: [{ paymentId: 11, number: '1234567', amount: 10, saleReference: 'AB12C-DE34F', at: '2026-06-20T12:30:00.000Z' }],
  card: {
    paymentsTotal: 0,
    readerTotal: 4.5,
    readerCount: 1,
    mismatches: [
      {
        kind: 'reader_without_sale',
        code: 'TX1',
        amount: 4.5,
        saleReference: null,
        message: 'Transaction du lecteur TX1 de 4,50 € réussie sans vente enregistrée.',
      },
    ],
  },
};
const closing: Closing = {
  sessionId: 7,
  closedAt: '2026-06-20T18:00:00.000Z',
  expected: { cash: 63, cheque: 10, card: 0 },
  counted: { cash: 61, cheque: 10, card: 0 },
  difference: { cash: -2, cheque: 0, card: 0 },
  reason: 'Espèces : Erreur de rendu',
  grandTotal: 23,
  journal: { seq: 42, hash: 'ab'.repeat(32) },
  reportUrl: '/api/cr/session/7/report',
  chequesUrl: '/api/cr/session/7/cheques',
};

const past: PastSession[] = [
  {
    id: 7,
    checkoutId: 3,
    eventId: 1,
    automatic: false,
    openedBy: 'u',
    openedAt: '2026-06-20T12:00:00.000Z',
    closedBy: 'u',
    closedAt: '2026-06-20T18:00:00.000Z',
    float: { cash: 50 },
    salesCount: 4,
    grandTotal: 23,
    expected: { cash: 63, cheque: 10, card: 0 },
    counted: { cash: 61, cheque: 10, card: 0 },
    difference: { cash: -2, cheque: 0, card: 0 },
    reason: 'Espèces : Erreur de rendu',
    chequesCount: 1,
    reportUrl: '/api/cr/session/7/report',
    chequesUrl: '/api/cr/session/7/cheques',
  },
  {
    id: 5,
    checkoutId: 3,
    eventId: 1,
    automatic: true,
    openedBy: 'u',
    openedAt: '2026-06-19T09:00:00.000Z',
    closedBy: 'u',
    closedAt: '2026-06-19T17:30:00.000Z',
    float: { cash: 0 },
    salesCount: 1,
    grandTotal: 1,
    expected: { cash: 1, cheque: 0, card: 0 },
    counted: { cash: 1, cheque: 0, card: 0 },
    difference: { cash: 0, cheque: 0, card: 0 },
    reason: null,
    chequesCount: 0,
    reportUrl: '/api/cr/session/5/report',
    chequesUrl: '/api/cr/session/5/cheques',
  },
];

function fakeApi(initial: SessionState = { open: false, session: null }): TillApi & { [K in keyof TillApi]: ReturnType<typeof vi.fn> } {
  let state: SessionState = initial;
  return {
    session: vi.fn(async () => state),
    open: vi.fn(async (_checkoutId: number, floatCents: number) => {
      state = {
        open: true,
        session: { ...session, float: { cash: floatCents / 100 }, expected: { cash: floatCents / 100, cheque: 0, card: 0 }, salesCount: 0 },
      };
      return state;
    }),
    detail: vi.fn(async () => detail),
    close: vi.fn(async () => {
      state = { open: false, session: null };
      return closing;
    }),
    report: vi.fn(async () => '<h1>Rapport de clôture</h1>'),
    chequeSlip: vi.fn(async () => '<h1>Bordereau de remise de chèques</h1>'),
    pastSessions: vi.fn(async () => ({ sessions: past })),
  } as never;
}

describe('the till bar of the register', () => {
  it('asks to open first, opens with the calculator, closes by counting with a reason for each gap', async () => {
    const api = fakeApi();
    await act(async () => {
      render(<TillBar checkoutId={3} api={api} countQueued={async () => 0} />);
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
    expect(api.close).toHaveBeenCalledWith(3, { cashCents: 6100, chequeCents: 1000, cardCents: 0 }, 'Espèces : Erreur de rendu', 0);
    const done = screen.getByRole('dialog', { name: 'Caisse clôturée' });
    expect(normalise(within(done).getAllByRole('row')[1]!.textContent)).toBe('Espèces63,00 €61,00 €-2,00 €');
    expect(within(done).getByTitle('Rapport de clôture')).toBeTruthy();
    expect(normalise(screen.getByTestId('till-bar').textContent)).toContain(OPEN_FIRST_MESSAGE);
  });

  it('refuses to close while sales of this register wait in the offline queue, and closes once they are sent', async () => {
    const api = fakeApi({ open: true, session: { ...session, expected: { cash: 50, cheque: 0, card: 0 }, salesCount: 0 } });
    api.detail.mockResolvedValue({
      ...detail,
      session: { ...session, expected: { cash: 50, cheque: 0, card: 0 } },
      cheques: [],
      card: { paymentsTotal: 0, readerTotal: 0, readerCount: 0, mismatches: [] },
    });
    const queued = (key: string, checkoutId: number): QueuedSale => ({
      key,
      checkoutId,
      eventId: 1,
      body: {} as QueuedSale['body'],
      totalCents: 300,
      queuedAt: Date.now(),
      refusal: null,
    });
    const store = memoryStore([queued('a', 3), queued('b', 3), queued('c', 4)]);
    await act(async () => {
      render(<TillBar checkoutId={3} api={api} countQueued={(id) => queuedSalesCount(id, store)} />);
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Clôturer la caisse' }));
    });
    const close = screen.getByRole('dialog', { name: 'Clôturer la caisse — session n° 7' });
    fireEvent.change(within(close).getByLabelText('Total des espèces comptées'), { target: { value: '50' } });
    await waitFor(() =>
      expect(within(close).getByRole('alert').textContent).toBe("2 ventes en attente d'envoi : envoyez-les avant de clôturer la caisse."),
    );
    const button = within(close).getByRole('button', { name: 'Clôturer la session' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(button.getAttribute('aria-describedby')).toBe('till-queued');

    // One is sent: still refused, in the singular.
    await act(async () => {
      await store.delete('a');
    });
    await waitFor(
      () =>
        expect(within(close).getByRole('alert').textContent).toBe("1 vente en attente d'envoi : envoyez-la avant de clôturer la caisse."),
      { timeout: 5000 },
    );
    expect(button.disabled).toBe(true);

    // The last one sent (the other register's sale does not count): the closing goes through, saying 0 are queued.
    await act(async () => {
      await store.delete('b');
    });
    await waitFor(() => expect(within(close).queryByRole('alert')).toBeNull(), { timeout: 5000 });
    expect(button.disabled).toBe(false);
    await act(async () => {
      fireEvent.click(button);
    });
    expect(api.close).toHaveBeenCalledWith(3, { cashCents: 5000, chequeCents: 0, cardCents: 0 }, null, 0);
    expect(screen.getByRole('dialog', { name: 'Caisse clôturée' })).toBeTruthy();
  }, 20_000);

  it('lists the past closings from the till bar, each with its Z report (80 mm, A4) and cheque slip to print again', async () => {
    const api = fakeApi();
    const printed: string[] = [];
    const open = vi.spyOn(window, 'open').mockImplementation(() => {
      const doc = {
        open() {},
        write(html: string) {
          printed.push(html);
        },
        close() {},
        readyState: 'complete',
      };
      return { document: doc, focus() {}, print() {}, addEventListener() {} } as unknown as Window;
    });
    await act(async () => {
      render(<TillBar checkoutId={3} api={api} countQueued={async () => 0} />);
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Clôtures précédentes' }));
    });
    expect(api.pastSessions).toHaveBeenCalledWith(3);
    const dialog = screen.getByRole('dialog', { name: 'Clôtures précédentes' });
    const items = within(dialog).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    const first = normalise(items[0]!.textContent);
    expect(first).toContain('Session n° 7');
    expect(first).toContain('Fond de caisse 50,00 €');
    expect(first).toContain('4 ventes · total 23,00 €');
    expect(first).toContain('Compté : espèces 61,00 €, chèques 10,00 € (1), CB 0,00 €');
    expect(first).toContain('Écarts : Espèces -2,00 € — Espèces : Erreur de rendu');
    const second = normalise(items[1]!.textContent);
    expect(second).toContain('Ouverte automatiquement (fond 0 €)');
    expect(second).toContain('Écarts : aucun écart');

    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Rapport Z A4 de la session n° 5' }));
    });
    expect(api.report).toHaveBeenLastCalledWith(5, 'a4');
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Rapport Z 80 mm de la session n° 7' }));
    });
    expect(api.report).toHaveBeenLastCalledWith(7, '80mm');
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Bordereau de chèques de la session n° 7' }));
    });
    expect(api.chequeSlip).toHaveBeenCalledWith(7);
    expect(printed).toEqual(['<h1>Rapport de clôture</h1>', '<h1>Rapport de clôture</h1>', '<h1>Bordereau de remise de chèques</h1>']);
    open.mockRestore();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Fermer' }));
    expect(screen.queryByRole('dialog', { name: 'Clôtures précédentes' })).toBeNull();
  });
});

describe('the till bar after the network returns', () => {
  it('comes back by itself when the session could not be read offline', async () => {
    const api = fakeApi({ open: true, session });
    api.session.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await act(async () => {
      render(<TillBar checkoutId={3} api={api} countQueued={async () => 0} />);
    });
    expect(screen.getByTestId('till-bar').textContent).toBe('');
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(normalise(screen.getByTestId('till-bar').textContent)).toContain('Session n° 7 ouverte'));
    expect(api.session).toHaveBeenCalledTimes(2);
  });

  it('asks again every 15 s while it fails and the browser says it is online', async () => {
    vi.useFakeTimers();
    try {
      const api = fakeApi({ open: true, session });
      api.session.mockRejectedValueOnce(new TypeError('Failed to fetch')).mockRejectedValueOnce(new TypeError('Failed to fetch'));
      await act(async () => {
        render(<TillBar checkoutId={3} api={api} countQueued={async () => 0} />);
      });
      await act(async () => {
        await vi.advanceTimersByTimeAsync(15_000);
      });
      expect(screen.getByTestId('till-bar').textContent).toBe('');
      await act(async () => {
        await vi.advanceTimersByTimeAsync(15_000);
      });
      expect(normalise(screen.getByTestId('till-bar').textContent)).toContain('Session n° 7 ouverte');
      // Read: no more asking.
      await act(async () => {
        await vi.advanceTimersByTimeAsync(60_000);
      });
      expect(api.session).toHaveBeenCalledTimes(3);
    } finally {
      vi.useRealTimers();
    }
  });
});
