import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Modal } from './Modal';
import { MoneyInput } from './MoneyInput';

describe('Modal', () => {
  it('keeps Tab inside the dialog and closes with Escape', () => {
    const onClose = vi.fn();
    render(
      <>
        <button type="button">Derrière</button>
        <Modal title="Paiement" onClose={onClose} actions={<button type="button">Valider</button>}>
          <input aria-label="Montant" />
        </Modal>
      </>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Paiement' });
    expect(document.activeElement).toBe(dialog);

    screen.getByRole('button', { name: 'Valider' }).focus();
    fireEvent.keyDown(document, { key: 'Tab' });
    expect(document.activeElement).toBe(screen.getByLabelText('Montant'));
    fireEvent.keyDown(document, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Valider' }));

    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('lets only the dialog opened last answer Escape', () => {
    const below = vi.fn();
    const above = vi.fn();
    const page = (withDetail: boolean) => (
      <>
        <Modal title="Liste" onClose={below}>
          <p>…</p>
        </Modal>
        {withDetail && (
          <Modal title="Détail" onClose={above}>
            <p>…</p>
          </Modal>
        )}
      </>
    );
    const { rerender } = render(page(false));
    rerender(page(true));
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(above).toHaveBeenCalledTimes(1);
    expect(below).not.toHaveBeenCalled();
  });
});

describe('MoneyInput', () => {
  it('is a text field with the decimal keypad and the euro sign, so « 30,50 » keeps its comma', () => {
    render(<MoneyInput aria-label="Don" />);
    const input = screen.getByLabelText('Don') as HTMLInputElement;
    expect(input.type).toBe('text');
    expect(input.inputMode).toBe('decimal');
    expect(input.parentElement?.textContent).toContain('€');
    fireEvent.change(input, { target: { value: '30,50' } });
    expect(input.value).toBe('30,50');
  });
});
