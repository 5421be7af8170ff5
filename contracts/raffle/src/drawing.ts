/**
 * The verifiable drawing « kermesse-tirage-v1 », in the spirit of RFC 3797: everything the
 * winners depend on is fixed and published before the drawing, and anyone can recompute them.
 * Written once for the service (which draws), its command-line verifier and the visitor's browser
 * (which checks): Web Crypto only (`globalThis.crypto.subtle`, in Node ≥ 20 and every browser).
 *
 * 1. When ticket sales close, the service draws a secret 256-bit seed S and publishes
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
 *    recomputes the winners (`npx tsx services/raffle/src/verify-drawing.ts <proof URL or file>`,
 *    or the « Vérifier le tirage » button of the public results page).
 */

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

const TWO_POW_32 = 2 ** 32;
const encoder = new TextEncoder();
const subtle = () => globalThis.crypto.subtle;
const toHex = (bytes: ArrayBuffer) => [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, '0')).join('');

/** « 3,7,12 »: the canonical text of a sorted ticket list. */
export function canonicalTickets(tickets: readonly number[]): string {
  return tickets.join(',');
}

export const SEED_MESSAGE = 'La graine doit compter 64 chiffres hexadécimaux (256 bits).';

/** The 32 bytes of a seed written as 64 lowercase hex digits. */
export function seedBytes(seedHex: string): Uint8Array<ArrayBuffer> {
  if (!/^[0-9a-f]{64}$/.test(seedHex)) throw new Error(SEED_MESSAGE);
  const bytes = new Uint8Array(32);
  for (let i = 0; i < 32; i += 1) bytes[i] = parseInt(seedHex.slice(2 * i, 2 * i + 2), 16);
  return bytes;
}

export async function sha256Hex(data: string | Uint8Array<ArrayBuffer>): Promise<string> {
  return toHex(await subtle().digest('SHA-256', typeof data === 'string' ? encoder.encode(data) : data));
}

/** H: hash of the sorted list of sold tickets. */
export const ticketsHash = (sortedTickets: readonly number[]): Promise<string> => sha256Hex(canonicalTickets(sortedTickets));

/** C: the commitment to a seed given in hex (64 hex digits = 256 bits). */
export async function commitmentOf(seedHex: string): Promise<string> {
  return sha256Hex(seedBytes(seedHex));
}

/** Prizes in drawing order: rank ascending, then id. */
export function drawingOrder<T extends DrawPrize>(prizes: readonly T[]): T[] {
  return [...prizes].sort((a, b) => a.rank - b.rank || a.id - b.id);
}

