import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError, notFound } from './errors.ts';
import { createEventCheck, REGISTER_UNAVAILABLE, type RegisterEvent } from './eventCheck.ts';
import { freePort } from '../testing/resources.ts';

/** A register that knows event 5 (created a moment ago), answers 404 for others and fails for 13. */
let server: Server;
let registerUrl: string;
const asked: Array<{ url?: string; authorization?: string }> = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    asked.push({ url: req.url, authorization: req.headers.authorization });
    const json = (status: number, value: unknown) =>
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
    if (req.url === '/internal/events/5') return json(200, { id: 5, name: 'Kermesse 2027', startsOn: '2027-06-12' });
    if (req.url === '/internal/events/13') return json(500, { error: 'Erreur interne du serveur.' });
    return json(404, { error: 'Événement introuvable.', code: 'EVENT_NOT_FOUND' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  registerUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** A service's read model of the events (known ids), and what the check kept in it. */
function readModel(known: number[]) {
  const ids = new Set(known);
  const remembered: RegisterEvent[] = [];
  return {
    remembered,
    find: async (id: number) => ids.has(id),
    remember: async (event: RegisterEvent) => {
      remembered.push(event);
      ids.add(event.id);
    },
  };
}

const ownNotFound = () => notFound('Événement introuvable.').withCode('EVENT_NOT_FOUND');

async function refusal(promise: Promise<unknown>): Promise<HttpError> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof HttpError) return err;
    throw err;
  }
  throw new Error('expected a refusal');
}

describe('createEventCheck', () => {
  it('answers from the read model without asking the register', async () => {
    const model = readModel([1]);
    const before = asked.length;
    await createEventCheck({ registerUrl, ...model, notFound: ownNotFound }).require(1, 'jeton');
    expect(asked.length).toBe(before);
    expect(model.remembered).toEqual([]);
  });

  it('asks the register, with the caller’s token, about an event the read model has not received yet, and keeps it', async () => {
    const model = readModel([]);
    const check = createEventCheck({ registerUrl, ...model, notFound: ownNotFound });
    await check.require(5, 'jeton');
    expect(asked.at(-1)).toEqual({ url: '/internal/events/5', authorization: 'Bearer jeton' });
    expect(model.remembered).toEqual([{ id: 5, name: 'Kermesse 2027', startsOn: '2027-06-12' }]);
    // Known now: the next request does not ask again.
    const before = asked.length;
    await check.require(5, 'jeton');
    expect(asked.length).toBe(before);
  });

  it('refuses with the service’s own 404 when the register does not know the event either', async () => {
    const model = readModel([]);
    const error = await refusal(createEventCheck({ registerUrl, ...model, notFound: ownNotFound }).require(9999, 'jeton'));
    expect({ status: error.status, code: error.code, message: error.message }).toEqual({
      status: 404,
      code: 'EVENT_NOT_FOUND',
      message: 'Événement introuvable.',
    });
    expect(model.remembered).toEqual([]);
  });

  it('is a French 503, never an accepted event, when the register fails or cannot be reached', async () => {
    const failing = await refusal(createEventCheck({ registerUrl, ...readModel([]), notFound: ownNotFound }).require(13, 'jeton'));
    expect({ status: failing.status, code: failing.code, message: failing.message }).toEqual({
      status: 503,
      code: 'UNAVAILABLE',
      message: REGISTER_UNAVAILABLE,
    });
    const away = `http://127.0.0.1:${await freePort()}`;
    const down = await refusal(createEventCheck({ registerUrl: away, ...readModel([]), notFound: ownNotFound }).require(5, 'jeton'));
    expect(down.status).toBe(503);
  });

  it('tries the replicas of a REGISTER_URL list in order: one away, the next answers', async () => {
    const away = `http://127.0.0.1:${await freePort()}`;
    const model = readModel([]);
    await createEventCheck({ registerUrl: `${away}, ${registerUrl}`, ...model, notFound: ownNotFound }).require(5, 'jeton');
    expect(model.remembered.map((e) => e.id)).toEqual([5]);
  });
});
