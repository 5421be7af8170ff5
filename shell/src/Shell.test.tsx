import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { SESSION_STORAGE_KEY, THEME_STORAGE_KEY } from '@kermesse/ui-kit';
import { buildToken, json, fakeGateway } from '@kermesse/ui-kit/testing';
import { Shell } from './Shell';
import { DISMISSED_ANNOUNCEMENT_KEY } from './pages/PresaleModal';
import type { RemoteDescriptor, RemoteManifest } from './remotes/manifest';
import { createRemoteComponents, type LoadRemoteModule } from './remotes/remoteComponents';

const remote = (name: string, path: string, available = true): RemoteDescriptor => ({
  name,
  path,
  entry: `/remotes/${name.replace('_', '-')}/remoteEntry.js`,
  available,
});

const fullManifest: RemoteManifest = {
  failed: false,
  remotes: [
    remote('mfe_register', '/caisse'),
    remote('mfe_raffle', '/tombola', false),
    remote('mfe_bingo', '/loto', false),
    remote('mfe_accounting', '/comptabilite'),
    remote('mfe_stock', '/stock', false),
  ],
};

/** A remote whose App says which remote it is. */
const workingRemote: LoadRemoteModule = async (id) => ({ default: () => <p>Contenu de {id}</p> });

/** Renders the shell at a path; awaited so that React resumes what suspended on the manifest. */
async function renderShell(
  path: string,
  { manifest = fullManifest, load = workingRemote }: { manifest?: RemoteManifest; load?: LoadRemoteModule } = {},
) {
  localStorage.setItem(DISMISSED_ANNOUNCEMENT_KEY, 'tombola-automne-2024');
  const loadRemote = vi.fn(load);
  await act(async () => {
    render(
      <MemoryRouter initialEntries={[path]}>
        <Shell manifest={Promise.resolve(manifest)} components={createRemoteComponents(loadRemote)} />
      </MemoryRouter>,
    );
  });
  return loadRemote;
}

/** Signs out through the header, so that the next test starts as a visitor. */
function signOut() {
  fakeGateway({ 'POST /api/token/release': () => json({ success: true }) });
  fireEvent.click(screen.getByRole('button', { name: 'Se déconnecter' }));
}

const navLabels = () =>
  within(screen.getByRole('navigation', { name: 'Navigation principale' }))
    .getAllByRole('link')
    .map((link) => link.textContent);

