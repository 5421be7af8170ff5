import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json, unreachable } from '@kermesse/ui-kit/testing';
import { CheckoutApiProvider } from '../api/CheckoutApiContext';
import { checkoutApiFor } from '../api/checkoutApi';
import { registerGateway } from '../testing/registerGateway';
import { CardReaderChooser, readChosenReader } from './CardReaderChooser';

const readers = [
  { id: 'rdr_1', name: 'Solo buvette', status: 'paired', device: { identifier: 'SIMSOLO-0001-4F2A', model: 'solo' } },
  { id: 'rdr_2', name: 'Solo tombola', status: 'paired', device: { identifier: 'SIMSOLO-0002-9C7E', model: 'solo' } },
  { id: 'rdr_3', name: 'Ancien', status: 'expired', device: { identifier: 'SIMSOLO-0003-B13D', model: 'solo' } },
];

async function renderChooser() {
  const onChoose = vi.fn();
  await act(async () => {
    render(
      <CheckoutApiProvider api={checkoutApiFor('t')}>
        <CardReaderChooser onChoose={onChoose} onClose={() => undefined} />
      </CheckoutApiProvider>,
    );
  });
  return onChoose;
}

describe('CardReaderChooser « Choix du lecteur »', () => {
  it('offers the paired readers by the last 4 characters and remembers the choice', async () => {
    registerGateway({ 'GET /api/cr/payment/reader': () => json({ success: true, data: { items: readers } }) });
    const onChoose = await renderChooser();
    expect(screen.getByRole('dialog', { name: 'Choix du lecteur' })).toBeTruthy();
    const buttons = within(screen.getByRole('group', { name: 'Lecteurs de carte' })).getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual(['4F2A', '9C7E']);

    fireEvent.click(buttons[1] as HTMLElement);
    expect(buttons[1]?.getAttribute('aria-pressed')).toBe('true');
    expect(onChoose).toHaveBeenCalledWith({ id: 'rdr_2', identifier: 'SIMSOLO-0002-9C7E' });
    expect(readChosenReader()).toEqual({ id: 'rdr_2', identifier: 'SIMSOLO-0002-9C7E' });
  });

  it('highlights the reader chosen earlier', async () => {
    registerGateway({ 'GET /api/cr/payment/reader': () => json({ success: true, data: { items: readers } }) });
    localStorage.setItem(
      'kermesseRegister.cardReader',
      JSON.stringify({ savedAt: Date.now(), data: { id: 'rdr_1', identifier: 'SIMSOLO-0001-4F2A' } }),
    );
    await renderChooser();
    expect(screen.getByRole('button', { name: '4F2A' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('says « Aucun lecteur disponible » when no reader is paired', async () => {
    registerGateway({ 'GET /api/cr/payment/reader': () => json({ success: true, data: { items: [readers[2]] } }) });
    await renderChooser();
    expect(screen.getByText('Aucun lecteur disponible')).toBeTruthy();
  });

  it('says « Impossible de récupérer les lecteurs CB » when the readers cannot be listed', async () => {
    registerGateway({ 'GET /api/cr/payment/reader': () => json({ success: false }) });
    await renderChooser();
    expect(screen.getByRole('alert').textContent).toBe('Impossible de récupérer les lecteurs CB');

    cleanup();
    registerGateway({ 'GET /api/cr/payment/reader': unreachable });
    await renderChooser();
    expect(screen.getByRole('alert').textContent).toBe('Impossible de récupérer les lecteurs CB');
  });
});
