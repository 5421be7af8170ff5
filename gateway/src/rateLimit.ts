/**
 * In-memory fixed-window counter per client address, for sign-in attempts at the gateway.
 * Identity keeps its own durable per-account and per-IP limits; this one only sheds floods early,
 * so losing it on restart is fine.
 */
export interface RateLimiter {
  /** Counts one attempt; returns 0 when allowed, otherwise the seconds to wait. */
  hit(key: string, now?: number): number;
}

export function createRateLimiter({ max, windowMs }: { max: number; windowMs: number }): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  let nextSweep = 0;

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
