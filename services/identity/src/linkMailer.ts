import type { OneTimeLink } from '@kermesse/contracts-identity';
import type { Logger } from '@kermesse/kit/http';

/**
 * Asks the contact service (internal path, never behind the gateway) to e-mail a one-time link.
 * Contact answers `{ emailed: false }` when no SMTP server is configured; an unreachable contact
 * service counts as not e-mailed, so the admin hands the link over as usual.
 */
export function linkMailer(contactUrl: string, logger: Logger) {
  return async (person: { email: string; firstname: string }, link: OneTimeLink, purpose: 'setup' | 'reset'): Promise<boolean> => {
    try {
      const res = await fetch(`${contactUrl}/internal/account-links`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: person.email, firstname: person.firstname, url: link.url, expiresAt: link.expiresAt, purpose }),
        signal: AbortSignal.timeout(3_000),
      });
      if (!res.ok) throw new Error(`contact answered ${res.status}`);
      return ((await res.json()) as { emailed?: unknown }).emailed === true;
    } catch (err) {
      logger.warn('one-time link not e-mailed', { error: (err as Error).message });
      return false;
    }
  };
}
