import { tooManyRequests, type Db } from '@kermesse/kit';
import { clearFailures, countRecentFailures, recordFailure } from './repositories/loginFailures.ts';

export interface ThrottleSettings {
  /** Failures allowed per account and per address within the window. */
  maxFailures: number;
  windowMs: number;
}

export const DEFAULT_THROTTLE: ThrottleSettings = { maxFailures: 10, windowMs: 60_000 };

export const TOO_MANY_ATTEMPTS = 'Trop de tentatives de connexion échouées. Réessayez dans une minute.';

const accountKey = (email: string) => `account:${email.trim().toLowerCase()}`;
const addressKey = (ip: string) => `ip:${ip}`;

/**
 * Durable sign-in throttling (kept in Postgres, so a restart or a second instance does not reset
 * it): after `maxFailures` failures in the window for an account or an address, further attempts are
 * refused with 429 until the oldest failure leaves the window — then the real user can sign in.
 */
export function loginThrottle(db: Db, settings: ThrottleSettings, now: () => number = Date.now) {
  return {
    async assertAllowed(email: string, ip: string): Promise<void> {
      const keys = [accountKey(email), addressKey(ip)];
      const counts = await countRecentFailures(db, keys, new Date(now() - settings.windowMs));
      for (const key of keys) {
        const c = counts.get(key);
        if (c && c.count >= settings.maxFailures) {
          const retryMs = c.oldest.getTime() + settings.windowMs - now();
          throw tooManyRequests(TOO_MANY_ATTEMPTS, Math.max(1, Math.ceil(retryMs / 1000)));
        }
      }
    },
    recordFailure: (email: string, ip: string) => recordFailure(db, [accountKey(email), addressKey(ip)], new Date(now())),
    recordSuccess: (email: string) => clearFailures(db, accountKey(email)),
  };
}
