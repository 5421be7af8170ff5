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
  if (caught instanceof WebAuthnError || (caught instanceof Error && caught.name === 'NotAllowedError')) {
    return "Opération annulée ou refusée par l'appareil.";
  }
  if (caught instanceof Error && caught.name === 'InvalidStateError') return 'Cet appareil a déjà une clé d’accès pour ce compte.';
  return NETWORK_ERROR_MESSAGE;
}
