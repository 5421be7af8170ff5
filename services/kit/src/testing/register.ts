/**
 * A stand-in for the register's `GET /internal/events/{id}` (docs/platform.md « Events of a fair »),
 * for a service test whose API takes an event id: the events it `knows` answer 200 `{ id, name,
 * startsOn }`, every other id the register's French 404. It answers only a signed-in caller (a bearer
 * token), like the register, and counts the questions so a test can see the read model answered alone.
 *
 *   const register = await startTestRegister();   // REGISTER_URL / buildApp({ registerUrl: register.url })
 *   register.knows({ id: 7, name: 'Kermesse 2027', startsOn: '2027-06-12' });
 */
import { createServer } from 'node:http';
import type { RegisterEvent } from '../http/eventCheck.ts';

export interface TestRegister {
  url: string;
  /** Makes the register know an event (created there, its announcement not necessarily delivered). */
  knows(event: RegisterEvent): void;
  /** How many times an event was asked about. */
  readonly asked: number;
  close(): Promise<void>;
}

export async function startTestRegister(): Promise<TestRegister> {
  const events = new Map<number, RegisterEvent>();
  let asked = 0;
  const server = createServer((req, res) => {
    const json = (status: number, value: unknown) =>
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
    const match = /^\/internal\/events\/(\d+)$/.exec((req.url ?? '').split('?')[0] ?? '');
    if (req.method !== 'GET' || !match) return json(404, { error: 'Ressource introuvable.', code: 'NOT_FOUND' });
    if (!/^Bearer \S+$/.test(req.headers.authorization ?? ''))
      return json(401, { error: 'Authentification requise.', code: 'UNAUTHENTICATED' });
    asked += 1;
    const event = events.get(Number(match[1]));
    return event ? json(200, event) : json(404, { error: 'Événement introuvable.', code: 'EVENT_NOT_FOUND' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    knows(event) {
      events.set(event.id, event);
    },
    get asked() {
      return asked;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
