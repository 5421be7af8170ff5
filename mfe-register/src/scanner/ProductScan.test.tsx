/**
 * A scanner at the register (docs/gate.md §5): a keyboard-wedge scanner's fast burst puts the product
 * carrying the code into the cart, typed into the search too; a person typing slowly is left alone,
 * and an unknown code says so in French without adding anything.
 */
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CheckoutRegister } from '../entry/CheckoutRegister';
import { CHECKOUT_ID, EVENT_ID, registerGateway } from '../testing/registerGateway';

async function renderRegister() {
  await act(async () => {
    render(<CheckoutRegister checkoutId={CHECKOUT_ID} eventId={EVENT_ID} submittedToken="jeton-caissier" clickAndCollect={false} />);
  });
  await screen.findByRole('tab', { name: 'Toutes les catégories' });
}

const cartNames = () =>
  within(screen.getByRole('region', { name: 'Panier' }))
    .queryAllByRole('listitem')
    .map((item) => item.querySelector('.reg-line__name')?.firstChild?.textContent);

/** Keys as a scanner (gap 5 ms) or a person (gap 150 ms) types them, outside any field. */
async function typeKeys(text: string, gapMs: number) {
  let at = 10_000;
  await act(async () => {
    for (const key of [...text, 'Enter']) {
      const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true });
      Object.defineProperty(event, 'timeStamp', { value: (at += gapMs) });
      document.body.dispatchEvent(event);
    }
  });
}

describe('a barcode scanner at the register', () => {
  it('adds the product whose EAN a keyboard-wedge scanner typed', async () => {
    registerGateway();
    await renderRegister();
    (document.activeElement as HTMLElement | null)?.blur();
    await typeKeys('3017620422003', 5);
    expect(cartNames()).toEqual(['Soda']);
    expect(screen.getByText('« Soda » ajouté au panier.')).toBeTruthy();
  });

  it('leaves slow typing alone and says when a scanned code is no product of this register', async () => {
    registerGateway();
    await renderRegister();
    (document.activeElement as HTMLElement | null)?.blur();
    await typeKeys('3017620422003', 150);
    expect(cartNames()).toEqual([]);
    await typeKeys('4006381333931', 5);
    expect(cartNames()).toEqual([]);
    expect(screen.getByText('Aucun produit de cette caisse ne porte le code-barres 4006381333931.')).toBeTruthy();
  });

  it('finds the product by its code typed into the search, Enter adding it', async () => {
    registerGateway();
    await renderRegister();
    const search = screen.getByRole('searchbox', { name: 'Rechercher un produit' });
    await act(async () => {
      search.focus();
    });
    await act(async () => {
      fireEvent.change(search, { target: { value: '3017620422003' } });
    });
    await act(async () => {
      fireEvent.keyDown(search, { key: 'Enter' });
    });
    expect(cartNames()).toEqual(['Soda']);
  });
});
