import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { commitmentOf, deriveWinners, ticketsHash, type DrawingProof } from '@kermesse/contracts-raffle';
import { main as verifyCommand } from './verify-drawing.ts';

const SEED = 'a3f1c2e4b5d6978812345678deadbeefcafebabe0011223344556677889900aa';
const TICKETS = [1, 2, 3, 5, 8, 13, 21, 34, 55, 89];
const PRIZES = [
  { id: 10, rank: 2, quantity: 2 },
  { id: 11, rank: 1, quantity: 1 },
  { id: 12, rank: 3, quantity: 1 },
];

describe('the documented verification command (contracts/raffle drawing.ts)', () => {
  it('checks a saved proof file: 0 when it holds, 1 when a winner changed, 2 when unreadable', async () => {
    const proof: DrawingProof = {
      algorithm: 'kermesse-tirage-v1',
      raffleId: 3,
      commitment: await commitmentOf(SEED),
      ticketsHash: await ticketsHash(TICKETS),
      tickets: TICKETS,
      seed: SEED,
      prizes: PRIZES,
      winners: await deriveWinners(SEED, TICKETS, PRIZES),
    };
    const dir = mkdtempSync(path.join(tmpdir(), 'preuve-'));
    try {
      const file = path.join(dir, 'preuve.json');
      writeFileSync(file, JSON.stringify({ success: true, data: proof }));
      const lines: string[] = [];
      expect(await verifyCommand([file], (l) => lines.push(l))).toBe(0);
      expect(lines).toContain("Vérification réussie : le tirage est conforme à l'engagement publié.");
      writeFileSync(file, JSON.stringify({ ...proof, winners: [{ prizeId: 11, number: 2 }, ...proof.winners.slice(1)] }));
      expect(await verifyCommand([file], () => undefined)).toBe(1);
      expect(await verifyCommand([path.join(dir, 'absent.json')], () => undefined)).toBe(2);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
