import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '@kermesse/ui-kit/testing';
import { CheckoutRegister } from '../entry/CheckoutRegister';
import { checkoutAnswer, CHECKOUT_ID, EVENT_ID, registerGateway } from '../testing/registerGateway';

/** The back office: the catalogue version moves with every change, the checkout lists a new product. */
function backOffice() {
  const state = { version: 1_700_000_000_000, added: false };
  const calls = registerGateway({
    'GET /api/cr/settings': () => json({ success: true, data: { currency: 'EUR', catalogVersion: state.version } }),
    [`GET /api/cr/checkouts/${CHECKOUT_ID}`]: () => {
      const answer = checkoutAnswer();
      if (state.added) {
        answer[0]!.products!.push({
          id: 99,
          name: 'Gaufre',
          image: null,
          price: 2,
          productCategory: { id: 4, name: 'Desserts' },
          clickAndCollectEligible: false,
          alcoohol: false,
          kind: 'product',
          stockAlert: false,
        } as never);
      }
      return json(answer);
    },
  });
  return {
    calls,
    addProduct() {
      state.added = true;
      state.version += 1;
    },
  };
}

async function renderRegister() {
  await act(async () => {
    render(<CheckoutRegister checkoutId={CHECKOUT_ID} eventId={EVENT_ID} submittedToken="jeton-caissier" clickAndCollect={false} />);
  });
  await screen.findByRole('tab', { name: 'Toutes les catégories' });
}

const gaufre = () => screen.queryByRole('button', { name: /^Gaufre,/ });

describe('changes reach the registers', () => {
  it('shows a product added in the back office when the catalogue version moves, without reloading the page', async () => {
    const office = backOffice();
    await renderRegister();
    expect(gaufre()).toBeNull();

    // The register comes back to the front: the version has not moved, the catalogue is not asked again.
    await act(async () => {
      fireEvent.focus(window);
    });
    const checkoutLoads = () => office.calls.filter((c) => c.path === `/api/cr/checkouts/${CHECKOUT_ID}`).length;
    expect(checkoutLoads()).toBe(1);

    office.addProduct();
    await act(async () => {
      fireEvent.focus(window);
    });
    expect(await screen.findByRole('button', { name: /^Gaufre,/ })).toBeTruthy();
    expect(checkoutLoads()).toBe(2);
    // Asked past the browser's copy (the answers are cacheable 600 s).
    const settingsCalls = office.calls.filter((c) => c.path === '/api/cr/settings');
    expect(settingsCalls.at(-1)?.headers['cache-control']).toBe('no-cache');
    expect(office.calls.filter((c) => c.path === `/api/cr/checkouts/${CHECKOUT_ID}`).at(-1)?.headers['cache-control']).toBe('no-cache');
    expect(screen.getByText(/^Catalogue mis à jour à \d\d:\d\d\.$/)).toBeTruthy();
  });

  it('offers « Recharger le catalogue », which loads it from the server at once', async () => {
    const office = backOffice();
    await renderRegister();
    office.addProduct();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Recharger le catalogue' }));
    });
    expect(await screen.findByRole('button', { name: /^Gaufre,/ })).toBeTruthy();
  });
});
