/** Passkey ceremonies in the browser (@simplewebauthn/browser), with French messages for the person. */
import { browserSupportsWebAuthn, startAuthentication, startRegistration, WebAuthnError } from '@simplewebauthn/browser';
import { ApiError, NETWORK_ERROR_MESSAGE } from '@kermesse/ui-kit';
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
  AuthenticationResponseJSON,
} from '@simplewebauthn/browser';

export const passkeysSupported = () => typeof window !== 'undefined' && browserSupportsWebAuthn();

export const PASSKEYS_UNSUPPORTED_MESSAGE = "Ce navigateur ne gère pas les clés d'accès.";
export const PASSKEYS_NEED_HTTPS_MESSAGE = "Les clés d'accès demandent une connexion sécurisée : ouvrez Kermesse par son adresse en https.";

/** Whether a host name is an IPv4 or IPv6 address rather than a domain name. */
const isIpAddress = (hostname: string) => /^\d{1,3}(\.\d{1,3}){3}$/.test(hostname) || hostname.includes(':') || hostname.startsWith('[');

/**
 * Said on an IP address: a passkey belongs to a site's domain name, and browsers refuse an address
 * like 127.0.0.1 as one. On this very machine, `localhost` is a name for the same server.
 */
export function passkeysNeedNameMessage(location: Pick<Location, 'hostname' | 'host' | 'protocol'>): string {
  const loopback = location.hostname === '127.0.0.1' || location.hostname === '[::1]';
  const address = loopback
    ? `${location.protocol}//${location.host.replace(location.hostname, 'localhost')}`
    : "l'adresse en https de l'association";
  return `Les clés d'accès ne fonctionnent pas sur une adresse IP (${location.hostname}) : ouvrez Kermesse par son nom, ${address}.`;
}

/**
 * Why passkeys cannot work on this page, in French, or null when they can: opened on an IP address
 * (no domain name to tie them to), over plain http on another machine than the server (not a secure
 * context, so the browser hides WebAuthn), or a browser without WebAuthn.
 */
export function passkeysUnavailable(
  location: Pick<Location, 'hostname' | 'host' | 'protocol'> = window.location,
  secure: boolean = window.isSecureContext,
): string | null {
  if (isIpAddress(location.hostname)) return passkeysNeedNameMessage(location);
  if (!secure) return PASSKEYS_NEED_HTTPS_MESSAGE;
  return passkeysSupported() ? null : PASSKEYS_UNSUPPORTED_MESSAGE;
}

/** Makes a passkey on this device from the server's options. */
export const createPasskey = (optionsJSON: PublicKeyCredentialCreationOptionsJSON): Promise<RegistrationResponseJSON> =>
  startRegistration({ optionsJSON });

/** Signs with a passkey of this device (discoverable: the person picks their account). */
export const usePasskey = (optionsJSON: PublicKeyCredentialRequestOptionsJSON): Promise<AuthenticationResponseJSON> =>
  startAuthentication({ optionsJSON });

/** The French message for a failed passkey step (server answer, cancelled prompt, network). */
export function passkeyFailure(caught: unknown): string {
  if (caught instanceof ApiError) {
    const body = caught.body as { message?: unknown } | undefined;
    return typeof body?.message === 'string' ? body.message : caught.message;
  }
  if (caught instanceof WebAuthnError && caught.code === 'ERROR_INVALID_DOMAIN') return passkeysNeedNameMessage(window.location);
  if (caught instanceof WebAuthnError || (caught instanceof Error && caught.name === 'NotAllowedError')) {
    return "Opération annulée ou refusée par l'appareil.";
  }
  if (caught instanceof Error && caught.name === 'InvalidStateError') return 'Cet appareil a déjà une clé d’accès pour ce compte.';
  return NETWORK_ERROR_MESSAGE;
}
