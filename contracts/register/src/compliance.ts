/**
 * The till law (docs/compliance/conditions.md), admin role except the public key: the period
 * closings, the signed archives, the technical event log, the association's answers to « Qui est
 * concerné » and the « Conformité de la caisse » page.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Id, Int } from '@kermesse/contracts-common/schemas';

const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'AAAA-MM-JJ' });

export const ClosingsQuery = Type.Object({
  kind: Type.Optional(Type.Union([Type.Literal('day'), Type.Literal('month'), Type.Literal('year')])),
  scope: Type.Optional(Type.Union([Type.Literal('register'), Type.Literal('association')])),
  checkoutId: Type.Optional(Id),
  limit: Type.Optional(Int(1, 1000)),
});
export type ClosingsQuery = Static<typeof ClosingsQuery>;

/** A closing as the administrator reads it: the signed text itself, its hash and signature. */
export interface ClosingView {
  seq: number;
  kind: 'day' | 'month' | 'year';
  scope: 'register' | 'association';
  checkoutId: number | null;
  checkoutName: string | null;
  periodStart: string;
  periodEnd: string;
  /** Euros. */
  totals: { salesCount: number; sales: number; refundsCount: number; refunds: number; net: number };
  perpetual: { salesCount: number; sales: number; refundsCount: number; refunds: number; net: number };
  closedAt: string;
  hash: string;
  signature: string;
  keyId: string;
  payload: string;
}

export const ArchiveParams = Type.Object({ archiveId: Id });
export const ArchiveInput = Type.Object({ from: Day, to: Day });
export type ArchiveInput = Static<typeof ArchiveInput>;

export interface ArchiveView {
  id: number;
  kind: 'month' | 'on-demand';
  periodStart: string;
  /** Last day included. */
  periodLast: string;
  fileName: string;
  sha256: string;
  size: number;
  createdBy: string;
  createdAt: string;
  url: string;
}

export interface ArchiveCheck {
  ok: boolean;
  /** What failed, in French, file by file. */
  problems: string[];
  files: number;
  keyId: string | null;
}

export const EventLogQuery = Type.Object({
  before: Type.Optional(Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER })),
  limit: Type.Optional(Int(1, 500)),
  kind: Type.Optional(Type.String({ maxLength: 40, pattern: '^[a-z.]+$' })),
});
export type EventLogQuery = Static<typeof EventLogQuery>;

export interface EventLogView {
  seq: number;
  kind: string;
  actor: string;
  summary: string;
  recordedAt: string;
  hash: string;
}

/** « Qui est concerné » : what the association does. */
export const TillLawProfile = Type.Object({
  vatLiable: Type.Boolean(),
  /** Only charity events exempt from VAT (six a year at most), no permanent activity such as a bar. */
  onlyCharityEvents: Type.Boolean(),
  eventsPerYear: Int(0, 366),
});
export type TillLawProfile = Static<typeof TillLawProfile>;

export interface PublicKeyView {
  algorithm: 'Ed25519';
  keyId: string;
  publicKey: string;
  createdAt: string;
}

export interface ComplianceStatus {
  version: string;
  publicKey: PublicKeyView | null;
  profile: TillLawProfile | null;
  lastJournalCheck: { at: string; ok: boolean; summary: string } | null;
  lastArchiveCheck: { at: string; ok: boolean; summary: string } | null;
  lastClosing: { seq: number; kind: string; periodStart: string; closedAt: string } | null;
  archives: number;
  eventLog: { records: number; ok: boolean; problem?: string };
}
