import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, type GatewayCall } from '@kermesse/ui-kit/testing';
import { CheckoutRegister } from '../entry/CheckoutRegister';
import { CHECKOUT_ID, EVENT_ID, lastBody, registerGateway, saleAnswer } from '../testing/registerGateway';
import type { SaleBody } from '../sale/buildSale';

const readers = {
  success: true,
  data: { items: [{ id: 'rdr_1', name: 'Solo buvette', status: 'paired', device: { identifier: 'SIMSOLO-0001-4F2A' } }] },
};

/** A provider whose transaction answers `statuses` in turn (the last one repeats). */
function cardGateway(statuses: string[], overrides = {}) {
  let polls = 0;
  let intents = 0;
  const calls = registerGateway({
    'GET /api/cr/payment/reader': () => json(readers),
    'POST /api/cr/payment/reader': (call: GatewayCall) => {
      intents += 1;
      return json({ id: `pay-${intents}`, amount: (call.body as { amount: number }).amount }, 201);
    },
    'POST /api/cr/payment/reader/checkout': (call: GatewayCall) =>
      json({ success: true, data: { client_transaction_id: `tx-for-${(call.body as { paymentId: string }).paymentId}` } }, 201),
    'GET /api/cr/payment/transaction/tx-for-pay-1/status': () => {
      const status = statuses[Math.min(polls, statuses.length - 1)];
      polls += 1;
      return json({ success: true, data: { status, transaction_code: status === 'SUCCESSFUL' ? 'TX8PLM4Z' : null, amount: 1 } });
    },
    ...overrides,
  });
  return { calls, polls: () => polls, intents: () => intents };
}

async function renderRegister() {
  await act(async () => {
    render(<CheckoutRegister checkoutId={CHECKOUT_ID} eventId={EVENT_ID} submittedToken="t" clickAndCollect={false} />);
  });
  await act(async () => {
    await vi.advanceTimersByTimeAsync(0);
  });
}

const click = async (element: HTMLElement) => {
  await act(async () => {
    fireEvent.click(element);
    await vi.advanceTimersByTimeAsync(0);
  });
};
const wait = async (ms: number) => {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
};

