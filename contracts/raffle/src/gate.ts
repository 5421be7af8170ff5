/**
 * Pre-sold tickets checked at the gate (docs/gate.md): the shapes of the routes. The signed code
 * itself is read and verified in gateCode.ts.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Id, SafeText } from '@kermesse/contracts-common/schemas';

// ── Routes ───────────────────────────────────────────────────────────────────────────────────────

/** What a check says (docs/gate.md §3). */
export const GateOutcome = Type.Union([
  /** Signed, of this event, not used before: let the holder in. */
  Type.Literal('valid'),
  /** Signed and known, already used: `firstUse` says when and by which phone. */
  Type.Literal('used'),
  /** Signed by the association, for another event. */
  Type.Literal('wrong-event'),
  /** Not a code of ours, a signature that does not match, or a pass the association does not know. */
  Type.Literal('unknown'),
]);
export type GateOutcome = Static<typeof GateOutcome>;

const Nullable = <T extends ReturnType<typeof Type.String>>(schema: T) => Type.Union([schema, Type.Null()]);

/** A pre-sold ticket (or order: `quantity` people come in on one scan). */
export const GatePass = Type.Object({
  id: Type.String({ format: 'uuid' }),
  eventId: Id,
  holder: Type.String(),
  label: Type.String(),
  quantity: Type.Integer(),
  issuedAt: Type.String(),
  /** The first time it was scanned in, else null. */
  usedAt: Nullable(Type.String()),
  /** The phone that scanned it first (its name, as set on the gate screen). */
  usedDevice: Nullable(Type.String()),
  /** The e-mail of the volunteer signed in on that phone. */
  usedBy: Nullable(Type.String()),
});
export type GatePass = Static<typeof GatePass>;

/** A pass with its signed code, as the back office prints it. */
export const IssuedGatePass = Type.Composite([GatePass, Type.Object({ code: Type.String() })]);
export type IssuedGatePass = Static<typeof IssuedGatePass>;

export const GatePassInput = Type.Object(
  {
    eventId: Id,
    holder: SafeText({ minLength: 1, maxLength: 120 }),
    label: Type.Optional(SafeText({ maxLength: 120 })),
    quantity: Type.Optional(Type.Integer({ minimum: 1, maximum: 50 })),
  },
  { additionalProperties: false },
);
export type GatePassInput = Static<typeof GatePassInput>;

export const GateEventParams = Type.Object({ eventId: Id });
export type GateEventParams = Static<typeof GateEventParams>;

/** The events the gate may check (the raffle service's read model of the register's events). */
export const GateEvent = Type.Object({ id: Id, name: Type.String(), startsOn: Nullable(Type.String()), passes: Type.Integer() });
export type GateEvent = Static<typeof GateEvent>;
export const GateEvents = Type.Object({ items: Type.Array(GateEvent), total: Type.Integer() });
export type GateEvents = Static<typeof GateEvents>;

/** Everything a gate phone keeps to check offline: the key and the event's passes. */
export const GateList = Type.Object({
  associationId: Type.String({ format: 'uuid' }),
  /** Ed25519 public key, raw 32 bytes in base64url. */
  publicKey: Type.String(),
  event: Type.Object({ id: Id, name: Type.String() }),
  passes: Type.Array(GatePass),
  /** When the list was read (the phone shows how old its list is). */
  readAt: Type.String(),
});
export type GateList = Static<typeof GateList>;

/** One scan, online or kept by an offline phone until it syncs. */
const scanFields = {
  /** Chosen by the phone (a UUID), so a scan sent twice is counted once. */
  scanId: Type.String({ format: 'uuid' }),
  code: Type.String({ minLength: 1, maxLength: 500 }),
  /** When it was scanned (ISO 8601); an offline scan keeps its own time. Now when absent. */
  scannedAt: Type.Optional(Type.String({ format: 'date-time' })),
  /** The phone's name, as set on the gate screen (« Téléphone de Léa »). */
  device: SafeText({ minLength: 1, maxLength: 60 }),
};

/** One scan, online or kept by an offline phone until it syncs. */
export const GateScanInput = Type.Object(scanFields, { additionalProperties: false });
export type GateScanInput = Static<typeof GateScanInput>;

export const GateCheckBody = Type.Object({ ...scanFields, eventId: Id }, { additionalProperties: false });
export type GateCheckBody = Static<typeof GateCheckBody>;

export const GateSyncBody = Type.Object(
  { eventId: Id, scans: Type.Array(GateScanInput, { minItems: 1, maxItems: 500 }) },
  { additionalProperties: false },
);
export type GateSyncBody = Static<typeof GateSyncBody>;

export const GateCheckResult = Type.Object({
  scanId: Type.String(),
  outcome: GateOutcome,
  pass: Type.Union([GatePass, Type.Null()]),
  /** For `used`: the scan that let the holder in. */
  firstUse: Type.Union([Type.Object({ at: Type.String(), device: Type.String(), by: Type.String() }), Type.Null()]),
});
export type GateCheckResult = Static<typeof GateCheckResult>;

export const GateSyncResult = Type.Object({ results: Type.Array(GateCheckResult) });
export type GateSyncResult = Static<typeof GateSyncResult>;

export const IssuedGatePasses = Type.Object({ items: Type.Array(IssuedGatePass), total: Type.Integer() });
export type IssuedGatePasses = Static<typeof IssuedGatePasses>;

/**
 * A ticket sold elsewhere and imported (a HelloAsso order item): its source and its id there make it
 * one ticket however often the import runs (`POST /internal/gate/passes`).
 */
export const GatePassImport = Type.Object(
  {
    eventId: Id,
    holder: SafeText({ minLength: 1, maxLength: 120 }),
    label: Type.Optional(SafeText({ maxLength: 120 })),
    quantity: Type.Optional(Type.Integer({ minimum: 1, maximum: 50 })),
    /** Where it was sold, in lower-case letters (`helloasso`). */
    source: Type.String({ pattern: '^[a-z]{2,20}$' }),
    /** Its id there (a HelloAsso item id). */
    sourceId: Type.String({ minLength: 1, maxLength: 80 }),
  },
  { additionalProperties: false },
);
export type GatePassImport = Static<typeof GatePassImport>;

export const ImportedGatePass = Type.Object({ created: Type.Boolean(), pass: IssuedGatePass });
export type ImportedGatePass = Static<typeof ImportedGatePass>;
