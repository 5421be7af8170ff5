import { act, fireEvent, render, renderHook, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { addCarton, cartonCount, checkDigit, parseCartonInput, parseCartonNights, type CartonNight } from '../cart/cartons';
import type { CartLine } from '../cart/types';
import { CartonPicker, useCartonSale, type CartonPickerProps } from './CartonPicker';

const night: CartonNight = {
  id: 1,
  name: 'Loto de la kermesse',
  cartons: 60,
  categoryId: 9,
  tiers: [
    { nb: 1, priceCents: 300 },
    { nb: 3, priceCents: 800 },
  ],
};

function renderPicker(props: Partial<CartonPickerProps> = {}) {
  const onConfirm = vi.fn();
  const onCancel = vi.fn();
  render(<CartonPicker night={night} allowed={2} initial={[]} onConfirm={onConfirm} onCancel={onCancel} {...props} />);
  return { onConfirm, onCancel };
}

const field = () => screen.getByLabelText('Numéro du carton') as HTMLInputElement;
const type = (text: string) => {
  fireEvent.change(field(), { target: { value: text } });
  fireEvent.submit(field().closest('form')!);
};
const confirm = () => screen.getByRole('button', { name: 'Confirmer les cartons' }) as HTMLButtonElement;

describe('CartonPicker', () => {
  it('adds the typed or scanned cartons (number, or number-check digit) and confirms exactly the number paid for', () => {
    const { onConfirm } = renderPicker();
    expect(screen.getByRole('dialog', { name: 'Cartons de loto — Loto de la kermesse' })).toBeTruthy();
    expect(document.activeElement).toBe(field());
    expect(confirm().disabled).toBe(true);
    type('12');
    expect(field().value).toBe('');
    type(`45-${checkDigit(45)}`);
    expect(screen.getByTestId('carton-count').textContent).toBe('2 / 2');
    expect(
      within(screen.getByRole('list', { name: 'Cartons saisis' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent?.replace('×', '').trim()),
    ).toEqual(['n° 12', 'n° 45']);
    fireEvent.click(confirm());
    expect(onConfirm).toHaveBeenCalledWith([12, 45]);
  });

  it('refuses in French a wrong check digit, a carton twice, one not printed, one more than paid for', () => {
    renderPicker();
    type(`7-${(checkDigit(7) + 1) % 10}`);
    expect(screen.getByRole('alert').textContent).toBe('Clé de contrôle incorrecte : vérifiez le numéro du carton.');
    type('abc');
    expect(screen.getByRole('alert').textContent).toBe('Saisissez le numéro du carton (ex. 12 ou 12-7).');
    type('61');
    expect(screen.getByRole('alert').textContent).toBe("Le carton n° 61 n'existe pas pour cette soirée (1 à 60).");
    type('7');
    type('7');
    expect(screen.getByRole('alert').textContent).toBe('Le carton n° 7 est déjà saisi.');
    type('8');
    type('9');
    expect(screen.getByRole('alert').textContent).toBe(
      'Les 2 carton(s) payés sont déjà saisis : retirez-en un ou ajoutez des cartons au panier.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Retirer le carton 7' }));
    expect(screen.getByTestId('carton-count').textContent).toBe('1 / 2');
    expect(confirm().disabled).toBe(true);
  });

  it('starts from the cartons already chosen; cancel and reset', () => {
    const { onCancel, onConfirm } = renderPicker({ initial: [3, 4] });
    expect(screen.getByTestId('carton-count').textContent).toBe('2 / 2');
    fireEvent.click(screen.getByRole('button', { name: 'Remise à zéro' }));
    expect(screen.getByTestId('carton-count').textContent).toBe('0 / 2');
    fireEvent.click(screen.getByRole('button', { name: 'Annuler' }));
    expect(onCancel).toHaveBeenCalled();
    expect(onConfirm).not.toHaveBeenCalled();
  });
});

describe('cartons in the cart', () => {
  const line = (id: number, priceCents: number, quantity: number, categoryId = 9): CartLine => ({
    product: { id, name: `P${id}`, priceCents, category: { id: categoryId, name: 'Loto' } },
    quantity,
  });

  it('reads the nights of the checkout answer and counts the cartons a cart pays for', () => {
    const nights = parseCartonNights(
      { bingos: [{ id: 1, name: 'Loto de la kermesse', cartons: 60, categoryId: 9 }] },
      {
        bingos: [
          {
            id: 9,
            bingoId: 1,
            name: 'Loto : Loto de la kermesse',
            price: [
              { nb: 1, p: 3 },
              { nb: 3, p: 8 },
            ],
          },
        ],
      },
    );
    expect(nights).toEqual([night]);
    expect(cartonCount([line(90, 300, 2), line(91, 800, 1), line(5, 150, 4, 1)], nights)).toEqual({ night, allowed: 5 });
    expect(cartonCount([line(5, 150, 4, 1)], nights)).toEqual({ night: undefined, allowed: 0 });
    expect(parseCartonNights({ products: [] }, undefined)).toEqual([]);
  });

  it('parses what is typed and adds it', () => {
    expect(parseCartonInput(' 12 ')).toEqual({ number: 12 });
    expect(parseCartonInput(`123-${checkDigit(123)}`)).toEqual({ number: 123 });
    expect(parseCartonInput('0')).toBeUndefined();
    expect(addCarton([1], '2', 2, 60)).toEqual({ selected: [1, 2], message: null });
  });

  it('keeps the cartons within what the cart pays for, sends them with the sale, empties them for a new sale', () => {
    const { result, rerender } = renderHook(({ lines }) => useCartonSale(lines, [night]), { initialProps: { lines: [line(90, 300, 3)] } });
    expect(result.current.allowed).toBe(3);
    expect(result.current.blocker).toBe('Saisissez les numéros des 3 cartons remis : 0 saisi(s).');
    act(() => result.current.set([5, 6, 7]));
    expect(result.current.blocker).toBeNull();
    expect(result.current.withCartons({ sale: 1 })).toEqual({ sale: 1, bingoId: 1, cartons: [5, 6, 7] });
    rerender({ lines: [line(90, 300, 2)] });
    expect(result.current.cartons).toEqual([5, 6]);
    rerender({ lines: [] });
    expect(result.current.allowed).toBe(0);
    expect(result.current.withCartons({ sale: 2 })).toEqual({ sale: 2 });
    rerender({ lines: [line(90, 300, 1)] });
    expect(result.current.cartons).toEqual([]);
  });
});
