import { describe, expect, it } from 'vitest';
import { findRegisterToken, readRegisterToken, REGISTER_TOKEN_KEY, SESSION_STORAGE_KEY } from './registerToken';
import { buildToken } from './testing';

function storage(values: Record<string, string>): Pick<Storage, 'getItem'> {
  return { getItem: (key) => values[key] ?? null };
}

describe('the register token', () => {
  it("is the session's own token for a cashier or an administrator signed in", () => {
    for (const roles of [['cashier'], ['admin'], ['volunteer', 'cashier']] as const) {
      const session = buildToken({ roles: [...roles] });
      expect(findRegisterToken(storage({ [SESSION_STORAGE_KEY]: session, [REGISTER_TOKEN_KEY]: 'jeton-colle' }))).toEqual({
        token: session,
        source: 'session',
      });
    }
  });

  it('is the token loaded by hand when the session cannot open the register, or there is none', () => {
    const treasurer = buildToken({ roles: ['treasurer'] });
    expect(findRegisterToken(storage({ [SESSION_STORAGE_KEY]: treasurer, [REGISTER_TOKEN_KEY]: 'jeton-colle' }))).toEqual({
      token: 'jeton-colle',
      source: 'loaded',
    });
    expect(readRegisterToken(storage({ [REGISTER_TOKEN_KEY]: 'jeton-colle' }))).toBe('jeton-colle');
    expect(readRegisterToken(storage({ [SESSION_STORAGE_KEY]: treasurer }))).toBeNull();
    expect(readRegisterToken(storage({ [SESSION_STORAGE_KEY]: 'pas-un-jeton' }))).toBeNull();
  });

  it("stays the session's once it has expired, so a register that lost its network keeps selling", () => {
    const expired = buildToken({ roles: ['cashier'], expiresInSeconds: -3600 });
    expect(readRegisterToken(storage({ [SESSION_STORAGE_KEY]: expired }))).toBe(expired);
  });

  it('is none when the storage cannot be read (private mode)', () => {
    const broken: Pick<Storage, 'getItem'> = {
      getItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(readRegisterToken(broken)).toBeNull();
  });
});
