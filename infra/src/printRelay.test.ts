import { createServer as createNetServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrintRelay } from './printRelay.ts';
import { startFakeNetworkPrinter, type FakeNetworkPrinter } from './testing/fakeNetworkPrinter.ts';

const TOKEN = 'jeton-du-stand';
// ESC @, « Frites ×2 » in code page 858 (× is 0x9E), a line feed, GS V 0 (the cut).
const KITCHEN_TICKET = new Uint8Array([0x1b, 0x40, 0x1b, 0x74, 19, ...Buffer.from('Frites '), 0x9e, 0x32, 0x0a, 0x1d, 0x56, 0x00]);

let printer: FakeNetworkPrinter;
let relayUrl: string;
const relay = () => createPrintRelay({ token: TOKEN, printerPorts: [printer.port], origins: ['https://caisse.example'], timeoutMs: 2000 });
let server: ReturnType<typeof createPrintRelay>;

beforeAll(async () => {
  printer = await startFakeNetworkPrinter();
  server = relay();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  relayUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await printer.close();
});

const send = (job: string, body: Uint8Array<ArrayBuffer>, printerAddress = printer.address, token = TOKEN) =>
  fetch(`${relayUrl}/imprimer?imprimante=${encodeURIComponent(printerAddress)}`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${token}`,
      'X-Travail': job,
      'Content-Type': 'application/octet-stream',
      Origin: 'https://caisse.example',
    },
    body,
  });

describe('the print relay', () => {
  it('hands the job’s bytes to the network printer unchanged', async () => {
    const answer = await send('travail-1', KITCHEN_TICKET);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('access-control-allow-origin')).toBe('https://caisse.example');
    expect(await printer.nextJob()).toEqual(KITCHEN_TICKET);
  });

  it('prints a job sent again after a lost answer only once', async () => {
    const before = printer.jobs.length;
    expect((await send('travail-2', KITCHEN_TICKET)).status).toBe(200);
    const again = await send('travail-2', KITCHEN_TICKET);
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ dejaImprime: true });
    await printer.nextJob();
    expect(printer.jobs.length).toBe(before + 1);
  });

  it('refuses a page without the token, in French, and prints nothing', async () => {
    const before = printer.jobs.length;
    const answer = await send('travail-3', KITCHEN_TICKET, printer.address, 'mauvais');
    expect(answer.status).toBe(401);
    expect(await answer.json()).toEqual({ error: 'Jeton du relais d’impression absent ou incorrect.', code: 'RELAY_TOKEN_INVALID' });
    expect(printer.jobs.length).toBe(before);
  });

  it('opens no other port than the printers’ and refuses a malformed address', async () => {
    const refused = await send('travail-4', KITCHEN_TICKET, '127.0.0.1:5432');
    expect(refused.status).toBe(403);
    expect((await refused.json()).error).toContain('port 5432 refusé');
    const malformed = await send('travail-5', KITCHEN_TICKET, 'http://x/y');
    expect(malformed.status).toBe(400);
    expect((await malformed.json()).code).toBe('PRINTER_ADDRESS_INVALID');
  });

  it('says in French that a printer is unreachable, and prints the job when tried again', async () => {
    // A port that was open a moment ago and is now closed: nothing listens there.
    const gone = createNetServer();
    await new Promise<void>((resolve) => gone.listen(0, '127.0.0.1', resolve));
    const port = (gone.address() as AddressInfo).port;
    await new Promise<void>((resolve) => gone.close(() => resolve()));
    const local = createPrintRelay({ token: TOKEN, printerPorts: [port, printer.port], timeoutMs: 2000 });
    await new Promise<void>((resolve) => local.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(local.address() as AddressInfo).port}`;
    const post = (address: string) =>
      fetch(`${url}/imprimer?imprimante=${address}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${TOKEN}`, 'X-Travail': 'travail-6' },
        body: KITCHEN_TICKET,
      });
    const failed = await post(`127.0.0.1:${port}`);
    expect(failed.status).toBe(502);
    expect(await failed.json()).toEqual({
      error: `Imprimante injoignable (127.0.0.1:${port}, ECONNREFUSED).`,
      code: 'PRINTER_UNREACHABLE',
    });
    expect((await post(printer.address)).status).toBe(200);
    expect(await printer.nextJob()).toEqual(KITCHEN_TICKET);
    await new Promise<void>((resolve) => local.close(() => resolve()));
  });

  it('answers the browser’s preflight, Private Network Access included, for the register’s origin only', async () => {
    const preflight = (origin: string) =>
      fetch(`${relayUrl}/imprimer`, {
        method: 'OPTIONS',
        headers: { Origin: origin, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Private-Network': 'true' },
      });
    const allowed = await preflight('https://caisse.example');
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get('access-control-allow-private-network')).toBe('true');
    expect(allowed.headers.get('access-control-allow-headers')).toContain('X-Travail');
    expect((await preflight('https://ailleurs.example')).status).toBe(403);
  });
});