/** The stream of unbiased indices drawn from the seed and the tickets hash. */
export function indexStream(seedHex: string, hash: string): (n: number) => Promise<number> {
  const raw = seedBytes(seedHex);
  let key: Promise<CryptoKey> | undefined;
  let block = new DataView(new ArrayBuffer(0));
  let offset = 0;
  let counter = 0;
  const nextUint32 = async (): Promise<number> => {
    if (offset >= block.byteLength) {
      key ??= subtle().importKey('raw', raw, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
      block = new DataView(await subtle().sign('HMAC', await key, encoder.encode(`${ALGORITHM}:${hash}:${counter}`)));
      counter += 1;
      offset = 0;
    }
    const value = block.getUint32(offset);
    offset += 4;
    return value;
  };
  return async (n: number): Promise<number> => {
    if (!Number.isInteger(n) || n < 1 || n > TWO_POW_32) throw new Error(`Taille de tirage invalide : ${n}`);
    const limit = TWO_POW_32 - (TWO_POW_32 % n);
    for (;;) {
      const u = await nextUint32();
      if (u < limit) return u % n;
    }
  };
}

/**
 * Derives the winners: `sortedTickets` ascending and without duplicates (as committed), prizes in
 * any order (they are put in drawing order here). Returns one entry per prize unit that has a ticket.
 */
export async function deriveWinners(
  seedHex: string,
  sortedTickets: readonly number[],
  prizes: readonly DrawPrize[],
): Promise<DrawnWinner[]> {
  for (let i = 1; i < sortedTickets.length; i += 1) {
    if (!(sortedTickets[i]! > sortedTickets[i - 1]!)) throw new Error('La liste des tickets doit être triée et sans doublon.');
  }
  const nextIndex = indexStream(seedHex, await ticketsHash(sortedTickets));
  const pool = [...sortedTickets];
  const winners: DrawnWinner[] = [];
  for (const prize of drawingOrder(prizes)) {
    for (let unit = 0; unit < prize.quantity; unit += 1) {
      if (pool.length === 0) return winners;
      const i = await nextIndex(pool.length);
      winners.push({ prizeId: prize.id, number: pool[i]! });
      pool[i] = pool[pool.length - 1]!;
      pool.pop();
    }
  }
  return winners;
}

const sameWinners = (a: readonly DrawnWinner[], b: readonly DrawnWinner[]) =>
  a.length === b.length && a.every((w, i) => w.prizeId === b[i]!.prizeId && w.number === b[i]!.number);

export interface VerificationReport {
  ok: boolean;
  checks: Array<{ label: string; ok: boolean; detail?: string }>;
}

/** Recomputes a published drawing; every check is reported, in French, with its detail (the command line). */
export async function verifyProof(proof: DrawingProof): Promise<VerificationReport> {
  const checks: VerificationReport['checks'] = [];
  if (proof.algorithm !== ALGORITHM) {
    checks.push({ label: `Algorithme ${ALGORITHM}`, ok: false, detail: `reçu « ${proof.algorithm} »` });
    return { ok: false, checks };
  }
  if (!proof.seed) {
    checks.push({ label: 'Graine publiée', ok: false, detail: "le tirage n'a pas encore eu lieu : la graine est encore secrète" });
    return { ok: false, checks };
  }
  let commitment: string;
  try {
    commitment = await commitmentOf(proof.seed);
  } catch (err) {
    checks.push({ label: 'SHA-256(graine) = engagement publié', ok: false, detail: (err as Error).message });
    return { ok: false, checks };
  }
  checks.push({ label: 'SHA-256(graine) = engagement publié', ok: commitment === proof.commitment, detail: commitment });
  const hash = await ticketsHash(proof.tickets);
  checks.push({
    label: 'SHA-256(liste des tickets vendus) = empreinte publiée',
    ok: hash === proof.ticketsHash,
    detail: `${proof.tickets.length} tickets, ${hash}`,
  });
  let recomputed: DrawnWinner[];
  try {
    recomputed = await deriveWinners(proof.seed, proof.tickets, proof.prizes);
  } catch (err) {
    checks.push({ label: 'Gagnants recalculés', ok: false, detail: (err as Error).message });
    return { ok: false, checks };
  }
  checks.push({
    label: 'Gagnants recalculés = gagnants publiés',
    ok: sameWinners(recomputed, proof.winners),
    detail: `${recomputed.length} gagnant(s)`,
  });
  return { ok: checks.every((c) => c.ok), checks };
}

export interface BrowserVerification {
  ok: boolean;
  checks: Array<{ label: string; ok: boolean }>;
}

/** Checks a published proof in the words of the public results page; every check is listed. */
export async function verifyDrawing(proof: DrawingProof): Promise<BrowserVerification> {
  if (proof.algorithm !== ALGORITHM || !proof.seed) {
    return { ok: false, checks: [{ label: "La graine n'est pas encore révélée : le tirage n'a pas eu lieu.", ok: false }] };
  }
  const commitment = await sha256Hex(seedBytes(proof.seed));
  const hash = await ticketsHash(proof.tickets);
  const winners = await deriveWinners(proof.seed, proof.tickets, proof.prizes);
  const checks = [
    { label: 'La graine révélée correspond à l’engagement publié avant le tirage', ok: commitment === proof.commitment },
    { label: `La liste des ${proof.tickets.length} tickets vendus correspond à l’empreinte publiée`, ok: hash === proof.ticketsHash },
    { label: `Les ${winners.length} gagnant(s) recalculé(s) sont ceux publiés`, ok: sameWinners(winners, proof.winners) },
  ];
  return { ok: checks.every((c) => c.ok), checks };
}
