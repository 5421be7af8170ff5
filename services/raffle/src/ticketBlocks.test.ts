/**
 * Ticket blocks for offline sales on real Postgres: a register reserves a block, its
 * numbers are offered to no other register and claimed by no other, its own sale of a block number
 * (sent later, when the network is back) is accepted, a block can be given back, concurrent top-ups
 * never share a number.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestbed, type Testbed } from './testSupport.ts';

let tb: Testbed;
let raffleId: number;

interface Block {
  raffleId: number;
  checkoutId: number;
  numbers: number[];
  reservedElsewhere: number[];
}

beforeAll(async () => {
  tb = await startTestbed({ eventId: 3 });
  const created = await tb.call('POST', '/api/admin/raffle', {
    as: 'admin',
    body: { price: [{ nb: 1, p: 2 }], name: 'Tombola hors ligne', tickets: 200 },
  });
  raffleId = ((await created.json()) as { id: number }).id;
});

afterAll(async () => {
  await tb?.close();
});

const topUp = async (checkoutId: number, size: number) => {
  const res = await tb.call('POST', `/api/cr/raffle/${raffleId}/blocks`, { as: 'caissier', body: { checkoutId, size } });
  expect(res.status).toBe(200);
  return (await res.json()) as Block;
};
const claim = (checkoutId: number | undefined, numbers: number[], claimId = randomUUID()) =>
  tb.call('POST', '/internal/claims', {
    as: 'caissier',
    body: { claimId, ...(checkoutId ? { checkoutId } : {}), tickets: numbers.map((number) => ({ raffleId, number })) },
  });

describe('ticket blocks', () => {
  it('reserves a block per register, topped up to its size, never sharing a number', async () => {
    const first = await topUp(1, 10);
    expect(first.numbers).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(first.reservedElsewhere).toEqual([]);
    // The same size again changes nothing; another register gets the next free numbers.
    expect((await topUp(1, 10)).numbers).toEqual(first.numbers);
    const second = await topUp(2, 5);
    expect(second.numbers).toEqual([11, 12, 13, 14, 15]);
    expect(second.reservedElsewhere).toEqual(first.numbers);
    const read = await tb.call('GET', `/api/cr/raffle/${raffleId}/blocks?checkoutId=1`, { as: 'caissier' });
    expect(((await read.json()) as Block).reservedElsewhere).toEqual(second.numbers);

    // Concurrent top-ups of three other registers: disjoint blocks.
    const blocks = await Promise.all([3, 4, 5].map((checkoutId) => topUp(checkoutId, 20)));
    const all = blocks.flatMap((b) => b.numbers);
    expect(all).toHaveLength(60);
    expect(new Set([...all, ...first.numbers, ...second.numbers]).size).toBe(75);
  });

  it('lets only its own register claim a block number, the others and anonymous claims get a 409', async () => {
    const mine = (await topUp(6, 3)).numbers;
    const other = await claim(7, [mine[0]!]);
    expect(other.status).toBe(409);
    const body = (await other.json()) as { error: string; code: string; details: { numbers: number[] } };
    expect(body.code).toBe('TICKET_TAKEN');
    expect(body.details.numbers).toEqual([mine[0]]);
    expect(body.error).toMatch(/numéro de tombola/);
    expect((await claim(undefined, [mine[0]!])).status).toBe(409);
    // Nothing was held by the refused claims.
    expect(await tb.db('tickets').where({ raffle_id: raffleId, number: mine[0]! }).first()).toBeUndefined();

    // The register's own sale, sent later (offline sale synced): accepted; the number leaves the block.
    expect((await claim(6, [mine[0]!, mine[1]!])).status).toBe(201);
    const after = await topUp(6, 3);
    expect(after.numbers).not.toContain(mine[0]);
    expect(after.numbers).not.toContain(mine[1]);
    expect(after.numbers).toContain(mine[2]);
    expect(after.numbers).toHaveLength(3);
  });

  it('keeps block numbers out of the other registers picker and gives a block back', async () => {
    const mine = (await topUp(8, 4)).numbers;
    const view = (await (await tb.call('GET', `/api/cr/raffle/${raffleId}/blocks?checkoutId=9`, { as: 'caissier' })).json()) as Block;
    expect(view.reservedElsewhere).toEqual(expect.arrayContaining(mine));

    const back = await tb.call('POST', `/api/cr/raffle/${raffleId}/blocks/return`, {
      as: 'caissier',
      body: { checkoutId: 8, numbers: [mine[0]] },
    });
    expect(((await back.json()) as Block).numbers).toEqual(mine.slice(1));
    // Given back: anyone may sell it now.
    expect((await claim(9, [mine[0]!])).status).toBe(201);
    // The whole block.
    const all = await tb.call('POST', `/api/cr/raffle/${raffleId}/blocks/return`, { as: 'caissier', body: { checkoutId: 8 } });
    expect(((await all.json()) as Block).numbers).toEqual([]);
    expect((await claim(9, [mine[1]!])).status).toBe(201);
  });

  it('refuses blocks to volunteers, unknown raffles and closed sales, in French', async () => {
    expect((await tb.call('POST', `/api/cr/raffle/${raffleId}/blocks`, { as: 'benevole', body: { checkoutId: 1, size: 5 } })).status).toBe(
      403,
    );
    const unknown = await tb.call('POST', '/api/cr/raffle/999999/blocks', { as: 'caissier', body: { checkoutId: 1, size: 5 } });
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { error: string }).error).toBe('Tombola introuvable.');
    const tooBig = await tb.call('POST', `/api/cr/raffle/${raffleId}/blocks`, { as: 'caissier', body: { checkoutId: 1, size: 0 } });
    expect(tooBig.status).toBe(400);
    await tb.db('raffles').where({ id: raffleId }).update({ sales_closed_at: tb.db.fn.now() });
    const closed = await tb.call('POST', `/api/cr/raffle/${raffleId}/blocks`, { as: 'caissier', body: { checkoutId: 1, size: 5 } });
    expect(closed.status).toBe(409);
    expect(((await closed.json()) as { error: string }).error).toMatch(
      /^La vente des tickets de la tombola « Tombola hors ligne » est close\.$/,
    );
  });
});
