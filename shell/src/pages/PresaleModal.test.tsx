import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PresaleModal } from './PresaleModal';

const renderModal = () =>
  render(
    <MemoryRouter>
      <PresaleModal />
    </MemoryRouter>,
  );

describe('PresaleModal', () => {
  it('announces the autumn raffle pre-sale with a link to it', () => {
    renderModal();

    const dialog = screen.getByRole('dialog', { name: /prévente/ });
    expect(dialog.textContent).toContain("Tombola d'automne 2024");
    expect(screen.getByRole('link', { name: 'Voir la prévente' }).getAttribute('href')).toBe('/tombola/prevente');
  });

  it('goes away with « Plus tard » and stays away on the next visit', () => {
    const first = renderModal();

    fireEvent.click(screen.getByRole('button', { name: 'Plus tard' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    first.unmount();
    renderModal();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('closes with Escape', () => {
    renderModal();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
