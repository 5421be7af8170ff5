/**
 * The drawing verification of services/raffle/src/drawing/derive.ts (« kermesse-tirage-v1 »), run in
 * the visitor's browser with the Web Crypto API: SHA-256(seed) = commitment, SHA-256(sorted list)
 * = published hash, and the winners recomputed from the seed and the hash.
 */
import type { DrawingProof } from '../api/raffleApi';

export const ALGORITHM = 'kermesse-tirage-v1';

const encoder = new TextEncoder();
const toHex = (bytes: ArrayBuffer) => [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, '0')).join('');

function fromHex(hex: string): Uint8Array<ArrayBuffer> {
  if (!/^[0-9a-f]{64}$/.test(hex)) throw new Error('La graine doit compter 64 chiffres hexadécimaux (256 bits).');
  const bytes = new Uint8Array(32);
  for (let i = 0; i < 32; i += 1) bytes[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return bytes;
}

export const sha256Hex = async (data: string | Uint8Array<ArrayBuffer>) =>
  toHex(await crypto.subtle.digest('SHA-256', typeof data === 'string' ? encoder.encode(data) : data));

/** The winners derived from a seed, a sorted ticket list and the prizes (drawn in rank order). */
export async function deriveWinners(seedHex: string, tickets: readonly number[], prizes: DrawingProof['prizes']): Promise<DrawingProof['winners']> {
  const key = await crypto.subtle.importKey('raw', fromHex(seedHex), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const hash = await sha256Hex(tickets.join(','));
  let block = new DataView(new ArrayBuffer(0));
  let offset = 0;
  let counter = 0;
  const nextUint32 = async () => {
    if (offset >= block.byteLength) {
      block = new DataView(await crypto.subtle.sign('HMAC', key, encoder.encode(`${ALGORITHM}:${hash}:${counter}`)));
      counter += 1;
      offset = 0;
    }
    const value = block.getUint32(offset);
    offset += 4;
    return value;
  };
  const nextIndex = async (n: number) => {
    const limit = 2 ** 32 - (2 ** 32 % n);
    for (;;) {
      const u = await nextUint32();
      if (u < limit) return u % n;
    }
  };
  const pool = [...tickets];
  const winners: DrawingProof['winners'] = [];
  const ordered = [...prizes].sort((a, b) => a.rank - b.rank || a.id - b.id);
  for (const prize of ordered) {
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

export interface BrowserVerification {
  ok: boolean;
  checks: Array<{ label: string; ok: boolean }>;
}

/** Checks a published proof; every check is listed, in French. */
export async function verifyDrawing(proof: DrawingProof): Promise<BrowserVerification> {
  if (proof.algorithm !== ALGORITHM || !proof.seed) {
    return { ok: false, checks: [{ label: "La graine n'est pas encore révélée : le tirage n'a pas eu lieu.", ok: false }] };
  }
  const commitment = await sha256Hex(fromHex(proof.seed));
  const hash = await sha256Hex(proof.tickets.join(','));
  const winners = await deriveWinners(proof.seed, proof.tickets, proof.prizes);
  const same = winners.length === proof.winners.length && winners.every((w, i) => w.prizeId === proof.winners[i]!.prizeId && w.number === proof.winners[i]!.number);
  const checks = [
    { label: 'La graine révélée correspond à l’engagement publié avant le tirage', ok: commitment === proof.commitment },
    { label: `La liste des ${proof.tickets.length} tickets vendus correspond à l’empreinte publiée`, ok: hash === proof.ticketsHash },
    { label: `Les ${winners.length} gagnant(s) recalculé(s) sont ceux publiés`, ok: same },
  ];
  return { ok: checks.every((c) => c.ok), checks };
}
