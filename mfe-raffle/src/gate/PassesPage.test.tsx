/**
 * Pre-sold tickets printed on the stall's thermal printer with their signed QR code: the page, the
 * register's print queue and encoder, the real print relay and a fake network printer.
 */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SESSION_STORAGE_KEY, SessionProvider } from '@kermesse/ui-kit';
import { buildToken, fakeGateway, json } from '@kermesse/ui-kit/testing';
import { emptySettings, savePrinterSettings } from '@kermesse/ui-kit/printing';
import { decodeEscPos, printedText } from '@kermesse/ui-kit/printing/testing';
import { startPrintStall, type PrintStall } from '../../../infra/src/testing/printStall.ts';
import { PassesPage } from './PassesPage';

let stall: PrintStall;
beforeAll(async () => {
  stall = await startPrintStall();
});
afterAll(() => stall.close());

const pass = (id: string, holder: string, label: string, quantity: number, code: string) => ({
  id,
  eventId: 3,
  holder,
  label,
  quantity,
  issuedAt: '2026-06-01T10:00:00Z',
  usedAt: null,
  usedDevice: null,
  usedBy: null,
  code,
});

describe('pre-sold tickets on the stall’s thermal printer', () => {
  it('prints each ticket with its holder and its signed QR code, cut apart, through the print relay', async () => {
    const real = globalThis.fetch;
    fakeGateway({
      'GET /api/volunteer/gate/events': () => json({ items: [{ id: 3, name: 'Kermesse de juin', startsOn: null, passes: 2 }], total: 1 }),
      'GET /api/admin/gate/events/3/passes': () =>
        json({
          items: [
            pass('0b6f1c1e-8d3c-4a53-9f43-4a5b8f1e2c01', 'Famille Durand', 'Entrée + repas', 4, 'K1.ZHVyYW5k.c2lnbsOp'),
            pass('0b6f1c1e-8d3c-4a53-9f43-4a5b8f1e2c02', 'Léa Martin', '', 1, 'K1.bWFydGlu.c2lnbsOp'),
          ],
          total: 2,
        }),
    });
    vi.stubGlobal('fetch', stall.routeFetch(real, globalThis.fetch));
    savePrinterSettings(4, {
      ...emptySettings(),
      printers: [{ id: 'p9', name: 'Accueil', connection: 'reseau', address: stall.printer.address, widthMm: 80, language: 'esc-pos' }],
      relayUrl: stall.relayUrl,
      relayToken: stall.token,
    });
    localStorage.setItem(SESSION_STORAGE_KEY, buildToken({ email: 'admin@kermesse.local', roles: ['admin'] }));
    await act(async () => {
      render(
        <SessionProvider>
          <MemoryRouter>
            <PassesPage />
          </MemoryRouter>
        </SessionProvider>,
      );
    });
    await screen.findByText('Famille Durand');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Imprimer les billets sur le ticket (Accueil)' }));
    });

    const printed = decodeEscPos(await stall.printer.nextJob(20_000));
    expect(printedText(printed)).toEqual(
      expect.arrayContaining(['Kermesse de juin', 'Famille Durand', 'Entrée + repas', '4 personnes', 'Léa Martin', '1 personne']),
    );
    expect(printed.qrcodes).toEqual(['K1.ZHVyYW5k.c2lnbsOp', 'K1.bWFydGlu.c2lnbsOp']);
    expect(printed.codepages[0]).toBe('cp858');
    expect(Math.max(...printed.lines.map((line) => line.length))).toBeLessThanOrEqual(48);
    expect(printed.commands.filter((command) => command.startsWith('cut'))).toEqual(['cut partial', 'cut']);
    expect(await screen.findByText('Imprimé sur « Accueil ».', {}, { timeout: 20_000 })).toBeTruthy();
  });
});
