import { describe, expect, it } from 'vitest';
import { unauthorized, type AuthUser, type TokenVerifier } from '@kermesse/kit';
import { cachedVerifier } from './tokenCache.ts';

function countingVerifier(users: Record<string, AuthUser>) {
  const calls: string[] = [];
  const forgotten: string[] = [];
  const verifier: TokenVerifier = {
    async verify(token) {
      calls.push(token);
      const user = users[token];
      if (!user) throw unauthorized('Jeton invalide ou expiré.');
      return user;
    },
    forget: (jti) => void forgotten.push(jti),
  };
  return { verifier, calls, forgotten };
}

const buildUser = (overrides: Partial<AuthUser> = {}): AuthUser => ({
  id: '1', email: 'caissier@kermesse.local', roles: ['cashier'], jti: 'j1', exp: Math.floor(Date.now() / 1000) + 3600, ...overrides,
});

describe('cachedVerifier', () => {
  it('reuses a verification for ttlMs, then verifies again', async () => {
    let now = 1_000_000;
    const { verifier, calls } = countingVerifier({ a: buildUser({ exp: 10_000 }) });
    const cached = cachedVerifier(verifier, { ttlMs: 1_000, now: () => now });
    await cached.verify('a');
    await cached.verify('a');
    expect(calls).toHaveLength(1);
    now += 1_001;
    await cached.verify('a');
    expect(calls).toHaveLength(2);
  });

  it('never serves an expired token from the cache', async () => {
    let now = 9_999_500;
    const { verifier, calls } = countingVerifier({ a: buildUser({ exp: 10_000 }) });
    const cached = cachedVerifier(verifier, { ttlMs: 60_000, now: () => now });
    await cached.verify('a');
    now = 10_000_000;
    await cached.verify('a');
    expect(calls).toHaveLength(2);
  });

  it('does not cache failures', async () => {
    const { verifier, calls } = countingVerifier({});
    const cached = cachedVerifier(verifier);
    await expect(cached.verify('x')).rejects.toMatchObject({ status: 401 });
    await expect(cached.verify('x')).rejects.toMatchObject({ status: 401 });
    expect(calls).toHaveLength(2);
  });

  it('forget(jti) drops the entry and tells the kit', async () => {
    const { verifier, calls, forgotten } = countingVerifier({ a: buildUser({ jti: 'j-a' }) });
    const cached = cachedVerifier(verifier, { ttlMs: 60_000 });
    await cached.verify('a');
    await cached.verify('a');
    expect(calls).toHaveLength(1);
    cached.forget('j-a');
    await cached.verify('a');
    expect(calls).toHaveLength(2);
    expect(forgotten).toEqual(['j-a']);
  });

  it('stays bounded', async () => {
    const users = Object.fromEntries(Array.from({ length: 5 }, (_, i) => [`t${i}`, buildUser({ jti: `j${i}` })]));
    const { verifier, calls } = countingVerifier(users);
    const cached = cachedVerifier(verifier, { ttlMs: 60_000, maxEntries: 3 });
    for (let i = 0; i < 5; i += 1) await cached.verify(`t${i}`);
    await cached.verify('t0');
    expect(calls).toHaveLength(6);
    await cached.verify('t4');
    expect(calls).toHaveLength(6);
  });
});
