/**
 * A closing as it is signed (docs/compliance/conditions.md §2): one JSON text, its keys in a fixed
 * order, holding the period, its totals, the perpetual grand totals, the sales journal's last record
 * at the closing, the previous closing's hash and the signing key's id. `hash` is the SHA-256 of that
 * text and `signature` its Ed25519 signature: whoever holds the text, the signature and the public
 * key checks it, and the chain by the `prevHash` of each.
 */
import { createHash } from 'node:crypto';
import { PERIOD_TIME_ZONE, type ClosingDraft } from './periods.ts';

export const CLOSING_FORMAT = 'kermesse-cloture/1';

export interface ClosingText {
  format: typeof CLOSING_FORMAT;
  seq: number;
  kind: ClosingDraft['kind'];
  scope: ClosingDraft['scope'];
  checkoutId: number | null;
  checkoutName: string | null;
  periodStart: string;
  periodEnd: string;
  timeZone: string;
  totals: ClosingDraft['totals'];
  perpetual: ClosingDraft['perpetual'];
  journal: { seq: number; hash: string };
  closedAt: string;
  prevHash: string;
  keyId: string;
}

export function closingText(
  draft: ClosingDraft,
  context: {
    seq: number;
    checkoutName: string | null;
    journal: { seq: number; hash: string };
    closedAt: Date;
    prevHash: string;
    keyId: string;
  },
): string {
  const text: ClosingText = {
    format: CLOSING_FORMAT,
    seq: context.seq,
    kind: draft.kind,
    scope: draft.scope,
    checkoutId: draft.checkoutId,
    checkoutName: context.checkoutName,
    periodStart: draft.periodStart,
    periodEnd: draft.periodEnd,
    timeZone: PERIOD_TIME_ZONE,
    totals: draft.totals,
    perpetual: draft.perpetual,
    journal: context.journal,
    closedAt: context.closedAt.toISOString(),
    prevHash: context.prevHash,
    keyId: context.keyId,
  };
  return JSON.stringify(text);
}

export const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