async function payCoffeeByCard() {
  await click(screen.getByRole('button', { name: /^Café,/ }));
  await click(screen.getByRole('button', { name: /^CB/ }));
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('card payment through the reader', () => {
  it('asks for a reader once, waits 5 s, polls every 3 s and creates the sale with the transaction code', async () => {
    const { calls, polls } = cardGateway(['PENDING', 'SUCCESSFUL']);
    await renderRegister();
    await payCoffeeByCard();
    await click(screen.getByRole('button', { name: '4F2A' }));

    expect(screen.getByRole('alertdialog', { name: 'Paiement par carte' })).toBeTruthy();
    expect(lastBody(calls, 'POST', '/api/cr/payment/reader/checkout')).toEqual({
      rdr: 'rdr_1',
      amount: 1,
      description: 'Kermesse — Caisse Tombola',
      paymentId: 'pay-1',
    });
    await wait(4999);
    expect(polls()).toBe(0);
    await wait(1);
    expect(polls()).toBe(1);
    expect(screen.getByText('Vérification du paiement (tentative 1 sur 10)…')).toBeTruthy();
    await wait(3000);
    expect(polls()).toBe(2);

    expect(lastBody<{ sale: SaleBody }>(calls, 'POST', '/api/cr/sale/create').sale).toMatchObject({
      paymentMode: 3,
      paymentStatus: 1,
      payments: [{ method: 'CB', amount: 1, payment_reference: 'TX8PLM4Z' }],
    });
    expect(screen.getByRole('heading', { name: 'Vente terminée !' })).toBeTruthy();
    expect(localStorage.getItem(`kermesseRegister.cardPayment.${CHECKOUT_ID}`)).toBeNull();

    // The reader is remembered: the next card payment goes straight to it.
    await click(screen.getByRole('button', { name: 'Nouvelle vente' }));
    await payCoffeeByCard();
    expect(screen.queryByRole('dialog', { name: 'Choix du lecteur' })).toBeNull();
    expect(screen.getByRole('alertdialog', { name: 'Paiement par carte' })).toBeTruthy();
  });

  it('says « La transaction a échoué. » and starts a new charge next time', async () => {
    const { intents } = cardGateway(['FAILED']);
    await renderRegister();
    await payCoffeeByCard();
    await click(screen.getByRole('button', { name: '4F2A' }));
    await wait(5000);
    expect(screen.getByRole('alert').textContent).toBe('La transaction a échoué.');
    expect(screen.queryByRole('alertdialog')).toBeNull();

    await click(screen.getByRole('button', { name: /^CB/ }));
    expect(intents()).toBe(2);
  });

  it('gives up after 10 attempts still pending, then resumes the same transaction instead of charging again', async () => {
    const { calls, polls, intents } = cardGateway(['PENDING']);
    await renderRegister();
    await payCoffeeByCard();
    await click(screen.getByRole('button', { name: '4F2A' }));
    await wait(5000 + 9 * 3000);
    expect(polls()).toBe(10);
    expect(screen.getByRole('alert').textContent).toBe(
      'La transaction est toujours en attente après plusieurs tentatives. La transaction a échoué. Veuillez recommencer',
    );
    expect(calls.some((c) => c.path === '/api/cr/sale/create')).toBe(false);

    await click(screen.getByRole('button', { name: /^CB/ }));
    expect(intents()).toBe(1);
    expect(lastBody(calls, 'POST', '/api/cr/payment/reader/checkout')).toMatchObject({ paymentId: 'pay-1' });
  });

  it("adds the server's error to « Échec de la transaction avec le terminal CB »", async () => {
    cardGateway(['SUCCESSFUL'], {
      'POST /api/cr/payment/reader/checkout': () => json({ success: false, error: 'Le lecteur est hors ligne.' }, 502),
    });
    await renderRegister();
    await payCoffeeByCard();
    await click(screen.getByRole('button', { name: '4F2A' }));
    expect(screen.getByRole('alert').textContent).toBe('Échec de la transaction avec le terminal CB : Le lecteur est hors ligne.');
  });

  it('resumes polling the same transaction after a reload, with the cart it was for', async () => {
    const { calls, intents } = cardGateway(['SUCCESSFUL']);
    localStorage.setItem(
      'kermesseRegister.cardReader',
      JSON.stringify({ savedAt: Date.now(), data: { id: 'rdr_1', identifier: 'SIMSOLO-0001-4F2A' } }),
    );
    await renderRegister();
    await payCoffeeByCard();
    await wait(100);
    // The page is reloaded while the buyer holds the card on the reader.
    const stored = localStorage.getItem(`kermesseRegister.cardPayment.${CHECKOUT_ID}`);
    expect(JSON.parse(stored ?? '{}').data).toMatchObject({ paymentId: 'pay-1', transactionId: 'tx-for-pay-1', amountCents: 100 });
    const { cleanup } = await import('@testing-library/react');
    cleanup();

    await renderRegister();
    expect(screen.getByRole('alertdialog', { name: 'Paiement par carte' })).toBeTruthy();
    await wait(5000);
    expect(intents()).toBe(1);
    expect(lastBody<{ sale: SaleBody }>(calls, 'POST', '/api/cr/sale/create').sale.cart.map((line) => line.product.name)).toEqual(['Café']);
    expect(screen.getByRole('heading', { name: 'Vente terminée !' })).toBeTruthy();
  });

  it('needs a buyer before a card payment for raffle tickets, without contacting the reader', async () => {
    const { calls } = cardGateway(['SUCCESSFUL']);
    await renderRegister();
    await click(screen.getByRole('button', { name: /^1 ticket,/ }));
    await click(screen.getByRole('button', { name: /^CB/ }));
    expect(screen.getByRole('alert').textContent).toBe('Identifier/Créer une personne pour ce panier');
    expect(calls.some((c) => c.path.startsWith('/api/cr/payment'))).toBe(false);
  });
});

describe('order detail', () => {
  it('links to the receipt page {host}/s/{reference} and prints the order', async () => {
    registerGateway({
      'POST /api/cr/sale/create': () => json(saleAnswer(), 201),
      'GET /api/cr/order/K7M2Q-9XR4T/print': () =>
        new Response('<html><body>Commande</body></html>', { headers: { 'Content-Type': 'text/html' } }),
    });
    const printed: string[] = [];
    const fakeWindow = {
      document: { open: () => undefined, write: (html: string) => printed.push(html), close: () => undefined, readyState: 'complete' },
      focus: () => undefined,
      print: () => printed.push('print'),
      close: () => undefined,
      addEventListener: () => undefined,
    };
    vi.spyOn(window, 'open').mockReturnValue(fakeWindow as unknown as Window);
    await renderRegister();
    await click(screen.getByRole('button', { name: /^Café,/ }));
    await click(screen.getByRole('button', { name: /^Chèque/ }));
    fireEvent.change(screen.getByLabelText('Numéro du chèque'), { target: { value: '12' } });
    await click(screen.getByRole('button', { name: 'Valider' }));

    await click(screen.getByRole('button', { name: 'Imprimer le reçu' }));
    expect(printed).toEqual(['<html><body>Reçu</body></html>', 'print']);

    await click(screen.getByRole('button', { name: 'Détail de la commande' }));
    const link = screen.getByRole('link', { name: `${window.location.origin}/s/K7M2Q-9XR4T` });
    expect(link.getAttribute('href')).toBe(`${window.location.origin}/s/K7M2Q-9XR4T`);
    expect(screen.getByRole('button', { name: 'Envoyer reçu' })).toBeTruthy();
    await click(screen.getByRole('button', { name: 'Imprimer' }));
    expect(printed.slice(2)).toEqual(['<html><body>Commande</body></html>', 'print']);

    await click(screen.getByRole('button', { name: 'Nouvelle commande' }));
    expect(screen.getByRole('region', { name: 'Panier' })).toBeTruthy();
  });

  it('asks to allow pop-ups when printing is blocked', async () => {
    registerGateway();
    vi.spyOn(window, 'open').mockReturnValue(null);
    await renderRegister();
    await click(screen.getByRole('button', { name: /^Café,/ }));
    await click(screen.getByRole('button', { name: /^Chèque/ }));
    fireEvent.change(screen.getByLabelText('Numéro du chèque'), { target: { value: '12' } });
    await click(screen.getByRole('button', { name: 'Valider' }));
    await click(screen.getByRole('button', { name: 'Imprimer le reçu' }));
    expect(screen.getByRole('alert').textContent).toBe('Veuillez autoriser les pop-ups pour pouvoir imprimer.');
  });
});
