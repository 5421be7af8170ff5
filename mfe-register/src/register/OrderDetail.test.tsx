/** « Envoyer reçu » on the order detail (docs/spec.md §2): the receipt goes by SMS or e-mail after the sale. */
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeGateway, json, type GatewayCall } from '@kermesse/ui-kit/testing';
import { CheckoutApiProvider } from '../api/CheckoutApiContext';
import { checkoutApiFor } from '../api/checkoutApi';
import { drink, line, sandwich } from '../cart/testFactories';
import { OrderDetail } from './SaleScreens';

const REFERENCE = 'K7M2Q-9XR4T';
const RECEIPT_PATH = `/api/cr/order/${REFERENCE}/receipt`;

async function renderDetail(answer: (call: GatewayCall) => Response, buyer = { phone: '0612345678', email: 'camille.martin@example.org' }) {
  const calls = fakeGateway({ [`POST ${RECEIPT_PATH}`]: answer });
  await act(async () => {
    render(
      <CheckoutApiProvider api={checkoutApiFor('t')}>
        <OrderDetail
          reference={REFERENCE}
          lines={[line(sandwich()), line(drink(), 2)]}
          totalCents={650}
          buyer={buyer}
          onNewOrder={vi.fn()}
          onBack={vi.fn()}
        />
      </CheckoutApiProvider>,
    );
  });
  return calls;
}

const click = async (element: HTMLElement) => {
  await act(async () => {
    fireEvent.click(element);
  });
};
const dialog = (name: string) => screen.getByRole('dialog', { name });
const receiptCalls = (calls: GatewayCall[]) => calls.filter((c) => c.path === RECEIPT_PATH);

describe('order detail « Envoyer reçu »', () => {
  it('sends the receipt by SMS after checking the number, and says « Commande envoyée par SMS »', async () => {
    const calls = await renderDetail(() => json({ success: true, deliveryMethod: 'sms' }, 202));
    // The /s/{reference} link stays visible.
    expect(screen.getByRole('link', { name: `${window.location.origin}/s/${REFERENCE}` })).toBeTruthy();

    await click(screen.getByRole('button', { name: 'Envoyer reçu' }));
    await click(within(dialog('Envoyer le reçu')).getByRole('button', { name: 'Par SMS' }));
    const sms = dialog('Reçu par SMS');
    const phone = within(sms).getByLabelText('Numéro de téléphone') as HTMLInputElement;
    expect(phone.value).toBe('0612345678');
    expect(within(sms).getByRole('button', { name: 'Annuler' })).toBeTruthy();

    fireEvent.change(phone, { target: { value: '06 12 34' } });
    await click(within(sms).getByRole('button', { name: 'Valider' }));
    expect(within(sms).getByRole('alert').textContent).toBe('Merci de saisir un numéro de téléphone valide (10 chiffres).');
    expect(receiptCalls(calls)).toHaveLength(0);

    fireEvent.change(phone, { target: { value: ' 0611223344 ' } });
    await click(within(sms).getByRole('button', { name: 'Valider' }));
    const [call] = receiptCalls(calls);
    expect(call?.body).toEqual({ method: 'sms', to: '0611223344' });
    expect(call?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(call?.authorization).toBe('Bearer t');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('Commande envoyée par SMS');
  });

  it('sends the receipt by e-mail and says « Commande envoyée par Mail »; a second request is a new one', async () => {
    const calls = await renderDetail(() => json({ success: true, deliveryMethod: 'email' }, 202));
    for (let i = 0; i < 2; i++) {
      await click(screen.getByRole('button', { name: 'Envoyer reçu' }));
      await click(within(dialog('Envoyer le reçu')).getByRole('button', { name: 'Par e-mail' }));
      const mail = dialog('Reçu par e-mail');
      expect((within(mail).getByLabelText('Adresse e-mail') as HTMLInputElement).value).toBe('camille.martin@example.org');
      await click(within(mail).getByRole('button', { name: 'Valider' }));
      expect(screen.getByRole('status').textContent).toBe('Commande envoyée par Mail');
    }
    const sent = receiptCalls(calls);
    expect(sent.map((c) => c.body)).toEqual([
      { method: 'email', to: 'camille.martin@example.org' },
      { method: 'email', to: 'camille.martin@example.org' },
    ]);
    expect(sent[0]?.headers['idempotency-key']).not.toBe(sent[1]?.headers['idempotency-key']);
  });

  it("shows the server's French refusal in the modal and retries the same request with the same key", async () => {
    let fail = true;
    const calls = await renderDetail(() =>
      fail ? json({ error: 'Vente introuvable.' }, 404) : json({ success: true, deliveryMethod: 'sms' }, 202),
    );
    await click(screen.getByRole('button', { name: 'Envoyer reçu' }));
    await click(within(dialog('Envoyer le reçu')).getByRole('button', { name: 'Par SMS' }));
    await click(within(dialog('Reçu par SMS')).getByRole('button', { name: 'Valider' }));
    expect(within(dialog('Reçu par SMS')).getByRole('alert').textContent).toBe('Vente introuvable.');
    expect(screen.queryByRole('status')).toBeNull();
    // Editing the number hides the refusal; the same number sent again is the same request.
    const phone = within(dialog('Reçu par SMS')).getByLabelText('Numéro de téléphone');
    fireEvent.change(phone, { target: { value: '061234567' } });
    expect(within(dialog('Reçu par SMS')).queryByRole('alert')).toBeNull();
    fireEvent.change(phone, { target: { value: '0612345678' } });

    fail = false;
    await click(within(dialog('Reçu par SMS')).getByRole('button', { name: 'Valider' }));
    const [first, retry] = receiptCalls(calls);
    expect(retry?.headers['idempotency-key']).toBe(first?.headers['idempotency-key']);
    expect(screen.getByRole('status').textContent).toBe('Commande envoyée par SMS');
  });

  it('« Annuler » closes the modal and sends nothing', async () => {
    const calls = await renderDetail(() => json({ success: true, deliveryMethod: 'sms' }, 202));
    await click(screen.getByRole('button', { name: 'Envoyer reçu' }));
    await click(within(dialog('Envoyer le reçu')).getByRole('button', { name: 'Par SMS' }));
    await click(within(dialog('Reçu par SMS')).getByRole('button', { name: 'Annuler' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(receiptCalls(calls)).toHaveLength(0);
  });
});
