import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { SessionProvider, SESSION_STORAGE_KEY } from '@kermesse/ui-kit';
import { buildToken, fakeGateway, json } from '@kermesse/ui-kit/testing';
import type { Person } from '../../api/identity';
import { TeamPage } from './TeamPage';

const person = (overrides: Partial<Person>): Person => ({
  id: '11111111-1111-4111-8111-111111111111',
  email: 'benevole@ecole.fr',
  firstname: 'Lucie',
  lastname: 'Bernard',
  roles: ['volunteer'],
  disabled: false,
  lastSignInAt: null,
  passkeys: [],
  ...overrides,
});
const admin = person({
  id: '22222222-2222-4222-8222-222222222222',
  email: 'admin@ecole.fr',
  firstname: 'Claire',
  lastname: 'Petit',
  roles: ['admin'],
});

async function renderTeam(routes: Parameters<typeof fakeGateway>[0]) {
  localStorage.setItem(SESSION_STORAGE_KEY, buildToken({ email: 'admin@ecole.fr', roles: ['admin'] }));
  const calls = fakeGateway(routes);
  await act(async () => {
    render(
      <MemoryRouter>
        <SessionProvider>
          <TeamPage />
        </SessionProvider>
      </MemoryRouter>,
    );
  });
  return calls;
}

describe('TeamPage', () => {
  it('lists the team with roles, last sign-in and passkeys; the admin cannot disable herself', async () => {
    await renderTeam({
      'GET /api/admin/users': () =>
        json({
          users: [
            admin,
            person({ passkeys: [{ id: 'p1', name: 'Téléphone de Lucie', createdAt: '2026-05-01T10:00:00Z', lastUsedAt: null }] }),
          ],
        }),
    });
    const lucie = screen.getByRole('article', { name: 'Lucie Bernard' });
    expect(within(lucie).getByText(/Rôles : Bénévole/)).toBeTruthy();
    expect(within(lucie).getByText(/Dernière connexion : jamais/)).toBeTruthy();
    expect(within(lucie).getByText('Téléphone de Lucie')).toBeTruthy();
    expect(within(lucie).getByRole('button', { name: 'Désactiver' })).toBeTruthy();
    expect(within(screen.getByRole('article', { name: 'Claire Petit' })).queryByRole('button', { name: 'Désactiver' })).toBeNull();
  });

  it('creates a person without a password and shows the one-time link to hand over', async () => {
    const calls = await renderTeam({
      'GET /api/admin/users': () => json({ users: [admin] }),
      'POST /api/admin/users': () =>
        json(
          {
            ...person({}),
            setupLink: { url: 'https://k.example/mot-de-passe?jeton=abc', token: 'abc', expiresAt: '2026-06-03T10:00:00Z', emailed: false },
          },
          201,
        ),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Ajouter une personne' }));
    fireEvent.change(screen.getByLabelText('Prénom'), { target: { value: 'Lucie' } });
    fireEvent.change(screen.getByLabelText('Nom'), { target: { value: 'Bernard' } });
    fireEvent.change(screen.getByLabelText('Adresse e-mail'), { target: { value: 'benevole@ecole.fr' } });
    fireEvent.click(within(document.querySelector<HTMLElement>('#form-new-person')!).getByLabelText('Caissier'));
    await act(async () => {
      fireEvent.submit(document.querySelector('#form-new-person')!);
    });
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      email: 'benevole@ecole.fr',
      firstname: 'Lucie',
      lastname: 'Bernard',
      roles: ['cashier', 'volunteer'],
    });
    expect(screen.getByText('Compte de Lucie Bernard créé.')).toBeTruthy();
    expect((screen.getByLabelText('Lien pour que Lucie choisisse son mot de passe') as HTMLInputElement).value).toBe(
      'https://k.example/mot-de-passe?jeton=abc',
    );
    expect(screen.getByRole('article', { name: 'Lucie Bernard' })).toBeTruthy();
  });

  it('refuses a short password before calling the server, the message tied to the field', async () => {
    const calls = await renderTeam({ 'GET /api/admin/users': () => json({ users: [admin] }) });
    fireEvent.click(screen.getByRole('button', { name: 'Ajouter une personne' }));
    fireEvent.change(screen.getByLabelText('Prénom'), { target: { value: 'Paul' } });
    fireEvent.change(screen.getByLabelText('Nom'), { target: { value: 'Martin' } });
    fireEvent.change(screen.getByLabelText('Adresse e-mail'), { target: { value: 'paul@ecole.fr' } });
    fireEvent.change(screen.getByLabelText('Mot de passe (facultatif)'), { target: { value: 'azerty' } });
    await act(async () => {
      fireEvent.submit(document.querySelector('#form-new-person')!);
    });
    expect(screen.getByRole('alert').textContent).toBe('Le mot de passe doit contenir au moins 12 caractères.');
    expect(screen.getByLabelText('Mot de passe (facultatif)').getAttribute('aria-describedby')).toContain('new-person-error');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('disables an account after confirmation and gives a volunteer the cashier role', async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const calls = await renderTeam({
      'GET /api/admin/users': () => json({ users: [admin, person({})] }),
      'PUT /api/admin/users/11111111-1111-4111-8111-111111111111': (call) =>
        json(person(call.body as Partial<Person> & { disabled?: boolean })),
    });
    const lucie = screen.getByRole('article', { name: 'Lucie Bernard' });
    fireEvent.click(within(lucie).getByLabelText('Caissier'));
    await act(async () => {
      fireEvent.click(within(lucie).getByRole('button', { name: 'Enregistrer les rôles' }));
    });
    expect(calls.at(-1)?.body).toEqual({ roles: ['cashier', 'volunteer'] });
    await act(async () => {
      fireEvent.click(within(lucie).getByRole('button', { name: 'Désactiver' }));
    });
    expect(calls.at(-1)?.body).toEqual({ disabled: true });
    expect(within(screen.getByRole('article', { name: 'Lucie Bernard' })).getByText('Désactivé')).toBeTruthy();
  });
});
