/**
 * Pre-sold tickets checked at the gate (docs/gate.md): the shapes of the routes, and the signed code
 * a ticket's QR carries, read and verified the same way by the service and by the gate screen, which
 * verifies offline with the association's public key.
 *
 * A code is `KRM1.<payload>.<signature>`: the payload is the base64url of the JSON
 * `{"a":"<association uuid>","e":<event id>,"p":"<pass uuid>"}`, the signature the base64url of the
 * Ed25519 signature of the ASCII bytes `KRM1.<payload>`. Ed25519 (rather than an HMAC) so the phones
 * hold only the public key: a lost phone cannot make tickets.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Id, SafeText } from '@kermesse/contracts-common/schemas';

export const GATE_CODE_PREFIX = 'KRM1';

/** What a signed code names. */
export interface GatePayload {
  /** The association that issued it. */
  a: string;
  /** The event (fair) it admits to. */
  e: number;
  /** The pass (the pre-sold ticket or order). */
  p: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Bytes → base64url without padding (browser and Node alike: no Buffer). */
export function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** base64url → bytes, or undefined when it is not base64url. */
export function fromBase64Url(text: string): Uint8Array | undefined {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return undefined;
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4));
    return Uint8Array.from(binary, (c) => c.charCodeAt(0));
  } catch {
    return undefined;
  }
}

/** The part a signature covers, for a payload. */
export function gateSignedPart(payload: GatePayload): string {
  return `${GATE_CODE_PREFIX}.${toBase64Url(new TextEncoder().encode(JSON.stringify({ a: payload.a, e: payload.e, p: payload.p })))}`;
}

export interface ParsedGateCode {
  payload: GatePayload;
  signedPart: string;
  signature: Uint8Array;
}

/**
 * A scanned code read, or undefined when it is not one of ours (a product barcode, a truncated scan).
 * A keyboard-wedge scanner on a French AZERTY layout may type the QR's text with its case or its
 * punctuation shifted: spaces around are dropped, nothing else is guessed.
 */
export function parseGateCode(raw: string): ParsedGateCode | undefined {
  const parts = raw.trim().split('.');
  if (parts.length !== 3 || parts[0] !== GATE_CODE_PREFIX) return undefined;
  const json = fromBase64Url(parts[1]!);
  const signature = fromBase64Url(parts[2]!);
  if (!json || !signature || signature.length !== 64) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder().decode(json));
  } catch {
    return undefined;
  }
  const payload = value as Partial<GatePayload> | null;
  if (
    !payload ||
    typeof payload.a !== 'string' ||
    !UUID.test(payload.a) ||
    !Number.isSafeInteger(payload.e) ||
    typeof payload.p !== 'string' ||
    !UUID.test(payload.p)
  )
    return undefined;
  return { payload: { a: payload.a, e: payload.e!, p: payload.p }, signedPart: `${parts[0]}.${parts[1]}`, signature };
}

/** The association's public key (raw 32 bytes, base64url) as WebCrypto takes it. */
export function importGatePublicKey(publicKey: string): Promise<CryptoKey> {
  const raw = fromBase64Url(publicKey);
  if (!raw || raw.length !== 32) return Promise.reject(new Error('Clé publique de contrôle invalide.'));
  return crypto.subtle.importKey('raw', raw as Uint8Array<ArrayBuffer>, { name: 'Ed25519' }, false, ['verify']);
}

/** Whether the code's signature is the association's (WebCrypto Ed25519: Node and the browsers of 2025 on). */
export async function verifyGateSignature(code: ParsedGateCode, key: CryptoKey): Promise<boolean> {
  try {
    return await crypto.subtle.verify(
      { name: 'Ed25519' },
      key,
      code.signature as Uint8Array<ArrayBuffer>,
      new TextEncoder().encode(code.signedPart),
    );
  } catch {
    return false;
  }
}

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
export const IssuedGatePass = Type.Intersect([GatePass, Type.Object({ code: Type.String() })]);
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
export const GateEvents = Type.Array(
  Type.Object({ id: Id, name: Type.String(), startsOn: Nullable(Type.String()), passes: Type.Integer() }),
);
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

export const IssuedGatePasses = Type.Array(IssuedGatePass);
export type IssuedGatePasses = Static<typeof IssuedGatePasses>;
