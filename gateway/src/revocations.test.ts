/**
 * A disabled person is refused at once by every gateway replica, not only by the one that proxied
 * the change: identity's `user.tokens.revoked` (real NATS JetStream, own namespace) makes each replica
 * drop that person's cached « not revoked » answers, however long they would otherwise be trusted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenVerifier } from '@kermesse/kit/auth';
import { buildEnvelope, connectBus, type Bus } from '@kermesse/kit/bus';
import './events.ts';
import { listen, type RunningServer } from '@kermesse/kit/http';
import { deleteTestStream, eventually, testNamespace, TEST_NATS_URL } from '@kermesse/kit/testing';
import { buildApp } from './app.ts';
import { SERVICE_NAMES, type ServiceName } from './routeTable.ts';
import { silentLogger, startTestGateway, type TestGateway } from './testSupport.ts';

const namespace = testNamespace();
let bus: Bus;
let first: TestGateway;
let second: { url: string; server: RunningServer; close(): Promise<void> };

beforeAll(async () => {
  bus = await connectBus({ url: TEST_NATS_URL, namespace, name: 'gateway-test' });
  first = await startTestGateway({ revocations: bus }, { disableRevokes: true });
  // A second replica in front of the same services, trusting a « not revoked » answer for a minute:
  // only the event can make it refuse the token within the test.
  const upstreams = Object.fromEntries(SERVICE_NAMES.map((name) => [name, first.services[name].url])) as Record<ServiceName, string>;
  const app = buildApp({
    root: '/nonexistent',
    logger: silentLogger,
    upstreams,
    revocations: bus,
    verifier: createTokenVerifier({ identityUrl: first.identity.url, revocationTtlMs: 60_000 }),
  });
  const server = await listen(app, 0);
  second = {
    url: `http://127.0.0.1:${server.port}`,
    server,
    async close() {
      await server.close();
      app.closeUpstreams();
    },
  };
});

afterAll(async () => {
  await second?.close();
  await first?.close();
  await bus?.close();
  await deleteTestStream(namespace);
});

async function status(base: string, token: string): Promise<number> {
  const res = await fetch(`${base}/api/cr/events`, { headers: { Authorization: `Bearer ${token}` } });
  await res.arrayBuffer();
  return res.status;
}

describe('user.tokens.revoked through every gateway replica', () => {
  it("refuses a disabled person's next call on the other replica too, others still served", async () => {
    const admin = await first.identity.sign({ roles: ['admin'], sub: 'admin-1' });
    const lucie = await first.identity.sign({ roles: ['cashier'], sub: 'lucie' });
    const paul = await first.identity.sign({ roles: ['cashier'], sub: 'paul' });
    for (const base of [first.url, second.url]) {
      for (const token of [lucie, paul]) {
        expect(await status(base, token)).toBe(200);
        expect(await status(base, token)).toBe(200);
      }
    }

    // The administrator disables Lucie through the first replica; identity's relay publishes the event.
    const put = await fetch(`${first.url}/api/admin/users/lucie`, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${admin}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ disabled: true }),
    });
    expect(put.status).toBe(200);
    await put.arrayBuffer();
    expect(await status(first.url, lucie)).toBe(401);
    const envelope = buildEnvelope('identity', 'user.tokens.revoked', { userId: 'lucie', reason: 'disabled' });
    await bus.js.publish(bus.subjectOf(envelope), new TextEncoder().encode(JSON.stringify(envelope)), { msgID: envelope.id });

    // The second replica had her token cached for a minute: the event alone turns it into a 401.
    await eventually(async () => (await status(second.url, lucie)) === 401, 5_000);
    expect(await status(second.url, paul)).toBe(200);
  });
});
