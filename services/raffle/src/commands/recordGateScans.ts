/**
 * The gate's check of a scanned code, online or synced from an offline phone (docs/gate.md §3–4):
 * the code is read and its signature verified, then the pass is marked used by the first scan that
 * reaches the service; any later scan — another phone, the same phone twice — is told « déjà utilisé »
 * with that first use. Every scan is recorded once under the id its phone chose, so a sync sent
 * again (an answer lost) neither counts twice nor changes its answer.
 */
import type { Db, Trx } from '@kermesse/kit/db';
import { currentAssociation } from '@kermesse/kit/tenancy';
import {
  importGatePublicKey,
  parseGateCode,
  verifyGateSignature,
  type GateCheckResult,
  type GateOutcome,
  type GateScanInput,
} from '@kermesse/contracts-raffle';
import { gateKey } from '../gate/keys.ts';
import { presentGatePass } from '../presenters/gatePasses.ts';
import {
  findGatePass,
  findGateScan,
  insertGateScan,
  lockGatePass,
  markGatePassUsed,
  type GatePassRow,
} from '../repositories/gatePasses.ts';

const publicKeys = new Map<string, Promise<CryptoKey>>();

/** The pass a code names, when its signature is the current association's; else undefined. */
async function signedPassId(db: Db, code: string): Promise<string | undefined> {
  const parsed = parseGateCode(code);
  if (!parsed || parsed.payload.a !== currentAssociation()) return undefined;
  const { publicKey } = await gateKey(db);
  let key = publicKeys.get(publicKey);
  if (!key) publicKeys.set(publicKey, (key = importGatePublicKey(publicKey)));
  return (await verifyGateSignature(parsed, await key)) ? parsed.payload.p : undefined;
}

function answer(scanId: string, outcome: GateOutcome, pass: GatePassRow | undefined): GateCheckResult {
  return {
    scanId,
    outcome,
    pass: pass ? presentGatePass(pass) : null,
    firstUse:
      outcome === 'used' && pass?.used_at
        ? { at: pass.used_at.toISOString(), device: pass.used_device ?? '', by: pass.used_by ?? '' }
        : null,
  };
}

async function recordOne(db: Db, eventId: number, scan: GateScanInput, scannedBy: string): Promise<GateCheckResult> {
  const passId = await signedPassId(db, scan.code);
  const scannedAt = scan.scannedAt ? new Date(scan.scannedAt) : new Date();
  return db.transaction(async (trx: Trx) => {
    const already = await findGateScan(trx, scan.scanId);
    if (already) {
      // The same scan sent again: the answer it had, the pass as it is now.
      const pass = already.pass_id ? await findGatePass(trx, already.pass_id) : undefined;
      return answer(scan.scanId, already.outcome, pass);
    }
    const pass = passId ? await lockGatePass(trx, passId) : undefined;
    let outcome: GateOutcome;
    if (!pass) outcome = 'unknown';
    else if (pass.event_id !== eventId) outcome = 'wrong-event';
    else if (pass.used_at) outcome = 'used';
    else {
      outcome = 'valid';
      await markGatePassUsed(trx, pass.id, { at: scannedAt, device: scan.device, by: scannedBy });
      Object.assign(pass, { used_at: scannedAt, used_device: scan.device, used_by: scannedBy });
    }
    await insertGateScan(trx, {
      id: scan.scanId,
      pass_id: pass?.id ?? null,
      event_id: eventId,
      outcome,
      scanned_at: scannedAt,
      device: scan.device,
      scanned_by: scannedBy,
    });
    return answer(scan.scanId, outcome, pass);
  });
}

/** Checks scans in the order they were made (an offline phone's list: its first scan first). */
export async function recordGateScans(db: Db, eventId: number, scans: GateScanInput[], scannedBy: string): Promise<GateCheckResult[]> {
  const ordered = [...scans].sort((a, b) => (a.scannedAt ?? '').localeCompare(b.scannedAt ?? ''));
  const byId = new Map<string, GateCheckResult>();
  for (const scan of ordered) byId.set(scan.scanId, await recordOne(db, eventId, scan, scannedBy));
  return scans.map((scan) => byId.get(scan.scanId)!);
}
