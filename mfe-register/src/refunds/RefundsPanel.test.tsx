/** The order detail's refunds and the back office's « Responsables de caisse ». */
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { fakeGateway, json } from '@kermesse/ui-kit/testing';
import type { SaleRefunds } from '@kermesse/contracts-register';
import { TillManagersSection } from '../admin/TillManagersSection';
import { RefundsPanel } from './RefundsPanel';
import { cleanReference, RefundSearchPage } from './RefundSearchPage';
import { refundsApiFor, tillManagersApiFor } from './refundsApi';

const REFERENCE = 'K7M2Q-9XR4T';
const VIEW_PATH = `/api/cr/sale/${REFERENCE}/refunds`;
const REFUND_PATH = `/api/cr/sale/${REFERENCE}/refund`;

const view = (overrides: Partial<SaleRefunds> = {}): SaleRefunds => ({
  sale: {
    id: 1,
    reference: REFERENCE,
    total: 4,
    paymentMode: 2,
    refundable: true,
    createdAt: '2026-05-16T10:00:00.000Z',
    tickets: [],
    bets: [],
  },
  lines: [
    { productId: 10, name: 'Crêpe au sucre', categoryName: 'Desserts', kind: 'product', unitPrice: 1, sold: 3, refunded: 0, remaining: 3 },
    { productId: 11, name: 'Café', categoryName: 'Boissons', kind: 'product', unitPrice: 1, sold: 1, refunded: 0, remaining: 1 },
  ],
  refundedTotal: 0,
  refunds: [],
  canRefund: true,
  ...overrides,
});

const click = async (element: HTMLElement) => {
  await act(async () => {
    fireEvent.click(element);
  });
};

