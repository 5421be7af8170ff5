/**
 * The gate phone's own decision (docs/gate.md §3–4): a code verified with the association's public
 * key alone, then, offline, the list it kept — a ticket let in is « déjà utilisé » at its next scan.
 */
import { describe, expect, it } from 'vitest';
import { gateSignedPart, toBase64Url } from '@kermesse/contracts-raffle/gateCode';
import type { GateList, GateScanInput } from '../api/raffleApi';
import { decideOffline, frenchTime, readOnPhone, withUse } from './verdict';

const ASSOCIATION = '00000000-0000-4000-8000-000000000001';
const PASS = '6f1c2a52-4b6e-4c1e-9a43-0d6f3f0e9b11';

async function keyAndCode(eventId = 3) {
  const pair = (await crypto.subtle.generateKey({ name: 'Ed25519' }, true, ['sign', 'verify'])) as CryptoKeyPair;
  const publicKey = toBase64Url(new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey)));
  const signed = gateSignedPart({ a: ASSOCIATION, e: eventId, p: PASS });
  const signature = new Uint8Array(await crypto.subtle.sign({ name: 'Ed25519' }, pair.privateKey, new TextEncoder().encode(signed)));
  return { publicKey, code: `${signed}.${toBase64Url(signature)}` };
}

const list = (publicKey: string): GateList => ({
  associationId: ASSOCIATION,
  publicKey,
  event: { id: 3, name: 'Kermesse de printemps' },
  passes: [
    {
      id: PASS,
      eventId: 3,
      holder: 'Famille Durand',
      label: 'Entrée',
      quantity: 4,
      issuedAt: '2026-05-01T10:00:00.000Z',
      usedAt: null,
      usedDevice: null,
      usedBy: null,
    },
  ],
  readAt: '2026-05-16T11:00:00.000Z',
});

describe('the gate phone on its own', () => {
  it('verifies a code with the public key, and refuses one signed by another key or of another event', async () => {
    const { publicKey, code } = await keyAndCode();
    expect(await readOnPhone(list(publicKey), code)).toEqual({ passId: PASS });
    const other = await keyAndCode();
    expect(await readOnPhone(list(publicKey), other.code)).toMatchObject({ outcome: 'unknown' });
    const elsewhere = await keyAndCode(4);
    expect(await readOnPhone(list(elsewhere.publicKey), elsewhere.code)).toMatchObject({ outcome: 'wrong-event' });
    expect(await readOnPhone(list(publicKey), '3017620422003')).toMatchObject({ outcome: 'unknown' });
  });

  it('lets a ticket in offline once: written into the kept list, its next scan is « déjà utilisé » by this phone', async () => {
    const { publicKey } = await keyAndCode();
    const scan: GateScanInput = { scanId: 'a', code: 'x', scannedAt: '2026-05-16T12:32:00.000Z', device: 'Téléphone de Léa' };
    const first = decideOffline(list(publicKey), PASS, scan, 'lea@ecole.fr');
    expect(first).toMatchObject({ outcome: 'valid', offline: true, pass: { holder: 'Famille Durand' } });
    const kept = withUse(list(publicKey), first);
    const second = decideOffline(kept, PASS, { ...scan, scanId: 'b' }, 'lea@ecole.fr');
    expect(second).toMatchObject({
      outcome: 'used',
      firstUse: { at: '2026-05-16T12:32:00.000Z', device: 'Téléphone de Léa', by: 'lea@ecole.fr' },
    });
    expect(frenchTime(second.firstUse!.at)).toBe('14 h 32');
    expect(decideOffline(kept, '11111111-1111-4111-8111-111111111111', scan, 'lea@ecole.fr').outcome).toBe('unknown');
  });
});
