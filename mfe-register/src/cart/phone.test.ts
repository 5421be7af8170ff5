import { describe, expect, it } from 'vitest';
import { SMS_PHONE_MESSAGE, validSmsPhone } from './phone';

describe('SMS receipt number', () => {
  it('accepts exactly 10 digits once trimmed', () => {
    expect(validSmsPhone(' 0612345678 ')).toBe('0612345678');
  });

  it('refuses anything else', () => {
    for (const text of ['061234567', '06123456789', '06 12 34 56 78', '+33612345678', '', 'abcdefghij'])
      expect(validSmsPhone(text)).toBeNull();
    expect(SMS_PHONE_MESSAGE).toBe('Merci de saisir un numéro de téléphone valide (10 chiffres).');
  });
});
