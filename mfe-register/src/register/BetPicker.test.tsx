import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json } from '@kermesse/ui-kit/testing';
import { CheckoutApiProvider } from '../api/CheckoutApiContext';
import { checkoutApiFor } from '../api/checkoutApi';
import { registerGateway } from '../testing/registerGateway';
import type { Bet } from '../cart/types';
import type { GiftBasketInfo } from '../api/checkoutApi';
import { BetPicker } from './BetPicker';

const basket: GiftBasketInfo = { id: 1, name: 'Panier garni', types: [] };

async function renderPicker(maxBets = 3, { giftBasket = basket, initial = [] as Bet[] } = {}) {
  const onSubmit = vi.fn();
  const onCancel = vi.fn();
  await act(async () => {
    render(
      <CheckoutApiProvider api={checkoutApiFor('t')}>
        <BetPicker giftBasket={giftBasket} maxBets={maxBets} initial={initial} onSubmit={onSubmit} onCancel={onCancel} />
      </CheckoutApiProvider>,
    );
  });
  return { onSubmit, onCancel };
}

const fill = (row: number, typeId: string, weight: string) => {
  fireEvent.change(screen.getByLabelText(`Type du pari ${row}`), { target: { value: typeId } });
  fireEvent.change(screen.getByLabelText(`Poids du pari ${row} en grammes`), { target: { value: weight } });
};
const submit = () => screen.getByRole('button', { name: 'Soumettre' }) as HTMLButtonElement;

describe('BetPicker « Faites vos paris »', () => {
  it('has one row per bet, types from the gift basket, and shows weights as kg and three-digit grams', async () => {
    registerGateway();
    await renderPicker(3);
    expect(screen.getByRole('dialog', { name: 'Faites vos paris' })).toBeTruthy();
    expect(screen.getAllByRole('combobox')).toHaveLength(3);
    expect([...(screen.getByLabelText('Type du pari 1') as HTMLSelectElement).options].map((o) => o.textContent)).toEqual([
      'Type de pari',
      'Panier gourmand',
      'Panier bien-être',
    ]);
    expect((screen.getByLabelText('Poids du pari 1 en grammes') as HTMLInputElement).min).toBe('1');

    fill(1, '1', '2050');
    expect(screen.getByLabelText('Poids du pari 1').textContent).toBe('2 kg 050 g');
  });

  it('submits the complete rows only, once at least one is complete', async () => {
    registerGateway();
    const { onSubmit } = await renderPicker(3);
    expect(submit().disabled).toBe(true);
    fill(1, '2', '3100');
    expect(submit().disabled).toBe(false);
    // A row begun without its type is said, not dropped.
    fill(2, '', '1200');
    expect(screen.getByRole('alert').textContent).toBe('Choisissez le type de ce pari.');
    expect(submit().disabled).toBe(true);
    fill(2, '1', '0');
    expect(screen.getByRole('alert').textContent).toBe('Le poids doit être un nombre entier de grammes supérieur à 0.');
    expect(submit().disabled).toBe(true);
    fill(2, '', '');
    expect(submit().disabled).toBe(false);
    fireEvent.click(submit());
    expect(onSubmit).toHaveBeenCalledWith([{ weight: 3100, type: { id: 2, name: 'Panier bien-être' } }]);
  });

  it('rejects the same type and weight twice', async () => {
    registerGateway();
    await renderPicker(2);
    fill(1, '1', '1500');
    fill(2, '1', '1500');
    expect(screen.getByRole('alert').textContent).toBe('Ce pari a déjà été sélectionné.');
    expect(submit().disabled).toBe(true);
  });

  it('says a weight already sold was already chosen and disables « Soumettre »', async () => {
    registerGateway();
    await renderPicker(1);
    fill(1, '1', '1800');
    expect(screen.getByRole('alert').textContent).toBe('Ce poids a déjà été choisi');
    expect(submit().disabled).toBe(true);
    fill(1, '2', '1800');
    expect(screen.getByRole('alert').textContent).toBe('Ce poids a déjà été choisi');
    fill(1, '2', '1801');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says when the bets cannot be loaded', async () => {
    registerGateway({ 'GET /api/cr/gift-basket/1/votes/sold': () => json({ error: 'x' }, 500) });
    await renderPicker(1);
    expect(screen.getByRole('alert').textContent).toBe('Erreur lors du chargement des données');
  });

  it('says a row with weight 0 needs a weight above 0 instead of dropping it (docs/spec.md §5)', async () => {
    registerGateway();
    const { onSubmit } = await renderPicker(1);
    fill(1, '1', '0');
    expect(screen.getByRole('alert').textContent).toBe('Le poids doit être un nombre entier de grammes supérieur à 0.');
    expect(submit().disabled).toBe(true);
    fireEvent.click(submit());
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('never offers a basket already weighed, even when the catalogue still lists it', async () => {
    // The service leaves out « Panier gourmand », weighed; the catalogue of the register still has it.
    registerGateway({ 'GET /api/cr/gift-basket/1/types': () => json([{ id: 2, name: 'Panier bien-être' }]) });
    await renderPicker(1, {
      giftBasket: {
        id: 1,
        name: 'Panier garni',
        types: [
          { id: 1, name: 'Panier gourmand' },
          { id: 2, name: 'Panier bien-être' },
        ],
      },
    });
    expect([...(screen.getByLabelText('Type du pari 1') as HTMLSelectElement).options].map((o) => o.textContent)).toEqual([
      'Type de pari',
      'Panier bien-être',
    ]);
  });

  it('says a bet kept from earlier is on a basket weighed since, and blocks « Soumettre » before any payment', async () => {
    registerGateway({ 'GET /api/cr/gift-basket/1/types': () => json([{ id: 2, name: 'Panier bien-être' }]) });
    await renderPicker(1, { initial: [{ weight: 2500, type: { id: 1, name: 'Panier gourmand' } }] });
    expect(screen.getByRole('alert').textContent).toBe('Ce panier a déjà été pesé : choisissez-en un autre.');
    expect(submit().disabled).toBe(true);
    fill(1, '2', '2500');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(submit().disabled).toBe(false);
  });

  it('says the bets are closed when every basket was weighed', async () => {
    registerGateway({ 'GET /api/cr/gift-basket/1/types': () => json([]) });
    await renderPicker(2);
    expect(screen.getByRole('alert').textContent).toBe('Les paris sont clos : tous les paniers ont déjà été pesés.');
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(submit().disabled).toBe(true);
  });
});
