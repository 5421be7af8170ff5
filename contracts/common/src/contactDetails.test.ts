import { describe, expect, it } from 'vitest';
import { normalizeEmail, normalizePhone, phoneToE164 } from './contactDetails.ts';

describe('normalizePhone: a French number an SMS reaches', () => {
  it('reads exactly ten digits once trimmed, 0 then 1 to 9', () => {
    expect(normalizePhone('0612345678')).toBe('0612345678');
    expect(normalizePhone(' 0612345678 ')).toBe('0612345678');
    expect(normalizePhone('0123456789')).toBe('0123456789');
  });
  it('refuses what is not written that way, or no SMS can reach', () => {
    for (const typed of [
      '',
      '   ',
      '061234567',
      '06123456789',
      '0012345678',
      '1234567890',
      '06 12 34 56 78',
      '06.12.34.56.78',
      '+33612345678',
      '+32470123456',
      '06123456a8',
      'appelez-moi',
      null,
      undefined,
    ])
      expect(normalizePhone(typed), String(typed)).toBeNull();
  });
  it("reads a buyer's number written with separators into the same ten digits", () => {
    for (const typed of ['06 12 34 56 78', '06.12.34.56.78', '06-12-34-56-78', ' 0612 345 678 '])
      expect(normalizePhone(typed, { separators: true }), typed).toBe('0612345678');
    for (const typed of ['06  12 34 56 78', '06 12 34 56 7', '+33 6 12 34 56 78', '06/12/34/56/78'])
      expect(normalizePhone(typed, { separators: true }), typed).toBeNull();
  });
  it('writes the number an SMS provider is sent', () => {
    expect(phoneToE164('0612345678')).toBe('+33612345678');
  });
});

describe('normalizeEmail', () => {
  it('trims and lowers an address', () => {
    expect(normalizeEmail(' Camille.Martin@Exemple.fr ')).toBe('camille.martin@exemple.fr');
  });
  it('refuses what the mail relay cannot deliver', () => {
    for (const typed of [
      '',
      'camille',
      'camille@',
      '@exemple.fr',
      'a b@exemple.fr',
      'x@y',
      'Camille <c@exemple.fr>',
      `${'a'.repeat(250)}@x.fr`,
      null,
    ])
      expect(normalizeEmail(typed), String(typed)).toBeNull();
  });
});
