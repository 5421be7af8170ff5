import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SessionProvider, SESSION_STORAGE_KEY, type Role } from '@kermesse/ui-kit';
import { buildToken, fakeGateway, json } from '@kermesse/ui-kit/testing';
import type { ApiTokenAnswer } from '../../api/identity';
import { ApiTokensPage } from './ApiTokensPage';

const JWT = 'eyJhbGciOiJFZERTQSIsInR5cCI6ImF0K2p3dCJ9.eyJyb2xlcyI6WyJ0cmVhc3VyZXIiXX0.c2lnbmF0dXJl';

const spreadsheet: ApiTokenAnswer = {
  id: '33333333-3333-4333-8333-333333333333',
  name: 'Tableur du trésorier',
  roles: ['treasurer'],
  createdBy: 'admin@ecole.fr',
  createdAt: '2027-05-02T08:00:00.000Z',
  expiresAt: '2027-08-01T08:00:00.000Z',
  lastUsedAt: '2027-06-12T14:05:00.000Z',
  revokedAt: null,
  state: 'active',
};

async function renderPage(routes: Parameters<typeof fakeGateway>[0], roles: Role[] = ['admin']) {
  localStorage.setItem(SESSION_STORAGE_KEY, buildToken({ email: 'admin@ecole.fr', roles }));
  const calls = fakeGateway(routes);
  await act(async () => {
    render(
      <MemoryRouter>
        <SessionProvider>
          <ApiTokensPage />
        </SessionProvider>
      </MemoryRouter>,
    );
  });
  return calls;
}

describe('« Jetons pour les outils »', () => {
  it('creates a named token with chosen roles and expiry, and shows it once', async () => {
    const calls = await renderPage({
      'GET /api/admin/api-tokens': () => json({ items: [], total: 0 }),
      'POST /api/admin/api-tokens': (call) => {
        const body = call.body as { name: string; roles: ApiTokenAnswer['roles'] };
        return json({ ...spreadsheet, name: body.name, roles: body.roles, lastUsedAt: null, token: JWT }, 201);
      },
    });
    expect(await screen.findByText("Aucun jeton pour l'instant.")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Nom de l'outil"), { target: { value: ' Tableur du trésorier ' } });
    fireEvent.change(screen.getByLabelText('Valable (jours)'), { target: { value: '30' } });
    fireEvent.click(screen.getByLabelText('Trésorier'));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Créer le jeton' })));

    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ name: 'Tableur du trésorier', roles: ['treasurer'], expiresInDays: 30 });
    expect(screen.getByText('Jeton « Tableur du trésorier » créé. Copiez-le maintenant : il ne sera plus affiché.')).toBeTruthy();
    expect((screen.getByLabelText('Jeton de « Tableur du trésorier »') as HTMLTextAreaElement).value).toBe(JWT);
    const row = within(screen.getByRole('table', { name: 'Jetons pour les outils' }))
      .getByText('Tableur du trésorier')
      .closest('tr')!;
    expect(within(row).getByText('Trésorier')).toBeTruthy();
    expect(within(row).getByText('Jamais')).toBeTruthy();
    expect(within(row).getByText('Actif')).toBeTruthy();
  });

  it('asks for a name and a role in French before calling the server', async () => {
    const calls = await renderPage({ 'GET /api/admin/api-tokens': () => json({ items: [], total: 0 }) });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Créer le jeton' })));
    expect(screen.getByText('Donnez un nom au jeton (par exemple « Tableur du trésorier »).')).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Nom de l'outil"), { target: { value: 'Paheko' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Créer le jeton' })));
    expect(screen.getByText('Choisissez au moins un rôle.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('shows the last use and revokes a token once confirmed', async () => {
    const calls = await renderPage({
      'GET /api/admin/api-tokens': () => json({ items: [spreadsheet], total: 1 }),
      [`DELETE /api/admin/api-tokens/${spreadsheet.id}`]: () =>
        json({ ...spreadsheet, state: 'revoked', revokedAt: '2027-06-13T09:00:00.000Z' }),
    });
    const row = (await screen.findByText('Tableur du trésorier')).closest('tr')!;
    expect(within(row).getByText(/^12\/06\/2027 à \d\d:05$/)).toBeTruthy();
    expect(within(row).getByText('01/08/2027')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: 'Révoquer : Tableur du trésorier' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await act(async () =>
      fireEvent.click(within(row).getByRole('button', { name: 'Confirmer la révocation de « Tableur du trésorier »' })),
    );
    expect(calls.some((c) => c.method === 'DELETE')).toBe(true);
    expect(within(row).getByText('Révoqué')).toBeTruthy();
    expect(within(row).queryByRole('button', { name: /Révoquer/ })).toBeNull();
  });

  it('is for administrators only', async () => {
    const calls = await renderPage({}, ['treasurer']);
    expect(screen.getByText('Cette page est réservée aux administrateurs.')).toBeTruthy();
    expect(calls).toEqual([]);
  });
});
