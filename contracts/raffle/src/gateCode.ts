/**
 * The signed code a pre-sold ticket's QR carries (docs/gate.md §2), read and verified the same way by
 * the raffle service and by the gate screen, which verifies offline with the association's public key.
 * No TypeBox here: the gate screen loads this module on a phone.
 *
 * A code is `KRM1.<payload>.<signature>`: the payload is the base64url of the JSON
 * `{"a":"<association uuid>","e":<event id>,"p":"<pass uuid>"}`, the signature the base64url of the
 * Ed25519 signature of the ASCII bytes `KRM1.<payload>`. Ed25519 (rather than an HMAC) so the phones
 * hold only the public key: a lost phone cannot make tickets.
 */
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
