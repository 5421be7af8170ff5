import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SESSION_STORAGE_KEY } from '@kermesse/ui-kit';
import { buildToken, fakeGateway, json, type GatewayRoutes } from '@kermesse/ui-kit/testing';
import { Shell } from '../../Shell';
import { createRemoteComponents } from '../../remotes/remoteComponents';
import { DISMISSED_ANNOUNCEMENT_KEY } from '../PresaleModal';
import { formatBytes } from './HostConsolePage';
import { slugFrom } from './NewAssociationForm';

const FERRY = {
  id: '11111111-1111-4111-8111-111111111111',
  slug: 'apel-ferry',
  name: 'APEL Jules Ferry',
  state: 'active',
  url: 'http://apel-ferry.localhost:8080',
  createdAt: '2026-09-01T08:00:00.000Z',
  suspendedAt: null,
  figures: { events: 2, sales: 17, lastSaleAt: '2026-06-20T16:00:00.000Z' },
  storageBytes: 0,
  limits: { requestsPerSecond: 100, uploadBytes: 2 * 1024 * 1024, storageBytes: 100 * 1024 * 1024 },
  limitsOverride: { requestsPerSecond: null, uploadBytes: null, storageBytes: null },
};

async function visit(routes: GatewayRoutes, roles: string[] = ['host']) {
  localStorage.setItem(DISMISSED_ANNOUNCEMENT_KEY, 'tombola-automne-2024');
  localStorage.setItem(SESSION_STORAGE_KEY, buildToken({ email: 'exploitation@hebergeur.fr', roles: roles as never }));
  const calls = fakeGateway({
    'GET /api/setup': () => json({ needsFirstAdmin: false }),
    'GET /api/host/whoami': () => json({ hosting: true, console: true, associationAddress: 'https://{slug}.kermesse.example.org' }),
    ...routes,
  });
  await act(async () => {
    render(
      <MemoryRouter initialEntries={['/hebergement']}>
        <Shell
          manifest={Promise.resolve({ failed: false, remotes: [] })}
          components={createRemoteComponents(async () => ({ default: () => null }))}
        />
      </MemoryRouter>,
    );
  });
  return calls;
}

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('« Associations hébergées » (the host console)', () => {
  it('lists each association with its address and figures', async () => {
    await visit({ 'GET /api/host/associations': () => json({ items: [FERRY], total: 1 }) });
    const card = await screen.findByRole('article', { name: 'APEL Jules Ferry' });
    expect(card.textContent).toContain('apel-ferry.localhost:8080');
    expect(card.textContent).toContain('2 événements · 17 ventes');
    expect(card.textContent).toContain('Stockage : 0 o sur 100 Mo (par défaut)');
    expect(card.textContent).toContain('Limites : 100 requêtes par seconde (par défaut) · 2 Mo par fichier (par défaut)');
    expect(within(card).getByText('Active')).toBeTruthy();
  });

  it('shows the associations a page at a time, the next page on demand', async () => {
    const JAURES = { ...FERRY, id: '22222222-2222-4222-8222-222222222222', slug: 'amicale-jaures', name: 'Amicale Jean Jaurès' };
    const calls = await visit({
      'GET /api/host/associations': ({ query }) =>
        json(new URLSearchParams(query).get('offset') === '1' ? { items: [JAURES], total: 2 } : { items: [FERRY], total: 2 }),
    });
    await screen.findByRole('article', { name: 'APEL Jules Ferry' });
    expect(screen.getByText('1 association affichée sur 2.')).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Afficher les suivantes' }));
    });
    expect(await screen.findByRole('article', { name: 'Amicale Jean Jaurès' })).toBeTruthy();
    expect(screen.getByRole('article', { name: 'APEL Jules Ferry' })).toBeTruthy();
    expect(screen.getByText('2 associations hébergées.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Afficher les suivantes' })).toBeNull();
    expect(calls.filter((c) => c.path === '/api/host/associations').map((c) => c.query)).toEqual(['offset=0', 'offset=1']);
  });

  it('creates an association and shows the one-time link for its first administrator', async () => {
    let listed: unknown[] = [];
    const calls = await visit({
      'GET /api/host/associations': () => json({ items: listed, total: listed.length }),
      'POST /api/host/associations': () => {
        listed = [FERRY];
        return json(
          {
            id: FERRY.id,
            slug: 'apel-ferry',
            url: FERRY.url,
            link: { url: `${FERRY.url}/mot-de-passe?jeton=abc`, token: 'abc', expiresAt: '2026-09-03T08:00:00.000Z' },
          },
          201,
        );
      },
    });
    expect(await screen.findByText('Aucune association hébergée pour l’instant.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Créer une association' }));
    fireEvent.change(screen.getByLabelText('Nom de l’association'), { target: { value: 'APEL Jules-Ferry' } });
    expect((screen.getByLabelText('Adresse') as HTMLInputElement).value).toBe('apel-jules-ferry');
    // The address on the installation's domain, as identity gives it (not the console's own address).
    expect(await screen.findByText('apel-jules-ferry.kermesse.example.org')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Adresse'), { target: { value: 'www' } });
    fireEvent.change(screen.getByLabelText('Prénom'), { target: { value: 'Claire' } });
    fireEvent.change(screen.getByLabelText('Nom'), { target: { value: 'Petit' } });
    fireEvent.change(screen.getByLabelText('Adresse e-mail'), { target: { value: 'presidente@apel-ferry.fr' } });
    await act(async () => {
      fireEvent.submit(document.querySelector('#form-new-association')!);
    });
    expect(screen.getByRole('alert').textContent).toBe('Cette adresse est réservée par l’hébergement : choisissez-en une autre.');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(screen.getByLabelText('Adresse'), { target: { value: 'apel-ferry' } });
    await act(async () => {
      fireEvent.submit(document.querySelector('#form-new-association')!);
    });
    expect(calls.find((c) => c.method === 'POST' && c.path === '/api/host/associations')?.body).toEqual({
      name: 'APEL Jules-Ferry',
      slug: 'apel-ferry',
      admin: { email: 'presidente@apel-ferry.fr', firstname: 'Claire', lastname: 'Petit' },
    });
    expect(((await screen.findByLabelText(/Lien pour que son administrateur/)) as HTMLInputElement).value).toBe(
      'http://apel-ferry.localhost:8080/mot-de-passe?jeton=abc',
    );
    expect(await screen.findByRole('article', { name: 'APEL Jules Ferry' })).toBeTruthy();
  });

  it('suspends an association after confirmation, then resumes it', async () => {
    const calls = await visit({
      'GET /api/host/associations': () => json({ items: [FERRY], total: 1 }),
      'POST /api/host/associations/apel-ferry/suspend': () =>
        json({ id: FERRY.id, slug: 'apel-ferry', name: FERRY.name, state: 'suspended' }),
      'POST /api/host/associations/apel-ferry/resume': () => json({ id: FERRY.id, slug: 'apel-ferry', name: FERRY.name, state: 'active' }),
    });
    vi.stubGlobal('confirm', () => true);
    const card = await screen.findByRole('article', { name: 'APEL Jules Ferry' });
    await act(async () => {
      fireEvent.click(within(card).getByRole('button', { name: 'Suspendre' }));
    });
    expect(within(card).getByText('Suspendue')).toBeTruthy();
    await act(async () => {
      fireEvent.click(within(card).getByRole('button', { name: 'Rétablir' }));
    });
    expect(within(card).getByText('Active')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      '/api/host/associations/apel-ferry/suspend',
      '/api/host/associations/apel-ferry/resume',
    ]);
  });

  it('sets an association’s limits in Mo with a decimal comma; an empty field keeps the default; a wrong value is refused in French', async () => {
    const calls = await visit({
      'GET /api/host/associations': () => json({ items: [FERRY], total: 1 }),
      'PATCH /api/host/associations/apel-ferry': () =>
        json({
          ...FERRY,
          limits: { ...FERRY.limits, uploadBytes: 1572864, storageBytes: 50 * 1024 * 1024 },
          limitsOverride: { requestsPerSecond: null, uploadBytes: 1572864, storageBytes: 50 * 1024 * 1024 },
        }),
    });
    const card = await screen.findByRole('article', { name: 'APEL Jules Ferry' });
    fireEvent.click(within(card).getByRole('button', { name: 'Modifier les limites' }));
    fireEvent.change(within(card).getByLabelText('Requêtes par seconde'), { target: { value: '0' } });
    await act(async () => {
      fireEvent.submit(card.querySelector('form')!);
    });
    expect(within(card).getByText('Requêtes par seconde : un nombre entier de 1 à 10 000.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PATCH')).toEqual([]);

    fireEvent.change(within(card).getByLabelText('Requêtes par seconde'), { target: { value: '' } });
    fireEvent.change(within(card).getByLabelText('Taille maximale d’un fichier (Mo)'), { target: { value: '1,5' } });
    fireEvent.change(within(card).getByLabelText('Espace de stockage (Mo)'), { target: { value: '50' } });
    await act(async () => {
      fireEvent.submit(card.querySelector('form')!);
    });
    const patch = calls.find((c) => c.method === 'PATCH')!;
    expect(patch.body).toEqual({ limits: { requestsPerSecond: null, uploadBytes: 1572864, storageBytes: 50 * 1024 * 1024 } });
    expect(card.textContent).toContain('Stockage : 0 o sur 50 Mo');
    expect(card.textContent).toContain('1,5 Mo par fichier');
    expect(card.querySelector('form')).toBeNull();
  });

  it('is closed to an association’s administrator', async () => {
    await visit({}, ['admin']);
    expect(await screen.findByText('Cet écran est réservé à l’hébergeur, sur l’adresse de sa console.')).toBeTruthy();
  });
});

describe('helpers', () => {
  it('proposes a slug from a name and prints sizes in French', () => {
    expect(slugFrom('  École Jean-Jaurès (Amicale) ')).toBe('ecole-jean-jaures-amicale');
    expect(formatBytes(0)).toBe('0 o');
    expect(formatBytes(13_000_000)).toBe('12,4 Mo');
  });
});