describe('Shell', () => {
  it('shows a visitor the name, the home page and the sign-in link', async () => {
    await renderShell('/');
    expect(screen.getByRole('link', { name: /Kermesse/ })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Bienvenue sur Kermesse' })).toBeTruthy();
    expect(navLabels()).toEqual(['Accueil', 'Connexion']);
  });

  it("shows a cashier the register's links; signing out revokes the token and returns to the visitor view", async () => {
    const token = buildToken({ roles: ['cashier'] });
    localStorage.setItem(SESSION_STORAGE_KEY, token);
    const calls = fakeGateway({ 'POST /api/token/release': () => json({ success: true }) });
    await renderShell('/');

    expect(navLabels()).toEqual(['Accueil', 'Caisse', 'Jeton API', 'Mon compte']);
    fireEvent.click(screen.getByRole('button', { name: 'Se déconnecter' }));

    expect(navLabels()).toEqual(['Accueil', 'Connexion']);
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(calls).toContainEqual(expect.objectContaining({ method: 'POST', path: '/api/token/release', authorization: `Bearer ${token}` }));
  });

  it("folds an administrator's thirteen links behind « Menu » (phones and tablets show it); Escape, a chosen link or a tap elsewhere closes it", async () => {
    localStorage.setItem(SESSION_STORAGE_KEY, buildToken({ roles: ['admin'] }));
    await renderShell('/');
    const menu = screen.getByRole('button', { name: 'Menu' });
    expect(menu.getAttribute('aria-expanded')).toBe('false');
    expect(document.getElementById(menu.getAttribute('aria-controls')!)?.tagName).toBe('UL');
    expect(navLabels()).toHaveLength(13);

    fireEvent.click(menu);
    expect(menu.getAttribute('aria-expanded')).toBe('true');
    fireEvent.keyDown(screen.getByRole('link', { name: 'Stock' }), { key: 'Escape' });
    expect(menu.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(menu);

    fireEvent.click(menu);
    fireEvent.pointerDown(screen.getByRole('link', { name: 'Gestion' }));
    expect(menu.getAttribute('aria-expanded')).toBe('true');
    fireEvent.pointerDown(screen.getByRole('main'));
    expect(menu.getAttribute('aria-expanded')).toBe('false');

    fireEvent.click(menu);
    fireEvent.click(screen.getByRole('link', { name: 'Stock' }));
    expect(screen.getByRole('button', { name: 'Menu' }).getAttribute('aria-expanded')).toBe('false');
    signOut();
  });

  it("folds a volunteer's four links (the loto and the gate check) behind « Menu » on small screens", async () => {
    localStorage.setItem(SESSION_STORAGE_KEY, buildToken({ roles: ['volunteer'] }));
    await renderShell('/');
    expect(navLabels()).toEqual(['Accueil', 'Loto', 'Entrée', 'Mon compte']);
    expect(screen.getByRole('button', { name: 'Menu' })).toBeTruthy();
    signOut();
  });

  it("opens the register's remote at /caisse and downloads no other remote", async () => {
    const loadRemote = await renderShell('/caisse');

    expect(await screen.findByText('Contenu de mfe_register/App')).toBeTruthy();
    expect(loadRemote.mock.calls).toEqual([['mfe_register/App']]);
  });

  it('mounts a remote for every page under its path', async () => {
    await renderShell('/caisse/jeton');
    expect(await screen.findByText('Contenu de mfe_register/App')).toBeTruthy();
  });

  it('downloads no remote on the home page', async () => {
    const loadRemote = await renderShell('/');
    expect(loadRemote).not.toHaveBeenCalled();
  });

  it('says « Module bientôt disponible » for a remote without a build, without trying to load it', async () => {
    const loadRemote = await renderShell('/tombola/prevente');

    expect(await screen.findByText('Module bientôt disponible')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Tombola' })).toBeTruthy();
    expect(loadRemote).not.toHaveBeenCalled();
  });

  it('keeps the shell working when a remote is down, and loads it again on « Réessayer »', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let up = false;
    await renderShell('/comptabilite', {
      load: async (id) => {
        if (!up) throw new Error('remoteEntry.js: 502');
        return workingRemote(id);
      },
    });

    expect(await screen.findByText('Le module Comptabilité est momentanément indisponible.')).toBeTruthy();
    expect(navLabels()).toContain('Accueil');

    up = true;
    fireEvent.click(screen.getByRole('button', { name: 'Réessayer' }));

    expect(await screen.findByText('Contenu de mfe_accounting/App')).toBeTruthy();
  });

  it('still shows its own pages when the module list cannot be read', async () => {
    await renderShell('/caisse', { manifest: { remotes: [], failed: true } });

    expect(await screen.findByText("La liste des modules de Kermesse n'a pas pu être chargée.")).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Accueil' }));
    expect(screen.getByRole('heading', { name: 'Bienvenue sur Kermesse' })).toBeTruthy();
  });

  it('says so for an unknown address', async () => {
    await renderShell('/nulle-part');
    expect(await screen.findByRole('heading', { name: 'Page introuvable' })).toBeTruthy();
  });

  it('switches to dark mode and remembers it', async () => {
    localStorage.setItem(THEME_STORAGE_KEY, 'light');
    await renderShell('/');
    const toggle = screen.getByRole('button', { name: /Mode sombre/ });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');

    fireEvent.click(toggle);

    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
  });
});
