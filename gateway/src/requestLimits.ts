/**
 * Each hosted association's API requests, limited by a token bucket (docs/hosting.md, « Limits per
 * association »): it refills at the association's requests per second and holds three seconds of
 * them, so a page that loads a dozen resources at once, or a register emptying its offline queue,
 * passes, while an association sending far more than a busy fair for long is answered 429 and
 * cannot take the other associations' share of the services.
 *
 * Written here rather than taken from a library: it runs on the gateway's hot path for every API
 * request, one Map look-up and a few arithmetic operations, with no timer and no allocation once the
 * association's bucket exists.
 */

/** How many seconds of requests a bucket holds: the burst an association may send at once. */
export const BURST_SECONDS = 3;

interface Bucket {
  tokens: number;
  at: number;
}

export interface RequestLimiter {
  /** Takes one request of the association's bucket; 0 when it may go, else the seconds to wait. */
  take(associationId: string, perSecond: number): number;
}

export function createRequestLimiter(now: () => number = Date.now): RequestLimiter {
  const buckets = new Map<string, Bucket>();
  return {
    take(associationId, perSecond) {
      const capacity = perSecond * BURST_SECONDS;
      const time = now();
      let bucket = buckets.get(associationId);
      if (!bucket) {
        bucket = { tokens: capacity, at: time };
        buckets.set(associationId, bucket);
      } else {
        bucket.tokens = Math.min(capacity, bucket.tokens + ((time - bucket.at) / 1000) * perSecond);
        bucket.at = time;
      }
      if (bucket.tokens >= 1) {
        bucket.tokens -= 1;
        return 0;
      }
      return Math.max(1, Math.ceil((1 - bucket.tokens) / perSecond));
    },
  };
}
