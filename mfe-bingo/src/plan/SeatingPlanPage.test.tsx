import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeGateway, json } from '@kermesse/ui-kit/testing';
import type { SeatPlan } from '@kermesse/contracts-bingo';
import { renderAt } from '../test/render';
import { RELEASE_CONFIRMATION, SeatingPlanPage } from './SeatingPlanPage';

function plan(taken: Record<string, string>): SeatPlan {
  return {
    tables: Array.from({ length: 30 }, (_, t) => ({
      tableId: t + 1,
      label: `Table ${t + 1}`,
      seats: Array.from({ length: 6 }, (_, s) => {
        const name = taken[`${t + 1}:${s + 1}`] ?? null;
        return { seatId: s + 1, name, reserved: name !== null };
      }),
    })),
  };
}

function volunteerGateway() {
  const taken: Record<string, string> = { '1:1': 'Famille Martin' };
  return fakeGateway({
    'GET /api/volunteer/bingo/1/placement': () => json(plan(taken)),
    'POST /api/volunteer/bingo/1/reserve': (call) => {
      const { tableId, seatId, name } = call.body as { tableId: number; seatId: number; name: string };
      if (taken[`${tableId}:${seatId}`])
        return json({ error: 'pris', message: 'Ce siège vient d’être réservé par quelqu’un d’autre. Choisissez-en un autre.' }, 409);
      taken[`${tableId}:${seatId}`] = name;
      return json({ success: true, message: `Siège ${seatId} de la table ${tableId} réservé pour ${name}.` });
    },
    'POST /api/volunteer/bingo/1/release': (call) => {
      const { tableId, seatId } = call.body as { tableId: number; seatId: number };
      delete taken[`${tableId}:${seatId}`];
      return json({ success: true, message: `Siège ${seatId} de la table ${tableId} libéré.` });
    },
  });
}

// Plain selectors: role queries over 180 seats are slow in jsdom.
const seat = (table: number, seatNo: number) =>
  document.querySelector<HTMLButtonElement>(`button[aria-label^="Table ${table}, siège ${seatNo} :"]`)!;
const click = (el: HTMLElement) =>
  act(async () => {
    fireEvent.click(el);
  });

describe('Placement des tables - Loto (volunteer)', () => {
  it('shows 30 tables of 6 seats in the volunteer area, and reserves by name', async () => {
    const calls = volunteerGateway();
    await renderAt('/loto/1/placement', '/loto/:id/placement', <SeatingPlanPage />, {
      roles: ['volunteer'],
      email: 'benevole@kermesse.local',
    });
    expect((await screen.findByText('Placement des tables - Loto')).tagName).toBe('H1');
    expect(document.querySelectorAll('fieldset')).toHaveLength(30);
    expect(document.querySelectorAll('.bgo-seat')).toHaveLength(180);
    expect(seat(1, 1).getAttribute('aria-label')).toBe('Table 1, siège 1 : Famille Martin');
    vi.spyOn(window, 'prompt').mockReturnValue('Famille Durand');
    await click(seat(2, 3));
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      path: '/api/volunteer/bingo/1/reserve',
      body: { tableId: 2, seatId: 3, name: 'Famille Durand' },
    });
    expect(await screen.findByText('Siège 3 de la table 2 réservé pour Famille Durand.')).toBeTruthy();
    expect(seat(2, 3).getAttribute('aria-label')).toBe('Table 2, siège 3 : Famille Durand');
  });

  it('cancels on an empty name: nothing is sent', async () => {
    const calls = volunteerGateway();
    await renderAt('/loto/1/placement', '/loto/:id/placement', <SeatingPlanPage />, { roles: ['volunteer'] });
    await screen.findByText('Placement des tables - Loto');
    vi.spyOn(window, 'prompt').mockReturnValue('');
    await click(seat(4, 1));
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('releases only after « Êtes-vous sûr de vouloir libérer ce siège ? »', async () => {
    const calls = volunteerGateway();
    await renderAt('/loto/1/placement', '/loto/:id/placement', <SeatingPlanPage />, { roles: ['volunteer'] });
    await screen.findByText('Placement des tables - Loto');
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    await click(seat(1, 1));
    expect(confirm).toHaveBeenCalledWith(RELEASE_CONFIRMATION);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    confirm.mockReturnValue(true);
    await click(seat(1, 1));
    expect(await screen.findByText('Siège 1 de la table 1 libéré.')).toBeTruthy();
    expect(seat(1, 1).getAttribute('aria-label')).toBe('Table 1, siège 1 : libre');
  });

  it('says a refusal beside the table it is about, not at the top of a plan a phone has scrolled past', async () => {
    fakeGateway({
      'GET /api/volunteer/bingo/1/placement': () => json(plan({})),
      'POST /api/volunteer/bingo/1/reserve': () =>
        json({ error: 'Ce siège vient d’être réservé par quelqu’un d’autre. Choisissez-en un autre.', code: 'SEAT_TAKEN' }, 409),
    });
    await renderAt('/loto/1/placement', '/loto/:id/placement', <SeatingPlanPage />, { roles: ['volunteer'] });
    await screen.findByText('Placement des tables - Loto');
    vi.spyOn(window, 'prompt').mockReturnValue('Famille Petit');
    await click(seat(25, 2));
    const table = document.querySelector<HTMLFieldSetElement>('fieldset[aria-label="Table 25"]')!;
    expect(table.querySelector('[role="alert"]')?.textContent).toBe(
      'Ce siège vient d’être réservé par quelqu’un d’autre. Choisissez-en un autre.',
    );
    expect(document.querySelectorAll('[role="alert"]')).toHaveLength(1);
  });
});
