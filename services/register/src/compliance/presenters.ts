/** Closings, event-log records and the public key as the administrator's screens read them (amounts in euros). */
import type { ClosingView, EventLogView, PublicKeyView } from '@kermesse/contracts-register/compliance';
import type { ClosingRow } from '../repositories/closings.ts';
import type { ClosingText } from './closingRecord.ts';
import type { EventLogRow } from './eventLog.ts';

const euros = (cents: number) => Math.round(cents) / 100;

const money = (t: ClosingText['perpetual']) => ({
  salesCount: t.salesCount,
  sales: euros(t.salesCents),
  refundsCount: t.refundsCount,
  refunds: euros(t.refundsCents),
  net: euros(t.netCents),
});

export function presentClosing(row: ClosingRow): ClosingView {
  const text = JSON.parse(row.payload) as ClosingText;
  return {
    seq: Number(row.seq),
    kind: row.kind,
    scope: row.scope,
    checkoutId: row.checkout_id,
    checkoutName: text.checkoutName,
    periodStart: text.periodStart,
    periodEnd: text.periodEnd,
    totals: money(text.totals),
    perpetual: money(text.perpetual),
    closedAt: text.closedAt,
    hash: row.hash,
    signature: row.signature,
    keyId: row.key_id,
    payload: row.payload,
  };
}

export const presentEventLog = (row: EventLogRow): EventLogView => ({
  seq: Number(row.seq),
  kind: row.kind,
  actor: row.actor,
  summary: row.summary,
  recordedAt: new Date(row.recorded_at).toISOString(),
  hash: row.hash,
});

export const presentPublicKey = (key: { keyId: string; publicKeyPem: string; createdAt: Date }): PublicKeyView => ({
  algorithm: 'Ed25519',
  keyId: key.keyId,
  publicKey: key.publicKeyPem,
  createdAt: key.createdAt.toISOString(),
});
