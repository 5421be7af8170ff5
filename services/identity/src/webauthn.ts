/**
 * Passkeys with @simplewebauthn/server: discoverable credentials, user verification required,
 * the library's counter rules, challenges kept server-side and used once.
 */
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { IDENTITY_ERRORS, type IdentityErrorCode } from '@kermesse/contracts-identity';
import { type Db } from '@kermesse/kit/db';
import { HttpError } from '@kermesse/kit/http';
import {
  findPasskeyByCredential,
  insertChallenge,
  insertPasskey,
  listPasskeys,
  recordPasskeyUse,
  takeChallenge,
  type PasskeyRow,
} from './repositories/passkeys.ts';
import type { UserRow } from './repositories/users.ts';

const CHALLENGE_LIFETIME_MS = 5 * 60_000;

export interface WebauthnSettings {
  /** The public address of the gateway (PUBLIC_URL). */
  publicUrl: string;
  /** Other origins the browser may use (WEBAUTHN_ORIGINS). */
  extraOrigins?: string[];
  rpName: string;
}

export const passkeyError = (status: number, code: IdentityErrorCode) => new HttpError(status, IDENTITY_ERRORS[code]).withCode(code);

/**
 * The origins passkeys are accepted from: PUBLIC_URL, the extra ones, and — when PUBLIC_URL names
 * 127.0.0.1 — the same port on `localhost` (browsers refuse an IP address as a passkey's site).
 */
export function allowedOrigins(settings: WebauthnSettings): string[] {
  const origins = [settings.publicUrl, ...(settings.extraOrigins ?? [])].map((o) => new URL(o).origin);
  for (const origin of [...origins]) {
    const url = new URL(origin);
    if (url.hostname === '127.0.0.1' || url.hostname === '[::1]') {
      url.hostname = 'localhost';
      origins.push(url.origin);
    }
  }
  return [...new Set(origins)];
}

/**
 * With hosting (docs/hosting.md) a passkey belongs to the association's own host: the relying party
 * is the host name the browser asked for (`apel-ferry.example.org`, passed on by the gateway as
 * X-Forwarded-Host), and only that origin is accepted. Undefined without hosting or for a host
 * outside the installation's domain (then PUBLIC_URL's rules apply).
 */
export interface PasskeySite {
  origins: string[];
  rpIds: string[];
}

export function hostedSite(forwardedHost: string | undefined, forwardedProto: string | undefined, domain: string): PasskeySite | undefined {
  if (!forwardedHost) return undefined;
  const proto = forwardedProto === 'https' ? 'https' : 'http';
  let url: URL;
  try {
    url = new URL(`${proto}://${forwardedHost.trim().toLowerCase()}`);
  } catch {
    return undefined;
  }
  const name = url.hostname;
  if (name !== domain && !(name.endsWith('.' + domain) && !name.slice(0, -domain.length - 1).includes('.'))) return undefined;
  return { origins: [url.origin], rpIds: [name] };
}

export function createWebauthn(db: Db, settings: WebauthnSettings) {
  const installOrigins = allowedOrigins(settings);
  const installSite: PasskeySite = { origins: installOrigins, rpIds: [...new Set(installOrigins.map((o) => new URL(o).hostname))] };

  /** The site a request's passkey belongs to: the browser's Origin when allowed, else PUBLIC_URL (or the association's host). */
  function rpIdFor(origin: string | undefined, site: PasskeySite = installSite): string {
    const chosen = origin && site.origins.includes(origin) ? origin : site.origins[0]!;
    return new URL(chosen).hostname;
  }

  const toCredential = (p: PasskeyRow) => ({
    id: p.credential_id,
    publicKey: new Uint8Array(p.public_key),
    counter: Number(p.counter),
    transports: p.transports as AuthenticatorTransport[],
  });

  return {
    async registrationOptions(
      user: UserRow,
      origin: string | undefined,
      site?: PasskeySite,
    ): Promise<PublicKeyCredentialCreationOptionsJSON> {
      const existing = await listPasskeys(db, [user.id]);
      const options = await generateRegistrationOptions({
        rpName: settings.rpName,
        rpID: rpIdFor(origin, site),
        userName: user.email,
        userID: new TextEncoder().encode(user.id),
        userDisplayName: [user.firstname, user.lastname].filter(Boolean).join(' ') || user.email,
        attestationType: 'none',
        excludeCredentials: existing.map((p) => ({ id: p.credential_id, transports: p.transports as AuthenticatorTransport[] })),
        authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'required' },
      });
      await insertChallenge(db, {
        challenge: options.challenge,
        purpose: 'register',
        userId: user.id,
        expiresAt: new Date(Date.now() + CHALLENGE_LIFETIME_MS),
      });
      return options;
    },

    /** Verifies a new credential made for `user` and stores it under `name`. */
    async register(user: UserRow, response: RegistrationResponseJSON, name: string, site: PasskeySite = installSite): Promise<PasskeyRow> {
      let verification;
      try {
        verification = await verifyRegistrationResponse({
          response,
          expectedChallenge: async (challenge) => (await takeChallenge(db, challenge, 'register'))?.user_id === user.id,
          expectedOrigin: site.origins,
          expectedRPID: site.rpIds,
          requireUserVerification: true,
        });
      } catch {
        throw passkeyError(400, 'PASSKEY_VERIFICATION');
      }
      if (!verification.verified) throw passkeyError(400, 'PASSKEY_VERIFICATION');
      const { credential } = verification.registrationInfo;
      if (await findPasskeyByCredential(db, credential.id)) throw passkeyError(409, 'PASSKEY_DUPLICATE');
      return insertPasskey(db, {
        userId: user.id,
        credentialId: credential.id,
        publicKey: credential.publicKey,
        counter: credential.counter,
        transports: credential.transports ?? response.response.transports ?? [],
        name,
      });
    },

    async authenticationOptions(
      passkeys: PasskeyRow[],
      origin: string | undefined,
      site?: PasskeySite,
    ): Promise<PublicKeyCredentialRequestOptionsJSON> {
      const options = await generateAuthenticationOptions({
        rpID: rpIdFor(origin, site),
        userVerification: 'required',
        allowCredentials: passkeys.map((p) => ({ id: p.credential_id, transports: p.transports as AuthenticatorTransport[] })),
      });
      await insertChallenge(db, {
        challenge: options.challenge,
        purpose: 'login',
        userId: null,
        expiresAt: new Date(Date.now() + CHALLENGE_LIFETIME_MS),
      });
      return options;
    },

    /** The passkey that signed this sign-in (counter updated), or a 401 when unknown, removed or forged. */
    async authenticate(response: AuthenticationResponseJSON, site: PasskeySite = installSite): Promise<PasskeyRow> {
      const passkey = await findPasskeyByCredential(db, response.id);
      if (!passkey) throw passkeyError(401, 'PASSKEY_REFUSED');
      let verification;
      try {
        verification = await verifyAuthenticationResponse({
          response,
          expectedChallenge: async (challenge) => (await takeChallenge(db, challenge, 'login')) !== undefined,
          expectedOrigin: site.origins,
          expectedRPID: site.rpIds,
          credential: toCredential(passkey),
          requireUserVerification: true,
        });
      } catch {
        throw passkeyError(401, 'PASSKEY_VERIFICATION');
      }
      if (!verification.verified) throw passkeyError(401, 'PASSKEY_VERIFICATION');
      await recordPasskeyUse(db, passkey.id, verification.authenticationInfo.newCounter);
      return passkey;
    },
  };
}

export type Webauthn = ReturnType<typeof createWebauthn>;