describe('RefundsPanel', () => {
  it('refunds a line with a reason and a mode, then lists the refund', async () => {
    let current = view();
    const calls = fakeGateway({
      [`GET ${VIEW_PATH}`]: () => json(current),
      [`POST ${REFUND_PATH}`]: () => {
        const refund = {
          id: 'r1',
          reference: REFERENCE,
          amount: 2,
          paymentMode: 1 as const,
          reason: 'Crêpes brûlées',
          tickets: [],
          bets: [],
          sessionId: 1,
          createdBy: 'u1',
          createdAt: '2026-05-16T11:00:00.000Z',
          lines: [
            { productId: 10, name: 'Crêpe au sucre', categoryName: 'Desserts', kind: 'product', quantity: 2, unitPrice: 1, total: 2 },
          ],
        };
        current = view({
          refunds: [refund],
          refundedTotal: 2,
          lines: [{ ...view().lines[0]!, refunded: 2, remaining: 1 }, view().lines[1]!],
        });
        return json({ success: true, refund }, 201);
      },
    });
    await act(async () => {
      render(<RefundsPanel reference={REFERENCE} api={refundsApiFor(() => 't')} />);
    });
    expect(screen.getByText('Aucun remboursement pour cette commande.')).toBeTruthy();
    await click(screen.getByRole('button', { name: 'Rembourser' }));
    const dialog = screen.getByRole('dialog', { name: `Rembourser la commande ${REFERENCE}` });

    // Nothing chosen, then more than what remains, then no reason: said in French, nothing sent.
    await click(within(dialog).getByRole('button', { name: 'Rembourser' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Choisissez au moins un article à rembourser.');
    fireEvent.change(within(dialog).getByLabelText('Quantité à rembourser — Crêpe au sucre'), { target: { value: '4' } });
    await click(within(dialog).getByRole('button', { name: /^Rembourser 4,00\s€$/ }));
    expect(within(dialog).getByRole('alert').textContent).toBe(
      'Vous ne pouvez pas rembourser plus que ce qui a été vendu : il reste 3 « Crêpe au sucre » remboursables.',
    );
    fireEvent.change(within(dialog).getByLabelText('Quantité à rembourser — Crêpe au sucre'), { target: { value: '2' } });
    await click(within(dialog).getByRole('button', { name: /^Rembourser 2,00\s€$/ }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Indiquez le motif du remboursement.');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('Motif'), { target: { value: 'Crêpes brûlées' } });
    await click(within(dialog).getByLabelText('Chèque'));
    await click(within(dialog).getByRole('button', { name: /^Rembourser 2,00\s€$/ }));
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.body).toEqual({ lines: [{ productId: 10, quantity: 2 }], reason: 'Crêpes brûlées', payment_mode: 1 });
    expect(post.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(post.authorization).toBe('Bearer t');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('status').textContent?.replace(/\s/g, ' ')).toBe('Remboursement de 2,00 € enregistré.');
    expect(screen.getByText(/Crêpe au sucre/).textContent).toContain('2 × Crêpe au sucre');
  });

  it('shows the server refusal; a cashier without the right sees the lines and who may refund', async () => {
    fakeGateway({
      [`GET ${VIEW_PATH}`]: () => json(view()),
      [`POST ${REFUND_PATH}`]: () => json({ error: 'Seul un administrateur ou un responsable de caisse peut rembourser une vente.' }, 403),
    });
    const { unmount } = await act(async () => render(<RefundsPanel reference={REFERENCE} api={refundsApiFor(() => 't')} />));
    await click(screen.getByRole('button', { name: 'Rembourser' }));
    const dialog = screen.getByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Quantité à rembourser — Café'), { target: { value: '1' } });
    fireEvent.change(within(dialog).getByLabelText('Motif'), { target: { value: 'Renversé' } });
    await click(within(dialog).getByRole('button', { name: /^Rembourser 1,00\s€$/ }));
    expect(within(dialog).getByRole('alert').textContent).toBe(
      'Seul un administrateur ou un responsable de caisse peut rembourser une vente.',
    );
    unmount();

    fakeGateway({ [`GET ${VIEW_PATH}`]: () => json(view({ canRefund: false })) });
    await act(async () => {
      render(<RefundsPanel reference={REFERENCE} api={refundsApiFor(() => 't')} />);
    });
    expect(screen.getByRole('heading', { name: 'Remboursements' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Rembourser' })).toBeNull();
    const lines = screen.getByRole('table', { name: 'Articles de la commande' });
    expect(
      within(lines)
        .getAllByRole('row')
        .map((row) => row.textContent?.replace(/\s/g, ' ')),
    ).toEqual(['ArticleVenduRemboursé', 'Crêpe au sucre (1,00 €)30', 'Café (1,00 €)10']);
    expect(screen.getByText(/^Seul un responsable de caisse peut rembourser\./)).toBeTruthy();
  });
});

describe('TillManagersSection', () => {
  it('lists the cashiers and gives or withdraws the « responsable de caisse » right', async () => {
    let managers: string[] = [];
    const calls = fakeGateway({
      'GET /api/admin/users': () =>
        json({
          users: [
            {
              id: 'u-cash',
              email: 'caissier@kermesse.local',
              firstname: 'Camille',
              lastname: 'Martin',
              roles: ['cashier'],
              disabled: false,
            },
            {
              id: 'u-admin',
              email: 'admin@kermesse.local',
              firstname: 'Alex',
              lastname: 'Admin',
              roles: ['admin', 'cashier'],
              disabled: false,
            },
            {
              id: 'u-vol',
              email: 'benevole@kermesse.local',
              firstname: 'Béa',
              lastname: 'Bénévole',
              roles: ['volunteer'],
              disabled: false,
            },
          ],
        }),
      'GET /api/admin/till-managers': () => json({ userIds: managers }),
      'PUT /api/admin/till-managers/u-cash': () => json({ userIds: (managers = ['u-cash']) }),
      'DELETE /api/admin/till-managers/u-cash': () => json({ userIds: (managers = []) }),
    });
    await act(async () => {
      render(<TillManagersSection api={tillManagersApiFor(() => 'admin-token')} />);
    });
    const list = screen.getByRole('list', { name: 'Caissiers' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    await click(screen.getByRole('button', { name: 'Nommer responsable de caisse : Camille Martin' }));
    expect(screen.getByText(/— responsable de caisse/)).toBeTruthy();
    await click(screen.getByRole('button', { name: 'Retirer le droit de rembourser à Camille Martin' }));
    expect(screen.queryByText(/— responsable de caisse/)).toBeNull();
    expect(calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.path}`)).toEqual([
      'PUT /api/admin/till-managers/u-cash',
      'DELETE /api/admin/till-managers/u-cash',
    ]);
    expect(calls[0]!.authorization).toBe('Bearer admin-token');
  });
});

describe('RefundSearchPage', () => {
  it('finds a sale by the reference typed in any form and shows its refunds panel', async () => {
    fakeGateway({ [`GET ${VIEW_PATH}`]: () => json(view()) });
    await act(async () => {
      render(
        <MemoryRouter>
          <RefundSearchPage api={refundsApiFor(() => 't')} />
        </MemoryRouter>,
      );
    });
    fireEvent.change(screen.getByLabelText('Référence de la vente'), { target: { value: 'abc' } });
    await click(screen.getByRole('button', { name: 'Rechercher' }));
    expect(screen.getByRole('alert').textContent).toContain('Référence invalide');
    fireEvent.change(screen.getByLabelText('Référence de la vente'), { target: { value: 'k7m2q9xr4t' } });
    await click(screen.getByRole('button', { name: 'Rechercher' }));
    expect(screen.getByRole('heading', { name: `Commande ${REFERENCE}` })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Rembourser' })).toBeTruthy();
    expect(cleanReference('K7M2Q-9XR4T')).toBe(REFERENCE);
    expect(cleanReference('K7M2Q-9XR4')).toBeNull();
  });
});

describe('RefundsPanel and loto cartons', () => {
  it('lists the cartons a refund voided', async () => {
    const refund = {
      id: 'r2',
      reference: REFERENCE,
      amount: 3,
      paymentMode: 2 as const,
      reason: 'Carton en trop',
      tickets: [],
      bets: [],
      cartons: [12, 40],
      sessionId: 1,
      createdBy: 'u1',
      createdAt: '2026-05-16T11:00:00.000Z',
      lines: [
        {
          productId: 91,
          name: '1 carton',
          categoryName: 'Loto : Loto de la kermesse',
          kind: 'bingo',
          quantity: 2,
          unitPrice: 1.5,
          total: 3,
        },
      ],
    };
    fakeGateway({ [`GET ${VIEW_PATH}`]: () => json(view({ refunds: [refund], refundedTotal: 3 })) });
    await act(async () => {
      render(<RefundsPanel reference={REFERENCE} api={refundsApiFor(() => 't')} />);
    });
    expect(screen.getByText(/Cartons de loto annulés/).textContent).toBe(' · Cartons de loto annulés : n° 12, n° 40');
  });
});
