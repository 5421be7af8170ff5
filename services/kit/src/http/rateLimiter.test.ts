import { describe, expect, it } from 'vitest';
import { createRateLimiter } from './rateLimiter.ts';

describe('createRateLimiter', () => {
  it('allows max hits per window, then tells how long to wait, then resets', () => {
    const limiter = createRateLimiter({ max: 2, windowMs: 60_000 });
    expect(limiter.hit('1.2.3.4', 0)).toBe(0);
    expect(limiter.hit('1.2.3.4', 1_000)).toBe(0);
    expect(limiter.hit('1.2.3.4', 1_500)).toBe(59);
    expect(limiter.hit('5.6.7.8', 1_500)).toBe(0);
    expect(limiter.hit('1.2.3.4', 60_000)).toBe(0);
  });

  it('keeps counting refused attempts: a client that keeps hammering is not let through earlier', () => {
    const limiter = createRateLimiter({ max: 1, windowMs: 10_000 });
    expect(limiter.hit('a', 0)).toBe(0);
    expect(limiter.hit('a', 2_000)).toBe(8);
    expect(limiter.hit('a', 9_500)).toBe(1);
    expect(limiter.hit('a', 10_000)).toBe(0);
  });
});
