import { afterEach, describe, expect, it } from 'vitest';
import { associationUrl, linkBaseFor } from './hosting.ts';
import { hostedSite } from './webauthn.ts';

/** With hosting, passkeys and links belong to the association's own host (docs/hosting.md). */
const headers = (values: Record<string, string>) => ({ get: (name: string) => values[name.toLowerCase()] ?? '' });

afterEach(() => {
  delete process.env.KERMESSE_HOSTING;
  delete process.env.KERMESSE_DOMAIN;
});

describe('passkeys on a host', () => {
  it('makes the association’s host name the relying party, and accepts its origin only', () => {
    expect(hostedSite('apel-ferry.localhost:8080', 'http', 'localhost')).toEqual({
      origins: ['http://apel-ferry.localhost:8080'],
      rpIds: ['apel-ferry.localhost'],
    });
    expect(hostedSite('APEL-Ferry.kermesse.example.org', 'https', 'kermesse.example.org')).toEqual({
      origins: ['https://apel-ferry.kermesse.example.org'],
      rpIds: ['apel-ferry.kermesse.example.org'],
    });
    // The console's own passkeys: the bare domain.
    expect(hostedSite('kermesse.example.org', 'https', 'kermesse.example.org')?.rpIds).toEqual(['kermesse.example.org']);
  });

  it('falls back to the install’s address for a host outside the domain', () => {
    expect(hostedSite('evil.example.com', 'https', 'kermesse.example.org')).toBeUndefined();
    expect(hostedSite('a.b.kermesse.example.org', 'https', 'kermesse.example.org')).toBeUndefined();
    expect(hostedSite(undefined, 'https', 'kermesse.example.org')).toBeUndefined();
  });
});

describe('addresses of an association', () => {
  it('puts the slug before the domain, with the public address’s scheme and port', () => {
    expect(associationUrl('http://127.0.0.1:8080', 'apel-ferry', 'localhost')).toBe('http://apel-ferry.localhost:8080');
    expect(associationUrl('https://kermesse.example.org', 'apel-ferry', 'kermesse.example.org')).toBe(
      'https://apel-ferry.kermesse.example.org',
    );
  });

  it('sends one-time links to the host the request came from, with hosting only', () => {
    const request = headers({ 'x-forwarded-host': 'apel-ferry.localhost:8080', 'x-forwarded-proto': 'http' });
    expect(linkBaseFor(request, 'http://127.0.0.1:8080')).toBe('http://127.0.0.1:8080');
    process.env.KERMESSE_HOSTING = '1';
    expect(linkBaseFor(request, 'http://127.0.0.1:8080')).toBe('http://apel-ferry.localhost:8080');
    expect(linkBaseFor(headers({ 'x-forwarded-host': 'evil.example.com' }), 'http://127.0.0.1:8080')).toBe('http://127.0.0.1:8080');
  });
});
