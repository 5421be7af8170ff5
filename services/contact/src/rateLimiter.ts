/**
 * Fixed-window counter per client address, in memory: enough to stop a script filling the
 * association's mailbox, and it stores no address anywhere. `take` returns the seconds to wait, or 0.
 */
export function createRateLimiter({ max, windowMs }: { max: number; windowMs: number }) {
  const windows = new Map<string, { count: number; resetAt: number }>();
  return {
    take(key: string): number {
      const now = Date.now();
      if (windows.size > 10_000) for (const [k, w] of windows) if (w.resetAt <= now) windows.delete(k);
      const current = windows.get(key);
      if (!current || current.resetAt <= now) {
        windows.set(key, { count: 1, resetAt: now + windowMs });
        return 0;
      }
      if (current.count >= max) return Math.max(1, Math.ceil((current.resetAt - now) / 1000));
      current.count += 1;
      return 0;
    },
  };
}
