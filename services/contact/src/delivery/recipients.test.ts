import { describe, expect, it } from 'vitest';
import { maskRecipient, normalizeEmail, normalizePhone } from './recipients.ts';

describe('receipt addresses', () => {
  it("turns the register's 10 French digits and international forms into E.164", () => {
    expect(normalizePhone('0612345678')).toBe('+33612345678');
    expect(normalizePhone(' 06 12 34 56 78 ')).toBe('+33612345678');
    expect(normalizePhone('06.12.34.56.78')).toBe('+33612345678');
    expect(normalizePhone('+33 6 12 34 56 78')).toBe('+33612345678');
    expect(normalizePhone('0032470123456')).toBe('+32470123456');
  });

  it('refuses what cannot be a phone number', () => {
    for (const bad of ['', '061234567', '06123456789', '0012', 'appelez-moi', null, undefined]) expect(normalizePhone(bad)).toBeNull();
  });

  it('accepts a plausible e-mail address only', () => {
    expect(normalizeEmail(' camille@exemple.fr ')).toBe('camille@exemple.fr');
    for (const bad of ['camille', 'camille@', '@exemple.fr', 'a b@exemple.fr', 'x@y', null]) expect(normalizeEmail(bad)).toBeNull();
  });

  it('never logs a whole address', () => {
    expect(maskRecipient('camille@exemple.fr')).toBe('c***@exemple.fr');
    expect(maskRecipient('+33612345678')).toBe('+336******78');
  });
});
