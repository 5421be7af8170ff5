import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeGateway, json } from '@kermesse/ui-kit/testing';
import { renderAt } from '../test/render';
import { CARTON_PRICE_UNREADABLE, NightsPage } from './NightsPage';

const fair = (id: number, name: string, archived = false) => ({
  id,
  name,
  startsOn: null,
  endsOn: null,
  place: '',
  description: '',
  archived,
  hasSales: false,
});
/** The register's fairs: one under way, one archived (never offered). */
const fairs = () => json([fair(2, 'Kermesse de printemps'), fair(1, 'Kermesse 2025', true)]);

const night = {
  id: 4,
  name: 'Loto de printemps',
  heldOn: '2026-04-11',
  cartonPrice: '3.50',
  eventId: 2,
  eventName: 'Kermesse de printemps',
  eventLocked: false,
  place: '',
  callers: [],
  salesOpen: true,
  warnings: [],
};

async function fillAndCreate(price: string) {
  fireEvent.change(screen.getByLabelText('Nom'), { target: { value: 'Loto de printemps' } });
  fireEvent.change(screen.getByLabelText('Date'), { target: { value: '2026-04-11' } });
  fireEvent.change(screen.getByLabelText('Prix du carton (moins de 20 €)'), { target: { value: price } });
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Créer la soirée' }));
  });
}

describe('Nouvelle soirée loto: the carton price the French way', () => {
  it('reads « 3,50 » as 3,50 € (a text field with the decimal keypad, not type="number")', async () => {
    const calls = fakeGateway({
      'GET /admin-bingo/api/bingos': () => json([]),
      'GET /api/admin/events': fairs,
      'POST /admin-bingo/api/bingo': () => json(night, 201),
    });
    await renderAt('/loto', '/loto', <NightsPage />);
    const field = await screen.findByLabelText('Prix du carton (moins de 20 €)');
    expect(field.getAttribute('type')).toBe('text');
    expect(field.getAttribute('inputmode')).toBe('decimal');
    await fillAndCreate('3,50');
    // The one fair under way is the night's, without a choice to make.
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({ cartonPrice: '3,50', eventId: 2 });
  });

  it('refuses what cannot be read as an amount, in French, and sends nothing', async () => {
    const calls = fakeGateway({ 'GET /admin-bingo/api/bingos': () => json([]), 'GET /api/admin/events': fairs });
    await renderAt('/loto', '/loto', <NightsPage />);
    await screen.findByLabelText('Prix du carton (moins de 20 €)');
    await fillAndCreate('3,5,0');
    expect(screen.getByText(CARTON_PRICE_UNREADABLE)).toBeTruthy();
    expect(CARTON_PRICE_UNREADABLE).toBe('Le champ « Prix du carton » doit être un montant en euros (ex. 30,50).');
    await fillAndCreate('trois euros');
    expect(screen.getByText(CARTON_PRICE_UNREADABLE)).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });
});

describe('Nouvelle soirée loto: its « Événement »', () => {
  it('is required when there are several fairs: a French message and nothing sent, then the chosen fair is sent', async () => {
    const calls = fakeGateway({
      'GET /admin-bingo/api/bingos': () => json([]),
      'GET /api/admin/events': () => json([fair(2, 'Kermesse de printemps'), fair(3, 'Fête d’hiver'), fair(1, 'Kermesse 2025', true)]),
      'POST /admin-bingo/api/bingo': () => json({ ...night, eventId: 3, eventName: 'Fête d’hiver' }, 201),
    });
    await renderAt('/loto', '/loto', <NightsPage />);
    const select = (await screen.findByLabelText('Événement')) as HTMLSelectElement;
    await screen.findByRole('option', { name: 'Fête d’hiver' });
    // Archived fairs are not offered.
    expect([...select.options].map((o) => o.textContent)).toEqual(['Choisissez l’événement', 'Kermesse de printemps', 'Fête d’hiver']);
    await fillAndCreate('3,50');
    expect(screen.getByText('Le champ « Événement » est obligatoire : choisissez la fête de la soirée.')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
    fireEvent.change(select, { target: { value: '3' } });
    await fillAndCreate('3,50');
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({ eventId: 3 });
    expect(await screen.findByText(/Soirée « Loto de printemps » créée/)).toBeTruthy();
  });
});

describe('the nights list', () => {
  it('shows the carton price and the packs of each night', async () => {
    fakeGateway({
      'GET /admin-bingo/api/bingos': () =>
        json([
          {
            ...night,
            cartonPrice: '3.00',
            packs: [
              { nb: 3, price: '8.00' },
              { nb: 6, price: '15.00' },
            ],
          },
        ]),
    });
    await renderAt('/loto', '/loto', <NightsPage />);
    // The kit writes money as Intl fr-FR does: a no-break space before « € ».
    expect((await screen.findByText(/carton 3,00 €/)).textContent).toContain(
      'carton 3,00\u00a0€ · 3 cartons 8,00\u00a0€ · 6 cartons 15,00\u00a0€',
    );
  });
});
