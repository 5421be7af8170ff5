import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeGateway, json } from '@kermesse/ui-kit/testing';
import App from './App';
import { renderAt } from './test/render';

const night = (id: number, canCall: boolean) => ({
  id,
  name: `Loto ${id}`,
  heldOn: '2026-04-11',
  cartonPrice: '3.50',
  eventId: 1,
  eventName: 'Kermesse de printemps',
  place: '',
  callers: [],
  salesOpen: true,
  warnings: [],
  canCall,
});

const tabsOf = () =>
  within(screen.getByRole('navigation', { name: 'Loto' }))
    .getAllByRole('link')
    .map((link) => link.textContent);

describe("a night's tabs", () => {
  const plan = () => json({ tables: [] });

  it('offers « Animateur » to a volunteer only on a night they call', async () => {
    const calls = fakeGateway({
      'GET /api/volunteer/bingos': () => json([night(1, false), night(2, true)]),
      'GET /api/volunteer/bingo/1/placement': plan,
    });
    await renderAt('/loto/1/placement', '/loto/*', <App />, { roles: ['volunteer'], email: 'benevole@kermesse.local' });
    // Once the volunteer's nights have come.
    await waitFor(() => expect(calls.map((call) => call.path)).toContain('/api/volunteer/bingos'));
    await act(async () => undefined);
    expect(tabsOf()).toEqual(['Soirées', 'Placement']);
  });

  it('offers it on the night the volunteer calls, and always to an admin', async () => {
    fakeGateway({
      'GET /api/volunteer/bingos': () => json([night(1, false), night(2, true)]),
      'GET /api/volunteer/bingo/2/placement': plan,
    });
    await renderAt('/loto/2/placement', '/loto/*', <App />, { roles: ['volunteer'], email: 'benevole@kermesse.local' });
    await screen.findByRole('link', { name: 'Animateur' });
    expect(tabsOf()).toEqual(['Soirées', 'Placement', 'Animateur']);
  });

  it('shows an admin every tab', async () => {
    fakeGateway({ 'GET /admin-bingo/api/bingo/1/placement': plan });
    await renderAt('/loto/1/placement', '/loto/*', <App />);
    expect(tabsOf()).toEqual(['Soirées', 'Placement', 'Animateur', 'Lots', 'Soirée et parties', 'Cartons', 'Règlement']);
  });
});
