import { describe, expect, it } from 'vitest';
import { commitmentOf, deriveWinners, indexStream, ticketsHash, verifyDrawing, verifyProof, type DrawingProof } from './drawing.ts';

const SEED = 'a3f1c2e4b5d6978812345678deadbeefcafebabe0011223344556677889900aa';
const TICKETS = [1, 2, 3, 5, 8, 13, 21, 34, 55, 89];
const PRIZES = [
  { id: 10, rank: 2, quantity: 2 },
  { id: 11, rank: 1, quantity: 1 },
  { id: 12, rank: 3, quantity: 1 },
];
const WINNERS = [
  { prizeId: 11, number: 21 },
  { prizeId: 10, number: 55 },
  { prizeId: 10, number: 1 },
  { prizeId: 12, number: 5 },
];

describe('winner derivation (kermesse-tirage-v1)', () => {
  it('gives the documented test vector (recomputed independently in Python, see services/raffle/README.md)', async () => {
    expect(await commitmentOf(SEED)).toBe('dae7e0bb157741604b2c7843bf58a11be1092e39738cc91015bc327a3310ef0b');
    expect(await ticketsHash(TICKETS)).toBe('e0be73c79b2560ba4d8bd89c7917c181565bae97a2a4672cc6fe5a42f77b7d36');
    expect(await deriveWinners(SEED, TICKETS, PRIZES)).toEqual(WINNERS);
  });

  it('is deterministic: same seed and tickets, same winners whatever the order the prizes are given in', async () => {
    const tickets = Array.from({ length: 5000 }, (_, i) => 2 * i + 1);
    const prizes = Array.from({ length: 40 }, (_, i) => ({ id: 100 + i, rank: ((i * 7) % 40) + 1, quantity: 1 + (i % 3) }));
    const once = await deriveWinners(SEED, tickets, prizes);
    expect(await deriveWinners(SEED, tickets, [...prizes].reverse())).toEqual(once);
    expect(await deriveWinners('00'.repeat(32), tickets, prizes)).not.toEqual(once);
  });

  it('draws prizes in rank order, each ticket at most once, and stops when tickets run out', async () => {
    const winners = await deriveWinners(
      SEED,
      [4, 9, 16],
      [
        { id: 2, rank: 5, quantity: 3 },
        { id: 1, rank: 1, quantity: 2 },
      ],
    );
    expect(winners.map((w) => w.prizeId)).toEqual([1, 1, 2]);
    expect(new Set(winners.map((w) => w.number))).toEqual(new Set([4, 9, 16]));
    expect(await deriveWinners(SEED, [], PRIZES)).toEqual([]);
  });

  it('refuses an unsorted or duplicated ticket list and a seed that is not 256 bits', async () => {
    await expect(deriveWinners(SEED, [3, 1], PRIZES)).rejects.toThrow('triée');
    await expect(deriveWinners(SEED, [1, 1], PRIZES)).rejects.toThrow('triée');
    await expect(deriveWinners('abc', TICKETS, PRIZES)).rejects.toThrow('256 bits');
  });

  it('draws indices without modulo bias (uniform over a size that does not divide 2^32)', async () => {
    const next = indexStream(SEED, await ticketsHash(TICKETS));
    const n = 3;
    const counts = [0, 0, 0];
    for (let i = 0; i < 30_000; i += 1) counts[await next(n)]! += 1;
    for (const count of counts) expect(Math.abs(count - 10_000)).toBeLessThan(400);
    // Size 1 always answers 0; a size above 2^32 is refused.
    expect(await next(1)).toBe(0);
    await expect(next(2 ** 32 + 1)).rejects.toThrow();
  });
});

describe('verification of a published drawing', () => {
  const proof: DrawingProof = {
    algorithm: 'kermesse-tirage-v1',
    raffleId: 3,
    commitment: 'dae7e0bb157741604b2c7843bf58a11be1092e39738cc91015bc327a3310ef0b',
    ticketsHash: 'e0be73c79b2560ba4d8bd89c7917c181565bae97a2a4672cc6fe5a42f77b7d36',
    tickets: TICKETS,
    seed: SEED,
    prizes: PRIZES,
    winners: WINNERS,
  };

  it('accepts the winners derived from the revealed seed, and catches any change (command-line report)', async () => {
    expect(await verifyProof(proof)).toEqual({ ok: true, checks: expect.arrayContaining([expect.objectContaining({ ok: true })]) });
    expect((await verifyProof({ ...proof, seed: 'ff'.repeat(32) })).ok).toBe(false);
    expect((await verifyProof({ ...proof, tickets: [...TICKETS, 100] })).ok).toBe(false);
    expect((await verifyProof({ ...proof, winners: proof.winners.slice(1) })).ok).toBe(false);
    expect((await verifyProof({ ...proof, seed: null })).checks[0]!.detail).toContain('encore secrète');
    expect((await verifyProof({ ...proof, seed: 'zz' })).ok).toBe(false);
  });

  it('says the same in the words of the public page (browser)', async () => {
    expect((await verifyDrawing(proof)).ok).toBe(true);
    expect((await verifyDrawing({ ...proof, winners: [{ prizeId: 11, number: 2 }, ...WINNERS.slice(1)] })).ok).toBe(false);
    expect((await verifyDrawing({ ...proof, seed: '00'.repeat(32) })).checks[0]).toEqual({
      label: 'La graine révélée correspond à l’engagement publié avant le tirage',
      ok: false,
    });
    expect((await verifyDrawing({ ...proof, seed: null })).ok).toBe(false);
  });
});
