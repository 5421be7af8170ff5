// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { deriveWinners, sha256Hex, verifyDrawing } from './verifyInBrowser';

// The documented test vector of services/raffle (drawing/derive.test.ts and services/raffle/README.md).
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
const proof = {
  algorithm: 'kermesse-tirage-v1',
  raffleId: 1,
  commitment: 'dae7e0bb157741604b2c7843bf58a11be1092e39738cc91015bc327a3310ef0b',
  ticketsHash: 'e0be73c79b2560ba4d8bd89c7917c181565bae97a2a4672cc6fe5a42f77b7d36',
  tickets: TICKETS,
  seed: SEED,
  prizes: PRIZES,
  winners: WINNERS,
};

describe('drawing verification in the browser (Web Crypto)', () => {
  it('derives the same winners as the service and its verification command', async () => {
    expect(await sha256Hex(TICKETS.join(','))).toBe(proof.ticketsHash);
    expect(await deriveWinners(SEED, TICKETS, PRIZES)).toEqual(WINNERS);
  });

  it('confirms a genuine drawing and catches a changed winner or seed', async () => {
    expect((await verifyDrawing(proof)).ok).toBe(true);
    expect((await verifyDrawing({ ...proof, winners: [{ prizeId: 11, number: 2 }, ...WINNERS.slice(1)] })).ok).toBe(false);
    const otherSeed = await verifyDrawing({ ...proof, seed: '00'.repeat(32) });
    expect(otherSeed.checks[0]).toEqual({ label: 'La graine révélée correspond à l’engagement publié avant le tirage', ok: false });
    expect((await verifyDrawing({ ...proof, seed: null })).ok).toBe(false);
  });
});
