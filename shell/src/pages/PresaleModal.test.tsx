import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { fakeGateway, json } from '@kermesse/ui-kit/testing';
import { PresaleModal } from './PresaleModal';

const banner = {
  key: 'tombola-3-abc',
  title: 'Tombola de la fête des écoles : la prévente est ouverte !',
  text: 'Un vélo, un week-end en gîte et de beaux lots à gagner.',
  link: '/tombola/prevente',
  linkLabel: 'Voir la prévente',
};

const withBanner = (value: typeof banner | null) =>
  fakeGateway({
    'GET /api/public/raffle/featured': () =>
      json({ success: true, data: { raffle: value ? { id: 3, name: 'Tombola' } : null, banner: value } }),
  });

async function renderModal() {
  let view!: ReturnType<typeof render>;
  await act(async () => {
    view = render(
      <MemoryRouter>
        <PresaleModal />
      </MemoryRouter>,
    );
  });
  return view;
}

describe('PresaleModal', () => {
  it('announces the raffle the administrator chose, with the words they wrote and a link to the pre-sale', async () => {
    const calls = withBanner(banner);
    await renderModal();
    const dialog = screen.getByRole('dialog', { name: banner.title });
    expect(dialog.textContent).toContain('Un vélo, un week-end en gîte et de beaux lots à gagner.');
    expect(dialog.textContent).not.toContain('automne 2024');
    expect(screen.getByRole('link', { name: 'Voir la prévente' }).getAttribute('href')).toBe('/tombola/prevente');
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /api/public/raffle/featured']);
    expect(calls[0]!.authorization).toBeNull();
  });

  it('shows nothing when no banner is to be shown, or when the raffle service cannot be reached', async () => {
    withBanner(null);
    await renderModal();
    expect(screen.queryByRole('dialog')).toBeNull();
    fakeGateway({});
    await renderModal();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('goes away with « Plus tard », stays away on the next visit, and comes back for a new announcement', async () => {
    withBanner(banner);
    const first = await renderModal();
    fireEvent.click(screen.getByRole('button', { name: 'Plus tard' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    first.unmount();

    const second = await renderModal();
    expect(screen.queryByRole('dialog')).toBeNull();
    second.unmount();

    withBanner({ ...banner, key: 'tombola-4-def', title: 'Tombola de Noël : la prévente est ouverte !' });
    await renderModal();
    expect(screen.getByRole('dialog', { name: 'Tombola de Noël : la prévente est ouverte !' })).toBeTruthy();
  });

  it('leads to the results, not to the pre-sale, once the raffle is drawn', async () => {
    withBanner({
      key: 'tombola-3-abc-resultats',
      title: 'Tombola de la fête des écoles : les résultats du tirage',
      text: 'Le tirage au sort a eu lieu le 14 juin 2026. Découvrez les numéros gagnants et le lot de chacun.',
      link: '/tombola/resultats',
      linkLabel: 'Voir les résultats',
    });
    await renderModal();
    const dialog = screen.getByRole('dialog', { name: 'Tombola de la fête des écoles : les résultats du tirage' });
    expect(dialog.textContent).not.toContain('prévente');
    expect(screen.getByRole('link', { name: 'Voir les résultats' }).getAttribute('href')).toBe('/tombola/resultats');
    expect(screen.queryByRole('link', { name: 'Voir la prévente' })).toBeNull();
  });

  it('closes with Escape', async () => {
    withBanner(banner);
    await renderModal();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
