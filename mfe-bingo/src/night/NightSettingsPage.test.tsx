import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeGateway, json, type GatewayCall } from '@kermesse/ui-kit/testing';
import { renderAt } from '../test/render';
import { checkPacks, NightSettingsPage } from './NightSettingsPage';

const night = {
  id: 4,
  name: 'Loto de printemps',
  heldOn: '2026-04-11',
  cartonPrice: '3.00',
  eventId: 7,
  eventName: 'Kermesse',
  eventLocked: false,
  place: '',
  callers: [],
  salesOpen: true,
  packs: [{ nb: 3, price: '8.00' }],
  warnings: [],
};

const fair = (id: number, name: string) => ({
  id,
  name,
  startsOn: null,
  endsOn: null,
  place: '',
  description: '',
  archived: false,
  hasSales: false,
});

function gateway(shown: typeof night = night) {
  return fakeGateway({
    'GET /api/admin/events': () => json([fair(7, 'Kermesse'), fair(8, 'Fête d’hiver')]),
    'GET /admin-bingo/api/bingo/4': () => json(shown),
    'GET /admin/bingo/prize/api/prizes': () => json([]),
    'GET /admin-bingo/api/bingo/4/parties': () => json({ parties: [] }),
    'GET /admin-bingo/api/bingo/4/placement': () => json({ tables: [] }),
    'PUT /admin-bingo/api/bingo/4': (call: GatewayCall) => {
      const body = call.body as { packs: Array<{ nb: number; price: string }> };
      return json({ ...night, packs: body.packs.map((p) => ({ nb: p.nb, price: p.price.replace(',', '.') })) });
    },
  });
}

const save = async () => {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer la soirée' }));
  });
};

describe('night settings: cartons by the pack', () => {
  it('shows the packs, adds « 6 cartons 15 € », refuses a pack at 20 € or more per carton (L322-4) and sends the packs with the night', async () => {
    const calls = gateway();
    await renderAt('/loto/4/reglages', '/loto/:id/reglages', <NightSettingsPage />);
    expect(((await screen.findByLabelText('Cartons du lot 1')) as HTMLInputElement).value).toBe('3');
    expect((screen.getByLabelText('Prix du lot 1') as HTMLInputElement).value).toBe('8,00');

    fireEvent.click(screen.getByRole('button', { name: 'Ajouter un lot de cartons' }));
    fireEvent.change(screen.getByLabelText('Cartons du lot 2'), { target: { value: '6' } });
    fireEvent.change(screen.getByLabelText('Prix du lot 2'), { target: { value: '120' } });
    await save();
    expect(
      screen.getByText(
        'Lot de 6 cartons à 120,00 € : 20,00 € par carton. Le prix d’un carton doit être inférieur à 20 € (loto traditionnel, article L322-4 du Code de la sécurité intérieure).',
      ),
    ).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);

    fireEvent.change(screen.getByLabelText('Prix du lot 2'), { target: { value: '15' } });
    await save();
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      cartonPrice: '3,00',
      eventId: 7,
      packs: [
        { nb: 3, price: '8,00' },
        { nb: 6, price: '15' },
      ],
    });
    expect(screen.getByText(/Soirée enregistrée\./)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Retirer le lot 1' }));
    fireEvent.click(screen.getByRole('button', { name: 'Retirer le lot 1' }));
    await save();
    expect(calls.filter((c) => c.method === 'PUT').at(-1)?.body).toMatchObject({ packs: [] });
  });

  it('checks each pack in French before sending', () => {
    expect(checkPacks([{ nb: '1', price: '3' }])).toEqual({ error: 'Le champ « Cartons » du lot 1 doit être un entier de 2 à 100.' });
    expect(
      checkPacks([
        { nb: '3', price: '8' },
        { nb: '3', price: '7' },
      ]),
    ).toEqual({ error: 'Deux lots de cartons ont le même nombre de cartons.' });
    expect(checkPacks([{ nb: '3', price: 'huit' }])).toEqual({
      error: 'Le champ « Prix du lot » du lot 1 doit être un montant en euros (ex. 8,00).',
    });
    expect(checkPacks([{ nb: '3', price: '59,97' }])).toEqual({ packs: [{ nb: 3, price: '59,97' }] });
  });
});

describe('night settings: its « Événement »', () => {
  it('moves the night to another fair while no carton is sold', async () => {
    const calls = gateway();
    await renderAt('/loto/4/reglages', '/loto/:id/reglages', <NightSettingsPage />);
    await screen.findByRole('option', { name: 'Fête d’hiver' });
    const select = screen.getByLabelText('Événement') as HTMLSelectElement;
    expect(select.value).toBe('7');
    expect(select.disabled).toBe(false);
    fireEvent.change(select, { target: { value: '8' } });
    await save();
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ eventId: 8 });
  });

  it('keeps it in its fair once a carton is sold, and says why', async () => {
    gateway({ ...night, eventLocked: true });
    await renderAt('/loto/4/reglages', '/loto/:id/reglages', <NightSettingsPage />);
    await screen.findByRole('option', { name: 'Fête d’hiver' });
    expect((screen.getByLabelText('Événement') as HTMLSelectElement).disabled).toBe(true);
    expect(screen.getByText('Des cartons sont déjà vendus : la soirée reste dans cet événement.')).toBeTruthy();
  });
});
