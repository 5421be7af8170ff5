/** Card-reader pairing from the back office: the simulator through the routes, SumUp's API through a local fake. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRegisterHarness, type RegisterHarness } from '../testing/harness.ts';
import { CardProviderError, type CardProvider } from '../payments/provider.ts';
import { createSumUpReaderAdmin } from './cardReaders.ts';

let h: RegisterHarness;
beforeAll(async () => {
  h = await startRegisterHarness();
});
afterAll(async () => {
  await h?.close();
});

describe('card readers (/api/admin/card-readers, simulator)', () => {
  it('pairs a reader with its code, renames it, unpairs it — and the register offers it meanwhile', async () => {
    const list = await h.request('GET', '/api/admin/card-readers', { who: 'admin' });
    expect(list).toMatchObject({ status: 200, body: { provider: 'simulator' } });
    expect(
      await h.request('POST', '/api/admin/card-readers', { who: 'admin', body: { pairingCode: '12', name: 'Buvette' } }),
    ).toMatchObject({
      status: 400,
      body: {
        error: "Code d'appairage invalide : 8 ou 9 lettres et chiffres, tels qu'affichés par le lecteur.",
        code: 'PAIRING_CODE_INVALID',
      },
    });
    expect(
      await h.request('POST', '/api/admin/card-readers', { who: 'admin', body: { pairingCode: 'ABCD1234', name: ' ' } }),
    ).toMatchObject({ status: 400, body: { code: 'NAME_EMPTY' } });

    const paired = await h.request('POST', '/api/admin/card-readers', {
      who: 'admin',
      body: { pairingCode: 'abcd-1234', name: 'Solo de la buvette' },
    });
    expect(paired).toMatchObject({ status: 201, body: { name: 'Solo de la buvette', status: 'paired' } });
    const id = paired.body.id as string;
    const offered = async () =>
      ((await h.request('GET', '/api/cr/payment/reader')).body.data.items as Array<{ id: string; name: string }>).find((r) => r.id === id);
    expect(await offered()).toMatchObject({ name: 'Solo de la buvette' });

    // A field the path does not know is refused by name, the reader keeps its name.
    expect(
      await h.request('PUT', `/api/admin/card-readers/${id}`, { who: 'admin', body: { name: 'Solo entrée', nom: 'Solo entrée' } }),
    ).toMatchObject({ status: 400, body: { code: 'VALIDATION', error: "Le champ « nom » n'est pas autorisé." } });
    expect(await offered()).toMatchObject({ name: 'Solo de la buvette' });
    expect(await h.request('PUT', `/api/admin/card-readers/${id}`, { who: 'admin', body: { name: 'Solo entrée' } })).toMatchObject({
      status: 200,
      body: { id, name: 'Solo entrée' },
    });
    expect(await h.request('DELETE', `/api/admin/card-readers/${id}`, { who: 'admin' })).toMatchObject({
      status: 200,
      body: { id, unpaired: true },
    });
    expect(await offered()).toBeUndefined();
    expect(await h.request('DELETE', `/api/admin/card-readers/${id}`, { who: 'admin' })).toMatchObject({
      status: 404,
      body: { error: 'Lecteur CB inconnu.' },
    });
  });

  it('is for admins only', async () => {
    expect((await h.request('GET', '/api/admin/card-readers')).status).toBe(403);
    expect((await h.request('POST', '/api/admin/card-readers', { body: { pairingCode: 'ABCD1234', name: 'x' } })).status).toBe(403);
  });
});

describe('SumUp pairing (documented Readers API, local fake)', () => {
  let server: http.Server;
  let url: string;
  const requests: Array<{ method: string; path: string; body: unknown; authorization?: string }> = [];
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let data = '';
      req.on('data', (chunk) => {
        data += chunk;
      });
      req.on('end', () => {
        const body = data ? JSON.parse(data) : undefined;
        requests.push({ method: req.method!, path: req.url!, body, authorization: req.headers.authorization });
        const send = (status: number, payload?: unknown) => {
          res.writeHead(status, { 'content-type': 'application/json' });
          res.end(payload === undefined ? '' : JSON.stringify(payload));
        };
        const reader = (name: string) => ({
          id: 'rdr_NEW0000000000000000000001',
          name,
          status: 'processing',
          device: { identifier: 'U1DT3NA42-CN', model: 'solo' },
        });
        if (req.method === 'POST' && req.url === '/v0.1/merchants/MK3RM3SS/readers') {
          return body.pairing_code === 'ABCD1234'
            ? send(201, reader(body.name))
            : send(400, { errors: { detail: 'Invalid pairing code' } });
        }
        if (req.method === 'PATCH' && req.url === '/v0.1/merchants/MK3RM3SS/readers/rdr_NEW0000000000000000000001')
          return send(200, { ...reader(body.name), status: 'paired' });
        if (req.method === 'DELETE' && req.url === '/v0.1/merchants/MK3RM3SS/readers/rdr_NEW0000000000000000000001') return send(204);
        return send(404, { errors: { detail: 'Not found' } });
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  const provider = { name: 'sumup', listReaders: async () => [] } as unknown as CardProvider;

  it('pairs, renames and unpairs through SumUp, with the API key', async () => {
    const admin = createSumUpReaderAdmin({ apiKey: 'sup_sk_test', merchantCode: 'MK3RM3SS', baseUrl: url }, provider);
    expect(await admin.pair({ pairingCode: 'ABCD1234', name: 'Buvette' })).toEqual({
      id: 'rdr_NEW0000000000000000000001',
      name: 'Buvette',
      status: 'processing',
      device: { identifier: 'U1DT3NA42-CN', model: 'solo' },
    });
    expect(requests[0]).toMatchObject({
      method: 'POST',
      body: { pairing_code: 'ABCD1234', name: 'Buvette' },
      authorization: 'Bearer sup_sk_test',
    });
    expect(await admin.rename('rdr_NEW0000000000000000000001', 'Entrée')).toMatchObject({ name: 'Entrée', status: 'paired' });
    expect(await admin.unpair('rdr_NEW0000000000000000000001')).toBe(true);
    expect(await admin.unpair('rdr_UNKNOWN')).toBe(false);
  });

  it('says in French when SumUp refuses the code or cannot be reached', async () => {
    const admin = createSumUpReaderAdmin({ apiKey: 'sup_sk_test', merchantCode: 'MK3RM3SS', baseUrl: url }, provider);
    await expect(admin.pair({ pairingCode: 'ZZZZ9999', name: 'Buvette' })).rejects.toEqual(
      new CardProviderError("SumUp refuse l'appairage : Invalid pairing code.", 400),
    );
    const down = createSumUpReaderAdmin({ apiKey: 'k', merchantCode: 'MK3RM3SS', baseUrl: 'http://127.0.0.1:9' }, provider);
    await expect(down.pair({ pairingCode: 'ABCD1234', name: 'x' })).rejects.toMatchObject({
      status: 503,
      message: 'Le service de paiement SumUp ne répond pas. Réessayez dans un instant.',
    });
  });
});
