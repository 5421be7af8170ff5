/**
 * The night's cartons printed on the stall's thermal printer: the page, the register's print queue
 * and encoder, the real print relay and a fake network printer that records the bytes.
 */
import { act, fireEvent, screen } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeGateway, json } from '@kermesse/ui-kit/testing';
import { emptySettings, savePrinterSettings, type Printer } from '@kermesse/ui-kit/printing';
import { decodeEscPos, printedText } from '@kermesse/ui-kit/printing/testing';
import type { CartonShape } from '@kermesse/contracts-bingo';
import { startPrintStall, type PrintStall } from '../../../infra/src/testing/printStall.ts';
import { renderAt } from '../test/render';
import { CartonsPage } from './CartonsPage';

let stall: PrintStall;
beforeAll(async () => {
  stall = await startPrintStall();
});
afterAll(() => stall.close());

const cartons: CartonShape[] = [
  {
    number: 1,
    code: '1-3',
    buyer: null,
    grid: [
      [4, null, 21, null, 45, null, 63, null, 88],
      [null, 12, null, 33, 47, 58, null, 79, null],
      [9, 17, null, 38, null, null, 66, 72, null],
    ],
  },
  {
    number: 2,
    code: '2-6',
    buyer: null,
    grid: [
      [null, 10, 20, 30, null, 50, null, null, 90],
      [1, null, 25, null, 44, null, 61, 77, null],
      [null, 18, null, 36, null, 59, 69, null, 85],
    ],
  },
];

/** The loto's API faked, the relay on this machine reached for real. */
function gateway() {
  const real = globalThis.fetch;
  fakeGateway({
    'GET /admin-bingo/api/bingo/1': () => json({ id: 1, name: 'Loto du printemps' }),
    'GET /admin-bingo/api/bingo/1/cartons': () => json({ cartons, total: 2 }),
  });
  vi.stubGlobal('fetch', stall.routeFetch(real, globalThis.fetch));
}

const printerOf = (widthMm: 58 | 80): Printer => ({
  id: 'p1',
  name: 'Caisse loto',
  connection: 'reseau',
  address: stall.printer.address,
  widthMm,
  language: 'esc-pos',
});

async function openCartons() {
  await renderAt('/loto/1/cartons', '/loto/:id/cartons', <CartonsPage />);
  await screen.findByRole('heading', { name: 'Cartons (2)' });
}

describe('loto cartons on the stall’s thermal printer', () => {
  it('prints the cartons shown, one a ticket, on a printer of this device through the print relay', async () => {
    gateway();
    savePrinterSettings(7, { ...emptySettings(), printers: [printerOf(58)], relayUrl: stall.relayUrl, relayToken: stall.token });
    await openCartons();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Imprimer ces cartons sur le ticket (Caisse loto)' }));
    });

    const printed = decodeEscPos(await stall.printer.nextJob(20_000));
    const text = printedText(printed);
    expect(text.filter((line) => line === 'Loto du printemps')).toHaveLength(2);
    expect(text).toEqual(expect.arrayContaining(['Carton n° 1-3', 'Carton n° 2-6', '4 -- 21 -- 45 -- 63 -- 88']));
    expect(printed.codepages[0]).toBe('cp858');
    expect(Math.max(...printed.lines.map((line) => line.length))).toBeLessThanOrEqual(32);
    expect(printed.commands.filter((command) => command.startsWith('cut'))).toEqual(['cut partial', 'cut']);
    expect(await screen.findByText('Imprimé sur « Caisse loto ».', {}, { timeout: 20_000 })).toBeTruthy();
  });

  it('shows why a print failed, with « Réessayer », and nothing reaches the printer', async () => {
    gateway();
    savePrinterSettings(7, { ...emptySettings(), printers: [printerOf(80)], relayUrl: stall.relayUrl, relayToken: 'mauvais-jeton' });
    await openCartons();
    const before = stall.printer.jobs.length;
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Imprimer ces cartons sur le ticket (Caisse loto)' }));
    });
    expect((await screen.findByRole('alert', {}, { timeout: 20_000 })).textContent).toMatch(/^Cartons 1-3 à 2-6 · Loto du printemps : .+/);
    expect(screen.getByRole('button', { name: 'Réessayer' })).toBeTruthy();
    expect(stall.printer.jobs.length).toBe(before);
  });

  it('keeps only the browser’s print dialog on a device without a printer', async () => {
    gateway();
    await openCartons();
    expect(screen.getByRole('button', { name: 'Imprimer' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /sur le ticket/ })).toBeNull();
  });
});
