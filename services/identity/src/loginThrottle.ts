import { type Db } from '@kermesse/kit/db';
import { tooManyRequests } from '@kermesse/kit/http';
import { clearFailures, countRecentFailures, recordFailure } from './repositories/loginFailures.ts';

export interface ThrottleSettings {
  /** Failures allowed per address, and per account from one address, within the window. */
  maxFailures: number;
  windowMs: number;
}

export const DEFAULT_THROTTLE: ThrottleSettings = { maxFailures: 10, windowMs: 60_000 };

export const TOO_MANY_ATTEMPTS = 'Trop de tentatives de connexion échouées. Réessayez dans une minute.';

const addressKey = (ip: string) => `ip:${ip}`;
const accountFromAddressKey = (email: string, ip: string) => `account:${email.trim().toLowerCase()}|ip:${ip}`;

/**
 * Durable sign-in throttling (kept in Postgres, so a restart or a second instance does not reset
 * it). It throttles the attacker, not the victim (OWASP ASVS 6.3): after `maxFailures` failures in
 * the window from one address — on any account, or on one account — that address is refused with
 * 429 until the oldest failure leaves the window. There is no lock on the account itself: ten wrong
 * passwords sent from elsewhere never keep the treasurer out, and a correct password from an address
 * with no failures is always accepted.
 */
export function loginThrottle(db: Db, settings: ThrottleSettings, now: () => number = Date.now) {
  return {
    async assertAllowed(email: string, ip: string): Promise<void> {
      const keys = [addressKey(ip), accountFromAddressKey(email, ip)];
      const counts = await countRecentFailures(db, keys, new Date(now() - settings.windowMs));
      for (const key of keys) {
        const c = counts.get(key);
        if (c && c.count >= settings.maxFailures) {
          const retryMs = c.oldest.getTime() + settings.windowMs - now();
          throw tooManyRequests(TOO_MANY_ATTEMPTS, Math.max(1, Math.ceil(retryMs / 1000)));
        }
      }
    },
    recordFailure: (email: string, ip: string) => recordFailure(db, [addressKey(ip), accountFromAddressKey(email, ip)], new Date(now())),
    recordSuccess: (email: string, ip: string) => clearFailures(db, accountFromAddressKey(email, ip)),
  };
}
