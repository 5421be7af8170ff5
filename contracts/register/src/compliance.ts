/**
 * The till law (docs/compliance/conditions.md), admin role except the public key: the period
 * closings, the signed archives, the technical event log, the association's answers to « Qui est
 * concerné » and the « Conformité de la caisse » page.
 */
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { Id, Int } from '@kermesse/contracts-common/schemas';

const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'AAAA-MM-JJ' });

export const ClosingsQuery = Type.Object({
  kind: Type.Optional(Type.Union([Type.Literal('day'), Type.Literal('month'), Type.Literal('year')])),
  scope: Type.Optional(Type.Union([Type.Literal('register'), Type.Literal('association')])),
  checkoutId: Type.Optional(Id),
  limit: Type.Optional(Int(1, 1000)),
});
export type ClosingsQuery = Static<typeof ClosingsQuery>;

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const Euros = (description: string) => Type.Number({ description: `${description}, en euros.` });

/** A closing's figures: counts, and amounts in euros. */
const ClosingTotals = Type.Object({
  salesCount: Type.Integer(),
  sales: Euros('Ventes'),
  refundsCount: Type.Integer(),
  refunds: Euros('Remboursements'),
  net: Euros('Net'),
});

/** A closing as the administrator reads it: the signed text itself, its hash and signature. */
export const ClosingView = Type.Object({
  seq: Type.Integer(),
  kind: Type.Union([Type.Literal('day'), Type.Literal('month'), Type.Literal('year')]),
  scope: Type.Union([Type.Literal('register'), Type.Literal('association')]),
  checkoutId: Nullable(Type.Integer()),
  checkoutName: Nullable(Type.String()),
  periodStart: Type.String(),
  periodEnd: Type.String(),
  totals: ClosingTotals,
  /** Since the first sale: the perpetual totals the law asks for. */
  perpetual: ClosingTotals,
  closedAt: Type.String(),
  hash: Type.String(),
  signature: Type.String(),
  keyId: Type.String(),
  payload: Type.String({ description: 'Le texte signé, tel quel (JSON).' }),
});
export type ClosingView = Static<typeof ClosingView>;

/** `GET /api/admin/compliance/closings`, newest first. */
export const ClosingsAnswer = Type.Object({ closings: Type.Array(ClosingView) });
export type ClosingsAnswer = Static<typeof ClosingsAnswer>;

/** `POST /api/admin/compliance/closings`: how many closings and monthly archives were made now. */
export const CloseAnswer = Type.Object({ closings: Type.Integer(), archives: Type.Integer() });
export type CloseAnswer = Static<typeof CloseAnswer>;

export const ArchiveParams = Type.Object({ archiveId: Id });
export const ArchiveInput = Type.Object({ from: Day, to: Day });
export type ArchiveInput = Static<typeof ArchiveInput>;

export const ArchiveView = Type.Object({
  id: Type.Integer(),
  kind: Type.Union([Type.Literal('month'), Type.Literal('on-demand')]),
  periodStart: Type.String(),
  /** Last day included. */
  periodLast: Type.String({ description: 'Dernier jour compris.' }),
  fileName: Type.String(),
  sha256: Type.String(),
  size: Type.Integer({ description: 'Taille en octets.' }),
  createdBy: Type.String(),
  createdAt: Type.String(),
  /** Where to download it (a tar file). */
  url: Type.String(),
});
export type ArchiveView = Static<typeof ArchiveView>;

/** `GET /api/admin/compliance/archives`. */
export const ArchivesAnswer = Type.Object({ archives: Type.Array(ArchiveView) });
export type ArchivesAnswer = Static<typeof ArchivesAnswer>;

/** `POST /api/admin/compliance/archives` (201): the archive made, and where to download it. */
export const ArchiveMade = Type.Object({
  archive: Type.Object({ id: Type.Integer(), fileName: Type.String(), sha256: Type.String(), size: Type.Integer(), url: Type.String() }),
});
export type ArchiveMade = Static<typeof ArchiveMade>;

export const ArchiveCheck = Type.Object({
  ok: Type.Boolean(),
  /** What failed, in French, file by file. */
  problems: Type.Array(Type.String()),
  files: Type.Integer(),
  keyId: Nullable(Type.String()),
});
export type ArchiveCheck = Static<typeof ArchiveCheck>;

export const EventLogQuery = Type.Object({
  before: Type.Optional(Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER })),
  limit: Type.Optional(Int(1, 500)),
  kind: Type.Optional(Type.String({ maxLength: 40, pattern: '^[a-z.]+$' })),
});
export type EventLogQuery = Static<typeof EventLogQuery>;

export const EventLogView = Type.Object({
  seq: Type.Integer(),
  kind: Type.String(),
  actor: Type.String(),
  summary: Type.String(),
  recordedAt: Type.String(),
  hash: Type.String(),
});
export type EventLogView = Static<typeof EventLogView>;

/** `GET /api/admin/compliance/event-log`, newest first. */
export const EventLogAnswer = Type.Object({ records: Type.Array(EventLogView) });
export type EventLogAnswer = Static<typeof EventLogAnswer>;

/** « Qui est concerné » : what the association does. */
export const TillLawProfile = Type.Object({
  vatLiable: Type.Boolean(),
  /** Only charity events exempt from VAT (six a year at most), no permanent activity such as a bar. */
  onlyCharityEvents: Type.Boolean(),
  eventsPerYear: Int(0, 366),
});
export type TillLawProfile = Static<typeof TillLawProfile>;
/** `PUT /api/admin/compliance/profile`: the three answers and nothing else (an unknown field is a 400 naming it). */
export const TillLawProfileInput = Type.Object(TillLawProfile.properties, { additionalProperties: false });

/** `GET` and `PUT /api/admin/compliance/profile`: null until the association answered. */
export const TillLawProfileAnswer = Type.Object({ profile: Nullable(TillLawProfile) });
export type TillLawProfileAnswer = Static<typeof TillLawProfileAnswer>;

/** `GET /api/public/till/public-key`: the key that checks closings and archives without the server. */
export const PublicKeyView = Type.Object({
  algorithm: Type.Literal('Ed25519'),
  keyId: Type.String(),
  publicKey: Type.String({ description: 'La clé publique (PEM).' }),
  createdAt: Type.String(),
});
export type PublicKeyView = Static<typeof PublicKeyView>;

const LastCheck = Nullable(Type.Object({ at: Type.String(), ok: Type.Boolean(), summary: Type.String() }));

/** `GET /api/admin/compliance`: the « Conformité de la caisse » page. */
export const ComplianceStatus = Type.Object({
  version: Type.String(),
  publicKey: Nullable(PublicKeyView),
  profile: Nullable(TillLawProfile),
  lastJournalCheck: LastCheck,
  lastArchiveCheck: LastCheck,
  lastClosing: Nullable(Type.Object({ seq: Type.Integer(), kind: Type.String(), periodStart: Type.String(), closedAt: Type.String() })),
  archives: Type.Integer(),
  eventLog: Type.Object({ records: Type.Integer(), ok: Type.Boolean(), problem: Type.Optional(Type.String()) }),
});
export type ComplianceStatus = Static<typeof ComplianceStatus>;
