/**
 * A raffle or a gift basket belongs to one of the register's events, with the real raffle service
 * (its own process, REGISTER_URL pointing at this register): an event the raffle service has not
 * heard of yet is asked of the register before being refused, an unknown one is a French 404.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRegisterHarness, type RegisterHarness } from './testing/harness.ts';

let h: RegisterHarness;

beforeAll(async () => {
  h = await startRegisterHarness({ raffle: true });
}, 120_000);

afterAll(async () => {
  await h?.close();
});

async function asAdmin(path: string, body: unknown): Promise<{ status: number; body: { id?: number; code?: string; error?: string } }> {
  const res = await fetch(h.raffle.url + path, {
    method: 'POST',
    headers: { authorization: `Bearer ${h.tokens.admin}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

describe('the event of a new raffle or gift basket', () => {
  it('is refused in French when the register does not know it either, and nothing is created', async () => {
    const raffle = await asAdmin('/api/admin/raffle', { name: 'Tombola fantôme', tickets: 100, price: [{ nb: 1, p: 2 }], eventId: 99_999 });
    expect(raffle).toMatchObject({ status: 404, body: { code: 'EVENT_NOT_FOUND', error: 'Événement introuvable.' } });
    const basket = await asAdmin('/api/admin/gift-basket', { name: 'Panier fantôme', price: [{ nb: 1, p: 2 }], eventId: 99_999 });
    expect(basket).toMatchObject({ status: 404, body: { code: 'EVENT_NOT_FOUND' } });
    const listed = await fetch(`${h.raffle.url}/api/admin/raffles`, { headers: { authorization: `Bearer ${h.tokens.admin}` } });
    expect(((await listed.json()) as Array<{ name: string }>).map((r) => r.name)).not.toContain('Tombola fantôme');
  });

  it('is taken when the register knows it, even before its announcement reaches the raffle service', async () => {
    // An event the register holds but never announced (as while NATS is away): only the register can vouch for it.
    const [row] = await h.db('events').insert({ name: 'Fête d’automne' }).returning('id');
    const eventId = (row as { id: number }).id;
    const raffle = await asAdmin('/api/admin/raffle', { name: 'Tombola d’automne', tickets: 100, price: [{ nb: 1, p: 2 }], eventId });
    expect(raffle.status).toBe(201);
    const basket = await asAdmin('/api/admin/gift-basket', { name: 'Panier d’automne', price: [{ nb: 1, p: 2 }], eventId });
    expect(basket.status).toBe(201);
    const listed = await fetch(`${h.raffle.url}/api/admin/raffles`, { headers: { authorization: `Bearer ${h.tokens.admin}` } });
    expect(((await listed.json()) as Array<{ id: number; eventId: number }>).find((r) => r.id === raffle.body.id)).toMatchObject({
      eventId,
    });
  });
});
