import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json } from '@kermesse/ui-kit/testing';
import { CheckoutApiProvider } from '../api/CheckoutApiContext';
import { checkoutApiFor } from '../api/checkoutApi';
import { EVENT_ID, lastBody, registerGateway } from '../testing/registerGateway';
import { PendingSalesList } from './PendingSales';

const normalise = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

const pending = [
  {
    id: 5,
    reference: 'AB12C-DE34F',
    price: 14,
    paid: 0,
    remaining: 14,
    buyer: { person: { id: 12, firstname: 'Camille', lastname: 'Martin' } },
    event: { id: 1, name: 'Kermesse de printemps' },
  },
  {
    id: 6,
    reference: 'GH56J-KM78N',
    price: 9.5,
    paid: 5,
    remaining: 4.5,
    buyer: { person: { id: 13, firstname: 'Nicolas', lastname: 'Bernard' } },
    event: { id: 1, name: 'Kermesse de printemps' },
  },
];

async function renderList(routes = {}) {
  const calls = registerGateway({
    [`GET /api/cr/sale/list/${EVENT_ID}/pending`]: () => json(pending),
    'GET /api/cr/sale/pending/5/payments': () => json([]),
    'GET /api/cr/sale/pending/6/payments': () => json([{ id: 1, method: 'ESP', payment_mode: 2, amount: 5, payment_reference: '5' }]),
    ...routes,
  });
  const onClose = vi.fn();
  const onChanged = vi.fn();
  await act(async () => {
    render(
      <CheckoutApiProvider api={checkoutApiFor('t')}>
        <PendingSalesList eventId={EVENT_ID} onClose={onClose} onChanged={onChanged} />
      </CheckoutApiProvider>,
    );
  });
  return { calls, onClose, onChanged };
}

describe('« Ventes en attente »', () => {
  it('lists Référence, Acheteur, Prix, Événement and Action, and closes with « Fermer »', async () => {
    const { onClose } = await renderList();
    expect(screen.getByRole('dialog', { name: 'Ventes en attente' })).toBeTruthy();
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Référence',
      'Acheteur',
      'Prix',
      'Événement',
      'Action',
    ]);
    const first = screen.getAllByRole('row')[1] as HTMLElement;
    expect(
      within(first)
        .getAllByRole('cell')
        .map((td) => normalise(td.textContent)),
    ).toEqual(['AB12C-DE34F', 'Camille Martin', '14,00 €', 'Kermesse de printemps', 'Procéder au règlement']);
    fireEvent.click(screen.getByRole('button', { name: 'Fermer' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('pages a long list 10 at a time with the one pagination component', async () => {
    const many = Array.from({ length: 23 }, (_, i) => ({
      ...pending[0]!,
      id: 100 + i,
      reference: `REF${String(i + 1).padStart(2, '0')}-AAAAA`,
    }));
    await renderList({ [`GET /api/cr/sale/list/${EVENT_ID}/pending`]: () => json(many) });
    const references = () =>
      screen
        .getAllByRole('row')
        .slice(1)
        .map((row) => within(row).getAllByRole('cell')[0]!.textContent);
    expect(references()).toHaveLength(10);
    expect(references()[0]).toBe('REF01-AAAAA');
    const nav = screen.getByRole('navigation', { name: 'Pagination des ventes en attente' });
    fireEvent.click(within(nav).getByRole('button', { name: 'Page 3' }));
    expect(references()).toEqual(['REF21-AAAAA', 'REF22-AAAAA', 'REF23-AAAAA']);
  });

  it('settles a sale with payments until nothing remains, CB disabled', async () => {
    const payments = [{ id: 1, method: 'ESP', payment_mode: 2, amount: 5, payment_reference: '5' }];
    const paid = () => payments.reduce((sum, p) => sum + p.amount, 0);
    const { calls, onChanged } = await renderList({
      'GET /api/cr/sale/pending/6/payments': () => json(payments),
      'POST /api/cr/sale/pending/6/payment': (call: { body: Array<{ price: number; payment_mode: number; reference: string }> }) => {
        const [payment] = call.body;
        if (payment)
          payments.push({
            id: payments.length + 1,
            method: payment.payment_mode === 1 ? 'CHQ' : 'ESP',
            payment_mode: payment.payment_mode,
            amount: payment.price,
            payment_reference: payment.reference,
          });
        return json({ success: true, paid: paid(), remaining: 9.5 - paid(), settled: paid() === 9.5, payments });
      },
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Procéder au règlement de GH56J-KM78N' }));
    });
    expect(normalise(screen.getByTestId('pending-remaining').textContent)).toBe('4,50 €');
    expect((screen.getByRole('radio', { name: 'CB' }) as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole('radio', { name: 'Espèces' }) as HTMLInputElement).checked).toBe(true);

    fireEvent.change(screen.getByLabelText('Montant'), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Chèque' }));
    fireEvent.change(screen.getByLabelText('Numéro du chèque'), { target: { value: '778899' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Enregistrer le paiement' }));
    });
    expect(lastBody(calls, 'POST', '/api/cr/sale/pending/6/payment')).toEqual([{ price: 2, payment_mode: 1, reference: '778899' }]);
    expect(calls.find((c) => c.path === '/api/cr/sale/pending/6/payment')?.headers['idempotency-key']).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Paiement enregistré avec succès !');
    expect(onChanged).toHaveBeenCalled();

    fireEvent.click(screen.getByRole('radio', { name: 'Espèces' }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Enregistrer le paiement' }));
    });
    expect(lastBody(calls, 'POST', '/api/cr/sale/pending/6/payment')).toEqual([{ price: 2.5, payment_mode: 2, reference: '2.50' }]);
    expect(screen.getByText('Vente réglée.')).toBeTruthy();
    expect(within(screen.getByRole('table', { name: 'Paiements déjà reçus' })).getAllByRole('row')).toHaveLength(4);
  });

  it("shows « Erreur HTTP : {status} » with the server's error", async () => {
    await renderList({
      'POST /api/cr/sale/pending/5/payment': () => json({ error: 'Le montant saisi (20,00 €) dépasse le reste à payer (14,00 €).' }, 400),
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Procéder au règlement de AB12C-DE34F' }));
    });
    fireEvent.change(screen.getByLabelText('Montant'), { target: { value: '20' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Enregistrer le paiement' }));
    });
    expect(screen.getByRole('alert').textContent).toBe(
      'Erreur HTTP : 400 — Le montant saisi (20,00 €) dépasse le reste à payer (14,00 €).',
    );
  });

  it('says « Erreur : … » when the list cannot be loaded', async () => {
    await renderList({ [`GET /api/cr/sale/list/${EVENT_ID}/pending`]: () => json({ error: 'Service indisponible.' }, 503) });
    expect(screen.getByRole('alert').textContent).toBe('Erreur : Service indisponible.');
  });
});
