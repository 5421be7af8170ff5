import { describe, expect, it } from 'vitest';
import { PASSKEYS_NEED_HTTPS_MESSAGE, passkeysUnavailable } from './passkeys';

const at = (url: string) => {
  const { hostname, host, protocol } = new URL(url);
  return { hostname, host, protocol };
};

describe('where passkeys can work', () => {
  it('says on 127.0.0.1 that passkeys need a name, and gives the localhost address of the same server', () => {
    expect(passkeysUnavailable(at('http://127.0.0.1:8080/connexion'), true)).toBe(
      "Les clés d'accès ne fonctionnent pas sur une adresse IP (127.0.0.1) : ouvrez Kermesse par son nom, http://localhost:8080.",
    );
  });

  it("says so on another machine's IP address too, pointing to the association's https address", () => {
    expect(passkeysUnavailable(at('http://192.168.1.20:8080/profil'), false)).toBe(
      "Les clés d'accès ne fonctionnent pas sur une adresse IP (192.168.1.20) : ouvrez Kermesse par son nom, l'adresse en https de l'association.",
    );
    expect(passkeysUnavailable(at('http://[::1]:8080/'), true)).toMatch(
      /^Les clés d'accès ne fonctionnent pas sur une adresse IP \(\[::1\]\)/,
    );
  });

  it('asks for https on a plain-http domain name', () => {
    expect(passkeysUnavailable(at('http://kermesse.ecole.fr/connexion'), false)).toBe(PASSKEYS_NEED_HTTPS_MESSAGE);
  });
});
