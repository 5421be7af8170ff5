import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@kermesse/ui-kit';
import { DRAWER_OPENED_MESSAGE, PrintingDialog } from './PrintingDialog';
import { emptySettings, loadPrinterSettings, printQueueFor, savePrinterSettings } from '@kermesse/ui-kit/printing';

const categories = [
  { id: 2, name: 'Plats' },
  { id: 4, name: 'Desserts' },
];

function withTillPrinter(checkoutId: number) {
  savePrinterSettings(checkoutId, {
    ...emptySettings(),
    printers: [{ id: 'caisse', name: 'Caisse', connection: 'reseau', address: '192.168.1.40', widthMm: 80, language: 'esc-pos' }],
    receiptPrinterId: 'caisse',
    drawer: true,
  });
}

describe('« Impressions »', () => {
  it('« Ouvrir le tiroir » refused to a cashier without the right: the French reason, no pulse queued', async () => {
    withTillPrinter(71);
    const open = vi
      .fn()
      .mockRejectedValue(
        new ApiError(403, 'Seul un administrateur ou un responsable de caisse peut ouvrir le tiroir en dehors d’une vente.'),
      );
    render(<PrintingDialog checkoutId={71} categories={categories} onClose={() => undefined} drawerApi={{ open }} />);
    fireEvent.click(screen.getByRole('button', { name: 'Ouvrir le tiroir' }));
    expect(await screen.findByText(/ouvrir le tiroir en dehors d’une vente/)).toBeTruthy();
    expect(open).toHaveBeenCalledWith(71);
    expect(printQueueFor(71).snapshot()).toEqual([]);
  });

  it('« Ouvrir le tiroir » logged by the server, then the pulse goes to the till printer', async () => {
    withTillPrinter(72);
    const open = vi
      .fn()
      .mockResolvedValue({ id: 1, checkoutId: 72, openedBy: 'u', openedByEmail: 'u@example.org', openedAt: '2026-06-20T17:00:00Z' });
    render(<PrintingDialog checkoutId={72} categories={categories} onClose={() => undefined} drawerApi={{ open }} />);
    fireEvent.click(screen.getByRole('button', { name: 'Ouvrir le tiroir' }));
    expect(await screen.findByText(DRAWER_OPENED_MESSAGE)).toBeTruthy();
    expect(
      printQueueFor(72)
        .snapshot()
        .map((job) => [job.printerId, job.document.kind]),
    ).toEqual([['caisse', 'drawer']]);
  });

  it('a register without printers opens on « Imprimantes »; a network printer needs its address, then the category goes to it', async () => {
    render(<PrintingDialog checkoutId={73} categories={categories} onClose={() => undefined} drawerApi={{ open: vi.fn() }} />);
    fireEvent.click(screen.getByRole('button', { name: 'Ajouter une imprimante' }));
    fireEvent.change(screen.getByLabelText('Nom'), { target: { value: 'Stand frites' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(screen.getByRole('alert').textContent).toBe('Indiquez l’adresse réseau de l’imprimante « Stand frites ».');
    expect(loadPrinterSettings(73).printers).toEqual([]);

    fireEvent.change(screen.getByLabelText('Adresse (port 9100)'), { target: { value: '192.168.1.50' } });
    fireEvent.change(screen.getByLabelText('Largeur du papier'), { target: { value: '58' } });
    fireEvent.change(screen.getByLabelText('Tickets « Plats »'), { target: { value: optionValueOfNewPrinter() } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(screen.getByText('Aucune impression pour cette caisse.')).toBeTruthy());
    const saved = loadPrinterSettings(73);
    expect(saved.printers).toMatchObject([{ name: 'Stand frites', address: '192.168.1.50', widthMm: 58, connection: 'reseau' }]);
    expect(saved.kitchen).toEqual({ '2': saved.printers[0]!.id });

    /** The id of the printer being added, as its option in the category's list gives it. */
    function optionValueOfNewPrinter(): string {
      const option = [...screen.getByLabelText<HTMLSelectElement>('Tickets « Plats »').options].find(
        (candidate) => candidate.text === 'Stand frites',
      );
      return option!.value;
    }
  });
});
