/**
 * In-memory fixed-window counter per key (a client address), to shed floods early: sign-in attempts
 * at the gateway, the public forms of contact (a script filling the association's mailbox). It stores
 * no address anywhere durable, and losing it on restart is fine: identity keeps its own durable
 * per-account and per-IP limits.
 */
export interface RateLimiter {
  /** Counts one attempt; returns 0 when allowed, otherwise the seconds to wait (for Retry-After). */
  hit(key: string, now?: number): number;
}

export interface RateLimit {
  /** Attempts allowed per key and window. */
  max: number;
  windowMs: number;
}

export function createRateLimiter({ max, windowMs }: RateLimit): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  let nextSweep = 0;

  // Forgets the windows that ended, at most once per window: the map stays as small as the live keys.
  function sweep(now: number) {
    for (const [key, window] of windows) if (window.resetAt <= now) windows.delete(key);
    nextSweep = now + windowMs;
  }

  return {
    hit(key, now = Date.now()) {
      if (now >= nextSweep) sweep(now);
      let window = windows.get(key);
      if (!window || window.resetAt <= now) {
        window = { count: 0, resetAt: now + windowMs };
        windows.set(key, window);
      }
      window.count += 1;
      if (window.count <= max) return 0;
      return Math.max(1, Math.ceil((window.resetAt - now) / 1000));
    },
  };
}
