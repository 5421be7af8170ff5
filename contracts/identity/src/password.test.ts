import { describe, expect, it } from 'vitest';
import { IDENTITY_ERRORS } from './errors.ts';
import { passwordProblem } from './password.ts';

describe('passwordProblem', () => {
  it('asks for at least 12 characters', () => {
    expect(passwordProblem('court-1234')).toBe(IDENTITY_ERRORS.PASSWORD_TOO_SHORT);
    expect(passwordProblem('')).toBe(IDENTITY_ERRORS.PASSWORD_TOO_SHORT);
  });

  it('refuses common passwords even with digits, accents, case or symbols around them', () => {
    for (const common of [
      'azertyuiop123',
      'MotDePasse2024!',
      'mot de passe 12',
      '123456789012',
      'Kermesse2025!!',
      'aaaaaaaaaaaa',
      'abababababab',
      'Bénévole12345',
    ]) {
      expect(passwordProblem(common), common).toBe(IDENTITY_ERRORS.PASSWORD_TOO_COMMON);
    }
  });

  it("refuses the account's own e-mail or name", () => {
    expect(passwordProblem('martine.dupont2024', ['martine.dupont@ecole.fr', 'Martine', 'Dupont'])).toBe(IDENTITY_ERRORS.PASSWORD_IS_EMAIL);
  });

  it('accepts a long, uncommon passphrase', () => {
    expect(passwordProblem('crêpes au sucre sous le préau')).toBeNull();
    expect(passwordProblem('e2e-mot-de-passe')).toBeNull();
  });
});
