/**
 * The verifiable drawing « kermesse-tirage-v1 », in the spirit of RFC 3797: everything the
 * winners depend on is fixed and published before the drawing, and anyone can recompute them.
 *
 * 1. When ticket sales close, the service draws a secret 256-bit seed S (crypto.randomBytes) and
 *    publishes
 *      - the commitment  C = hex(SHA-256(S)),
 *      - the sold tickets, sorted ascending: T = [t1, t2, …],
 *      - their hash      H = hex(SHA-256(« t1,t2,… »))  (decimal numbers joined by commas, ASCII).
 * 2. The drawing derives every winner from S and H only:
 *      - random blocks   B_i = HMAC-SHA256(key = S, message = « kermesse-tirage-v1:H:i »), i = 0, 1, 2…,
 *        read as consecutive unsigned 32-bit big-endian integers u;
 *      - an index below n without modulo bias: reject u ≥ 2^32 − (2^32 mod n), else take u mod n;
 *      - pool = T; prizes in rank order (rank ascending, then prize id), each unit of each prize in
 *        turn: i = index below pool length, the winner is pool[i], pool[i] is replaced by the last
 *        ticket of the pool, which is shortened by one (a partial Fisher–Yates shuffle, so a ticket
 *        wins at most once). When the pool is empty the remaining prizes have no winner.
 * 3. After the drawing the seed S is published: anyone checks SHA-256(S) = C, SHA-256(T) = H and
 *    recomputes the winners (`npx tsx services/raffle/src/verify-drawing.ts <proof URL or file>`).
 *
 * This module uses node:crypto only, so the verification command needs nothing else.
 */
import { createHash, createHmac } from 'node:crypto';

export const ALGORITHM = 'kermesse-tirage-v1';

export interface DrawPrize {
  id: number;
  rank: number;
  quantity: number;
}

export interface DrawnWinner {
  prizeId: number;
  number: number;
}

const TWO_POW_32 = 2 ** 32;

/** « 3,7,12 »: the canonical text of a sorted ticket list. */
export function canonicalTickets(tickets: readonly number[]): string {
  return tickets.join(',');
}

export const sha256Hex = (data: string | Uint8Array): string => createHash('sha256').update(data).digest('hex');

/** H: hash of the sorted list of sold tickets. */
export const ticketsHash = (sortedTickets: readonly number[]): string => sha256Hex(canonicalTickets(sortedTickets));

/** C: the commitment to a seed given in hex (64 hex digits = 256 bits). */
export function commitmentOf(seedHex: string): string {
  return sha256Hex(seedBytes(seedHex));
}

function seedBytes(seedHex: string): Buffer {
  if (!/^[0-9a-f]{64}$/.test(seedHex)) throw new Error('La graine doit compter 64 chiffres hexadécimaux (256 bits).');
  return Buffer.from(seedHex, 'hex');
}

/** Prizes in drawing order: rank ascending, then id. */
export function drawingOrder<T extends DrawPrize>(prizes: readonly T[]): T[] {
  return [...prizes].sort((a, b) => a.rank - b.rank || a.id - b.id);
}

/** The stream of unbiased indices drawn from the seed and the tickets hash. */
export function indexStream(seedHex: string, hash: string): (n: number) => number {
  const key = seedBytes(seedHex);
  let block = Buffer.alloc(0);
  let offset = 0;
  let counter = 0;
  const nextUint32 = (): number => {
    if (offset >= block.length) {
      block = createHmac('sha256', key).update(`${ALGORITHM}:${hash}:${counter}`).digest();
      counter += 1;
      offset = 0;
    }
    const value = block.readUInt32BE(offset);
    offset += 4;
    return value;
  };
  return (n: number): number => {
    if (!Number.isInteger(n) || n < 1 || n > TWO_POW_32) throw new Error(`Taille de tirage invalide : ${n}`);
    const limit = TWO_POW_32 - (TWO_POW_32 % n);
    for (;;) {
      const u = nextUint32();
      if (u < limit) return u % n;
    }
  };
}

/**
 * Derives the winners: `sortedTickets` ascending and without duplicates (as committed), prizes in
 * any order (they are put in drawing order here). Returns one entry per prize unit that has a ticket.
 */
export function deriveWinners(seedHex: string, sortedTickets: readonly number[], prizes: readonly DrawPrize[]): DrawnWinner[] {
  for (let i = 1; i < sortedTickets.length; i += 1) {
    if (!(sortedTickets[i]! > sortedTickets[i - 1]!)) throw new Error('La liste des tickets doit être triée et sans doublon.');
  }
  const nextIndex = indexStream(seedHex, ticketsHash(sortedTickets));
  const pool = [...sortedTickets];
  const winners: DrawnWinner[] = [];
  for (const prize of drawingOrder(prizes)) {
    for (let unit = 0; unit < prize.quantity; unit += 1) {
      if (pool.length === 0) return winners;
      const i = nextIndex(pool.length);
      winners.push({ prizeId: prize.id, number: pool[i]! });
      pool[i] = pool[pool.length - 1]!;
      pool.pop();
    }
  }
  return winners;
}

/** Everything published about a drawing (GET /api/public/raffle/{id}/drawing/proof). */
export interface DrawingProof {
  algorithm: string;
  raffleId: number;
  commitment: string;
  ticketsHash: string;
  tickets: number[];
  /** Null until the drawing: the seed stays secret before. */
  seed: string | null;
  prizes: DrawPrize[];
  winners: DrawnWinner[];
}

export interface VerificationReport {
  ok: boolean;
  checks: Array<{ label: string; ok: boolean; detail?: string }>;
}

/** Recomputes a published drawing; every check is reported, in French. */
export function verifyProof(proof: DrawingProof): VerificationReport {
  const checks: VerificationReport['checks'] = [];
  if (proof.algorithm !== ALGORITHM) {
    checks.push({ label: `Algorithme ${ALGORITHM}`, ok: false, detail: `reçu « ${proof.algorithm} »` });
    return { ok: false, checks };
  }
  if (!proof.seed) {
    checks.push({ label: 'Graine publiée', ok: false, detail: "le tirage n'a pas encore eu lieu : la graine est encore secrète" });
    return { ok: false, checks };
  }
  const commitment = commitmentOf(proof.seed);
  checks.push({ label: 'SHA-256(graine) = engagement publié', ok: commitment === proof.commitment, detail: commitment });
  const hash = ticketsHash(proof.tickets);
  checks.push({ label: 'SHA-256(liste des tickets vendus) = empreinte publiée', ok: hash === proof.ticketsHash, detail: `${proof.tickets.length} tickets, ${hash}` });
  let recomputed: DrawnWinner[] = [];
  try {
    recomputed = deriveWinners(proof.seed, proof.tickets, proof.prizes);
  } catch (err) {
    checks.push({ label: 'Gagnants recalculés', ok: false, detail: (err as Error).message });
    return { ok: false, checks };
  }
  const same = recomputed.length === proof.winners.length
    && recomputed.every((w, i) => w.prizeId === proof.winners[i]!.prizeId && w.number === proof.winners[i]!.number);
  checks.push({ label: 'Gagnants recalculés = gagnants publiés', ok: same, detail: `${recomputed.length} gagnant(s)` });
  return { ok: checks.every((c) => c.ok), checks };
}
