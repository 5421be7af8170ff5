import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from './errors.ts';
import { createInternalClient } from './internalClient.ts';
import { REFUSING_URL } from '../testing/resources.ts';

const UNAVAILABLE = 'Le service de tombola ne répond pas.';
let server: Server;
let base: string;
const seen: Array<{ method?: string; url?: string; authorization?: string; body: string }> = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      seen.push({ method: req.method, url: req.url, authorization: req.headers.authorization, body });
      const json = (status: number, value: unknown) =>
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
      switch (req.url) {
        case '/claims':
          return json(201, { claimId: 'c1' });
        case '/empty':
          return void res.writeHead(204).end();
        case '/taken':
          return json(409, { error: 'Numéros déjà vendus.', code: 'TICKET_TAKEN', details: { numbers: [3] } });
        case '/taken-bare':
          return json(409, {});
        case '/unknown':
          return json(404, { error: 'Tombola introuvable.' });
        case '/invalid':
          return json(422, { error: 'Trop de tickets.', code: 'TOO_MANY' });
        case '/forbidden':
          return json(403, { error: 'Accès refusé.' });
        case '/broken':
          return json(500, { error: 'Erreur interne du serveur.' });
        case '/slow':
          return void setTimeout(() => json(200, {}), 500);
        default:
          return json(404, {});
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function refusal(promise: Promise<unknown>): Promise<HttpError> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof HttpError) return err;
    throw err;
  }
  throw new Error('expected a refusal');
}

describe('internal client', () => {
  const client = () =>
    createInternalClient({
      service: 'raffle',
      baseUrl: `${base}/`,
      unavailable: UNAVAILABLE,
      timeoutMs: 200,
      conflictCode: 'CLAIM_TAKEN',
      conflictMessage: 'Déjà pris.',
    });

  it('sends JSON with the bearer and resolves to the answer', async () => {
    expect(await client().call('POST', '/claims', { body: { claimId: 'c1' }, bearer: 'tok' })).toEqual({ claimId: 'c1' });
    expect(seen.at(-1)).toMatchObject({ method: 'POST', url: '/claims', authorization: 'Bearer tok', body: '{"claimId":"c1"}' });
    expect(await client().call('GET', '/empty')).toBeUndefined();
  });

  it('maps refusals: 409 with message, code and details; another 4xx kept (404 → 400); the rest 503', async () => {
    expect(await refusal(client().call('POST', '/taken'))).toMatchObject({
      status: 409,
      message: 'Numéros déjà vendus.',
      code: 'TICKET_TAKEN',
      details: { numbers: [3] },
    });
    expect(await refusal(client().call('POST', '/taken-bare'))).toMatchObject({ status: 409, message: 'Déjà pris.', code: 'CLAIM_TAKEN' });
    expect(await refusal(client().call('POST', '/unknown'))).toMatchObject({ status: 400, message: 'Tombola introuvable.' });
    expect(await refusal(client().call('POST', '/invalid'))).toMatchObject({ status: 422, code: 'TOO_MANY' });
    for (const path of ['/forbidden', '/broken', '/slow']) {
      expect(await refusal(client().call('POST', path))).toMatchObject({ status: 503, message: UNAVAILABLE });
    }
    const down = createInternalClient({ service: 'raffle', baseUrl: REFUSING_URL, unavailable: UNAVAILABLE });
    expect(await refusal(down.call('POST', '/claims'))).toMatchObject({ status: 503, message: UNAVAILABLE });
  });

  it('send() resolves on the expected statuses and names the service otherwise', async () => {
    expect(await client().send('DELETE', '/empty')).toBe(204);
    expect(await client().send('DELETE', '/unknown', { ok: [200, 204, 404] })).toBe(404);
    await expect(client().send('POST', '/broken')).rejects.toThrow('raffle answered 500 to POST /broken');
  });
});
