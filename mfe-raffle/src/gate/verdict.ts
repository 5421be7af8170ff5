/**
 * What the gate screen decides about a code (docs/gate.md §3): first on the phone — the code read and
 * its signature verified with the association's public key, so a forged ticket is refused even
 * offline — then, online, by the service; offline, by the list loaded beforehand and the scans this
 * phone made since.
 */
import { importGatePublicKey, parseGateCode, verifyGateSignature } from '@kermesse/contracts-raffle/gateCode';
import type { GateCheckResult, GateList, GateScanInput } from '../api/raffleApi';

export type Verdict = Omit<GateCheckResult, 'scanId'> & {
  /** Decided on the phone without the service (it will be sent when the network is back). */
  offline: boolean;
};

/** Whether this page may verify signatures itself (WebCrypto needs https, or localhost). */
export const canVerifyOnPhone = (): boolean => Boolean(globalThis.crypto?.subtle);

/**
 * The signature check on the phone: `unknown` for a code that is not the association's, `wrong-event`
 * for another event's, else the pass id it names. Without WebCrypto (plain http), the id is read
 * unverified and the service decides.
 */
export async function readOnPhone(list: GateList, code: string): Promise<{ passId: string } | Verdict> {
  const refused = (outcome: 'unknown' | 'wrong-event'): Verdict => ({ outcome, pass: null, firstUse: null, offline: true });
  const parsed = parseGateCode(code);
  if (!parsed || parsed.payload.a !== list.associationId) return refused('unknown');
  if (canVerifyOnPhone()) {
    const genuine = await importGatePublicKey(list.publicKey).then(
      (key) => verifyGateSignature(parsed, key),
      () => false,
    );
    if (!genuine) return refused('unknown');
  }
  if (parsed.payload.e !== list.event.id) return refused('wrong-event');
  return { passId: parsed.payload.p };
}

/**
 * The offline decision: the pass in the list, and whether it was used — as the list said when it was
 * loaded, or by this phone since (`withUse` writes each use into the kept list).
 */
export function decideOffline(list: GateList, passId: string, scan: GateScanInput, me: string): Verdict {
  const pass = list.passes.find((p) => p.id === passId);
  if (!pass) return { outcome: 'unknown', pass: null, firstUse: null, offline: true };
  if (pass.usedAt) {
    return {
      outcome: 'used',
      pass,
      firstUse: { at: pass.usedAt, device: pass.usedDevice ?? '', by: pass.usedBy ?? '' },
      offline: true,
    };
  }
  return {
    outcome: 'valid',
    pass: { ...pass, usedAt: scan.scannedAt ?? new Date().toISOString(), usedDevice: scan.device, usedBy: me },
    firstUse: null,
    offline: true,
  };
}

/** The list with a pass's use as a verdict tells it (so the next scan of it, offline too, says « déjà utilisé »). */
export function withUse(list: GateList, verdict: Verdict): GateList {
  const pass = verdict.pass;
  if (!pass) return list;
  const usedAt = verdict.outcome === 'used' ? (verdict.firstUse?.at ?? pass.usedAt) : pass.usedAt;
  const usedDevice = verdict.outcome === 'used' ? (verdict.firstUse?.device ?? pass.usedDevice) : pass.usedDevice;
  const usedBy = verdict.outcome === 'used' ? (verdict.firstUse?.by ?? pass.usedBy) : pass.usedBy;
  return { ...list, passes: list.passes.map((p) => (p.id === pass.id ? { ...p, usedAt, usedDevice, usedBy } : p)) };
}

/** « 14 h 32 » in the fair's time zone. */
export function frenchTime(iso: string): string {
  const [hours, minutes] = new Intl.DateTimeFormat('fr-FR', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Paris' })
    .format(new Date(iso))
    .split(':');
  return `${Number(hours)} h ${minutes}`;
}

/** « 1 billet », « 3 billets »: French nouns and participles of these screens, by count. */
export const counted = (n: number, one: string, many: string): string => `${n} ${n > 1 ? many : one}`;
