import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json } from '@kermesse/ui-kit/testing';
import { CheckoutApiProvider } from '../api/CheckoutApiContext';
import { checkoutApiFor } from '../api/checkoutApi';
import { registerGateway } from '../testing/registerGateway';
import { RaffleTicketPicker, type RaffleTicketPickerProps } from './RaffleTicketPicker';

const raffle = { id: 1, name: 'Grande tombola', tickets: 250 };

async function renderPicker(props: Partial<RaffleTicketPickerProps> = {}) {
  const onConfirm = vi.fn();
  const onCancel = vi.fn();
  await act(async () => {
    render(
      <CheckoutApiProvider api={checkoutApiFor('t')}>
        <RaffleTicketPicker raffle={raffle} allowed={2} initial={[]} onConfirm={onConfirm} onCancel={onCancel} {...props} />
      </CheckoutApiProvider>,
    );
  });
  return { onConfirm, onCancel };
}

const ticket = (n: number) => screen.getByRole('button', { name: new RegExp(`^Ticket ${n}( vendu)?$`) });
const grid = () => screen.getByRole('group', { name: /^Tickets \d+ à \d+$/ });

// Under a full parallel run the first render (imports, jsdom layout of 100 buttons) may pass 5 s.
describe('RaffleTicketPicker', { timeout: 20_000 }, () => {
  it('shows 100 numbers per page in 10 columns, sold ones disabled, with Précédent and Suivant', async () => {
    registerGateway();
    await renderPicker();
    expect(within(grid()).getAllByRole('button')).toHaveLength(100);
    expect(getComputedStyle(grid()).gridTemplateColumns).toBe('repeat(10, minmax(0, 1fr))');
    expect((ticket(3) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Précédent' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Suivant' }));
    fireEvent.click(screen.getByRole('button', { name: 'Suivant' }));
    expect(
      within(grid())
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(Array.from({ length: 50 }, (_, i) => String(201 + i)));
    expect((screen.getByRole('button', { name: 'Suivant' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('enables « Confirmer la sélection » only when as many numbers as allowed are chosen', async () => {
    registerGateway();
    const { onConfirm } = await renderPicker();
    const confirm = screen.getByRole('button', { name: 'Confirmer la sélection' }) as HTMLButtonElement;
    fireEvent.click(ticket(10));
    expect(confirm.disabled).toBe(true);
    fireEvent.click(ticket(11));
    expect(confirm.disabled).toBe(false);

    fireEvent.click(ticket(12));
    expect(screen.getByRole('alert').textContent).toBe('Vous pouvez sélectionner un maximum de 2 tickets.');
    expect(ticket(12).getAttribute('aria-pressed')).toBe('false');

    fireEvent.click(confirm);
    expect(onConfirm).toHaveBeenCalledWith([10, 11]);
  });

  it('ignores a click on a sold number and resets the selection with « Remise à zéro »', async () => {
    registerGateway();
    await renderPicker();
    fireEvent.click(ticket(7));
    fireEvent.click(ticket(8));
    expect(ticket(8).getAttribute('aria-pressed')).toBe('true');
    expect(ticket(7).getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(screen.getByRole('button', { name: 'Remise à zéro' }));
    expect(ticket(8).getAttribute('aria-pressed')).toBe('false');
  });

  it('completes the selection at random with free numbers and confirms', async () => {
    registerGateway();
    const { onConfirm } = await renderPicker({ allowed: 3, initial: [20], random: () => 0 });
    fireEvent.click(screen.getByRole('button', { name: 'Sélection automatique et confirmer' }));
    // Free numbers in order are 1, 2, 4… (3 and 7 are sold): a random source of 0 takes the first ones.
    expect(onConfirm).toHaveBeenCalledWith([20, 1, 2]);
  });

  it('says when too few numbers are free', async () => {
    registerGateway({ 'GET /api/cr/raffle/1/tickets/sold': () => json(Array.from({ length: 249 }, (_, i) => ({ number: i + 1 }))) });
    const { onConfirm } = await renderPicker();
    fireEvent.click(screen.getByRole('button', { name: 'Sélection automatique et confirmer' }));
    expect(screen.getByRole('alert').textContent).toBe(
      "Il n'y a pas suffisamment de tickets disponibles pour compléter la sélection automatique.",
    );
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('says when the tickets cannot be loaded', async () => {
    registerGateway({ 'GET /api/cr/raffle/1/tickets/sold': () => json({ error: 'Erreur' }, 500) });
    await renderPicker();
    expect(screen.getByRole('alert').textContent).toBe('Impossible de charger les tickets. Veuillez réessayer plus tard.');
  });

  it('cancels without changing anything', async () => {
    registerGateway();
    const { onCancel, onConfirm } = await renderPicker();
    fireEvent.click(ticket(10));
    fireEvent.click(screen.getByRole('button', { name: 'Annuler' }));
    expect(onCancel).toHaveBeenCalled();
    expect(onConfirm).not.toHaveBeenCalled();
  });
  it('keeps the numbers reserved for offline sales out of reach while online (this register and the others)', async () => {
    registerGateway();
    const { onConfirm } = await renderPicker({ allowed: 1, reserved: [1, 2, 4], random: () => 0 });
    expect((screen.getByRole('button', { name: 'Ticket 1 réservé à la vente hors ligne' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Ticket 3 vendu' }) as HTMLButtonElement).disabled).toBe(true);
    // The grey numbers say why: sold (3 and 7), or kept for a register's offline block (1, 2 and 4).
    const legend = screen.getByRole('list', { name: 'Numéros grisés' });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((item) => item.textContent?.replace(/\s+/g, ' ').replace(/^12/, '')),
    ).toEqual([
      'Barré : déjà vendu (2 numéros).',
      "En pointillés : réservé à la vente hors ligne d'une caisse (3 numéros) ; cette caisse-là le vend, même sans réseau.",
    ]);
    expect(screen.getByRole('button', { name: 'Ticket 1 réservé à la vente hors ligne' }).className).toContain('reg-ticket--held');
    expect(screen.getByRole('button', { name: 'Ticket 3 vendu' }).getAttribute('title')).toBe('N° 3 vendu');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Sélection automatique et confirmer' }));
    });
    expect(onConfirm).toHaveBeenCalledWith([5]);
  });

  it('offline, offers only the numbers of the register block and says so', async () => {
    registerGateway();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { onConfirm } = await renderPicker({ allowed: 1, offline: { numbers: [120, 121] } });
    expect(screen.getByRole('note').textContent).toBe('Hors ligne : seuls les 2 numéros réservés à cette caisse sont proposés.');
    // It opens on the page of the block.
    expect((screen.getByRole('button', { name: 'Ticket 120' }) as HTMLButtonElement).disabled).toBe(false);
    expect((screen.getByRole('button', { name: 'Ticket 119 non réservé à cette caisse' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('list', { name: 'Numéros grisés' }).textContent).toContain(
      'Grisé : hors du bloc de cette caisse (vendu, ou réservé à une autre caisse).',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Ticket 121' }));
    fireEvent.click(screen.getByRole('button', { name: 'Confirmer la sélection' }));
    expect(onConfirm).toHaveBeenCalledWith([121]);
  });
});
