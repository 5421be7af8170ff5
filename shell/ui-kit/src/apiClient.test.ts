// @vitest-environment node
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiError, createApiClient, NETWORK_ERROR_MESSAGE } from './apiClient';

interface SeenRequest {
  method: string;
  contentType: string | undefined;
  url: string;
  authorization: string | undefined;
  idempotencyKey: string | undefined;
  body: string;
}

let server: Server;
let baseUrl: string;
let seen: SeenRequest[];

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => resolve(body));
  });
}

beforeEach(async () => {
  seen = [];
  server = createServer(async (req, res) => {
    seen.push({
      method: req.method ?? '',
      contentType: req.headers['content-type'],
      url: req.url ?? '',
      authorization: req.headers.authorization,
      idempotencyKey: req.headers['idempotency-key'] as string | undefined,
      body: await readBody(req),
    });
    const json = (status: number, value: unknown) => {
      res.writeHead(status, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(value));
    };
    if (req.url === '/api/cr/events') return json(200, [{ id: 1, name: 'Kermesse de printemps' }]);
    if (req.url === '/api/login') return json(401, { error: 'Identifiants invalides.' });
    if (req.url === '/api/cr/sale/create')
      return json(409, { error: "Ces numéros de tombola viennent d'être vendus : 12.", taken: { tickets: [12] } });
    if (req.url === '/api/too-many') return json(429, { error: 'Trop de tentatives. Réessayez dans 60 secondes.' });
    if (req.url === '/api/broken') {
      res.writeHead(502, { 'Content-Type': 'text/html' });
      return res.end('<h1>Bad gateway</h1>');
    }
    if (req.url === '/api/token/release') return json(200, { success: true });
    if (req.url === '/api/import') return json(200, { imported: 2 });
    if (req.url === '/api/modele.csv') {
      res.writeHead(200, { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="inventaire.csv"' });
      return res.end('nom;quantité\n');
    }
    if (req.url === '/api/plain.pdf') {
      res.writeHead(200, { 'Content-Type': 'application/pdf' });
      return res.end('%PDF');
    }
    res.writeHead(204).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterEach(async () => {
  await new Promise((resolve) => server.close(resolve));
});

describe('createApiClient', () => {
  it('sends the bearer token and returns the parsed JSON answer', async () => {
    const client = createApiClient({ baseUrl, getToken: () => 'abc.def.ghi' });

    const events = await client.get<{ id: number; name: string }[]>('/api/cr/events');

    expect(events).toEqual([{ id: 1, name: 'Kermesse de printemps' }]);
    expect(seen[0]?.authorization).toBe('Bearer abc.def.ghi');
  });

  it('reads the token at each call, so a token stored later is used', async () => {
    let token: string | null = null;
    const client = createApiClient({ baseUrl, getToken: () => token });

    await client.post('/api/token/release');
    token = 'later';
    await client.post('/api/token/release');

    expect(seen.map((request) => request.authorization)).toEqual([undefined, 'Bearer later']);
  });

  it('sends a JSON body', async () => {
    const client = createApiClient({ baseUrl });

    await client.post('/api/login', { email: 'caissier@kermesse.local', password: 'x' }).catch(() => undefined);

    expect(JSON.parse(seen[0]?.body ?? '')).toEqual({ email: 'caissier@kermesse.local', password: 'x' });
  });

  it("carries the server's French message and the status", async () => {
    const client = createApiClient({ baseUrl });

    const error = await client.post('/api/login', {}).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, message: 'Identifiants invalides.' });
  });

  it('carries the rate-limit message', async () => {
    const error = await createApiClient({ baseUrl })
      .get('/api/too-many')
      .catch((caught: unknown) => caught);

    expect(error).toMatchObject({ status: 429, message: 'Trop de tentatives. Réessayez dans 60 secondes.' });
  });

  it('names the HTTP status when the answer has no message', async () => {
    const error = await createApiClient({ baseUrl })
      .get('/api/broken')
      .catch((caught: unknown) => caught);

    expect(error).toMatchObject({ status: 502, message: 'Erreur HTTP : 502' });
  });

  it('returns nothing for an empty answer', async () => {
    await expect(createApiClient({ baseUrl }).delete('/api/anything')).resolves.toBeUndefined();
  });

  it('says the server cannot be reached when nothing listens', async () => {
    const unreachable = baseUrl;
    await new Promise((resolve) => server.close(resolve));
    server = createServer();

    const error = await createApiClient({ baseUrl: unreachable })
      .get('/api/cr/events')
      .catch((caught: unknown) => caught);

    expect(error).toMatchObject({ status: 0, message: NETWORK_ERROR_MESSAGE });
    expect(NETWORK_ERROR_MESSAGE).toBe('Impossible de contacter le serveur.');
  });

  it('sends the extra headers of a call, such as an Idempotency-Key', async () => {
    const client = createApiClient({ baseUrl, getToken: () => 'abc.def.ghi' });

    await client.post('/api/token/release', {}, { headers: { 'Idempotency-Key': 'k-1' } });
    await client.post('/api/token/release', {});

    expect(seen.map((request) => request.idempotencyKey)).toEqual(['k-1', undefined]);
    expect(seen[0]?.authorization).toBe('Bearer abc.def.ghi');
  });

  it("keeps the server's whole answer on the error for screens that need more than the message", async () => {
    const error = await createApiClient({ baseUrl })
      .post('/api/cr/sale/create', {})
      .catch((caught: unknown) => caught);

    expect(error).toMatchObject({
      status: 409,
      message: "Ces numéros de tombola viennent d'être vendus : 12.",
      body: { taken: { tickets: [12] } },
    });
  });

  it('uses the fetch it is given', async () => {
    const client = createApiClient({ fetch: async () => Response.json({ ok: true }) });

    await expect(client.get('/relative/path')).resolves.toEqual({ ok: true });
  });

  it('uploads a multipart form with the token and reads the JSON answer', async () => {
    const form = new FormData();
    form.append('eventId', '3');
    form.append('file', new Blob(['nom;prix\n'], { type: 'text/csv' }), 'produits.csv');

    const answer = await createApiClient({ baseUrl, getToken: () => 'abc.def.ghi' }).upload('/api/import', form);

    expect(answer).toEqual({ imported: 2 });
    expect(seen[0]).toMatchObject({ method: 'POST', authorization: 'Bearer abc.def.ghi' });
    expect(seen[0]?.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(seen[0]?.body).toContain('filename="produits.csv"');
  });

  it('downloads a file with the name the server gives, or the fallback name', async () => {
    const client = createApiClient({ baseUrl, getToken: () => 'abc.def.ghi' });

    const csv = await client.download('/api/modele.csv', { accept: 'text/csv' });
    const pdf = await client.download('/api/plain.pdf', { fallbackName: 'lots.pdf' });

    expect(csv.filename).toBe('inventaire.csv');
    expect(await csv.blob.text()).toBe('nom;quantité\n');
    expect(pdf.filename).toBe('lots.pdf');
    expect(seen[0]?.authorization).toBe('Bearer abc.def.ghi');
  });

  it('turns a refused download into an ApiError with the French message', async () => {
    const error = await createApiClient({ baseUrl })
      .download('/api/login')
      .catch((caught: unknown) => caught);

    expect(error).toMatchObject({ status: 401, message: 'Identifiants invalides.' });
  });
});
