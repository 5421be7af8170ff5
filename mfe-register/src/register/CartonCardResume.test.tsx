/**
 * A card payment for loto cartons resumed after a page reload still sends the night and
 * the cartons typed — the server refuses a carton line without them, and the card is charged.
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, type GatewayCall } from '@kermesse/ui-kit/testing';
import { CheckoutRegister } from '../entry/CheckoutRegister';
import { CHECKOUT_ID, EVENT_ID, checkoutAnswer, lastBody, registerGateway } from '../testing/registerGateway';
import type { SaleBody } from '../sale/buildSale';

const lotoCategory = { id: 9, name: 'Loto : Loto de la kermesse' };
const cartonProduct = (id: number, name: string, price: number, nb: number) => ({
  id,
  name,
  image: null,
  price,
  productCategory: lotoCategory,
  clickAndCollectEligible: false,
  alcoohol: false,
  kind: 'bingo',
  stockAlert: false,
  tickets: nb,
});

/** The checkout of the tests with a loto night: « 1 carton » at 3 €, « 3 cartons » at 8 €. */
function lotoCheckout() {
  const [data, config] = checkoutAnswer() as unknown as [
    Record<string, unknown> & { products: unknown[]; categories: unknown[] },
    Record<string, unknown>,
  ];
  return [
    {
      ...data,
      categories: [...data.categories, { ...lotoCategory, kind: 'bingo' }],
      products: [...data.products, cartonProduct(91, '1 carton', 3, 1), cartonProduct(92, '3 cartons', 8, 3)],
      bingos: [{ id: 1, name: 'Loto de la kermesse', cartons: 60, categoryId: 9 }],
    },
    {
      ...config,
      bingos: [
        {
          id: 9,
          bingoId: 1,
          name: lotoCategory.name,
          price: [
            { nb: 1, p: 3 },
            { nb: 3, p: 8 },
          ],
        },
      ],
    },
  ];
}

function gateway() {
  let intents = 0;
  const calls = registerGateway({
    [`GET /api/cr/checkouts/${CHECKOUT_ID}`]: () => json(lotoCheckout()),
    'POST /api/cr/payment/reader': (call: GatewayCall) => {
      intents += 1;
      return json({ id: `pay-${intents}`, amount: (call.body as { amount: number }).amount }, 201);
    },
    'POST /api/cr/payment/reader/checkout': (call: GatewayCall) =>
      json({ success: true, data: { client_transaction_id: `tx-for-${(call.body as { paymentId: string }).paymentId}` } }, 201),
    'GET /api/cr/payment/transaction/tx-for-pay-1/status': () =>
      json({ success: true, data: { status: 'SUCCESSFUL', transaction_code: 'TX8PLM4Z', amount: 8 } }),
  });
  return { calls, intents: () => intents };
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
const typeCarton = async (text: string) => {
  const field = screen.getByLabelText('Numéro du carton') as HTMLInputElement;
  await act(async () => {
    fireEvent.change(field, { target: { value: text } });
    fireEvent.submit(field.closest('form')!);
  });
};

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('a card payment for loto cartons', () => {
  it('keeps the night and the cartons typed in the saved card payment: after a reload the sale still carries them', async () => {
    const { calls, intents } = gateway();
    localStorage.setItem(
      'kermesseRegister.cardReader',
      JSON.stringify({ savedAt: Date.now(), data: { id: 'rdr_1', identifier: 'SIMSOLO-0001-4F2A' } }),
    );
    await renderRegister();
    await click(screen.getByRole('button', { name: /^3 cartons,/ }));
    await click(screen.getByRole('button', { name: 'Cartons de loto : 0 / 3' }));
    await typeCarton('12');
    await typeCarton('5');
    await typeCarton('40');
    await click(screen.getByRole('button', { name: 'Confirmer les cartons' }));
    expect(screen.getByRole('button', { name: 'Cartons de loto : 3 / 3' })).toBeTruthy();
    await click(screen.getByRole('button', { name: /^CB/ }));
    await wait(100);

    // The page is reloaded while the buyer holds the card on the reader.
    const stored = JSON.parse(localStorage.getItem(`kermesseRegister.cardPayment.${CHECKOUT_ID}`) ?? '{}').data;
    expect(stored).toMatchObject({ paymentId: 'pay-1', amountCents: 800, cartons: { bingoId: 1, cartons: [12, 5, 40] } });
    expect(calls.some((c) => c.path === '/api/cr/sale/create')).toBe(false);
    cleanup();

    await renderRegister();
    expect(screen.getByRole('alertdialog', { name: 'Paiement par carte' })).toBeTruthy();
    await wait(5000);
    expect(intents()).toBe(1);
    const sale = lastBody<{ sale: SaleBody & { bingoId?: number; cartons?: number[] } }>(calls, 'POST', '/api/cr/sale/create').sale;
    expect(sale.cart.map((line) => [line.product.name, line.quantity])).toEqual([['3 cartons', 1]]);
    expect(sale).toMatchObject({
      bingoId: 1,
      cartons: [12, 5, 40],
      paymentMode: 3,
      payments: [{ method: 'CB', payment_reference: 'TX8PLM4Z' }],
    });
    expect(screen.getByRole('heading', { name: 'Vente terminée !' })).toBeTruthy();
  });
});
