/**
 * Standard Webhooks (standardwebhooks.com), through its reference package: a secret `whsec_<base64>`,
 * and on each request the headers `webhook-id` (the bus event's id: the same on every retry, so a
 * receiver drops a duplicate), `webhook-timestamp` (seconds, the time of this attempt) and
 * `webhook-signature` (`v1,<HMAC-SHA256 of "id.timestamp.body">`).
 */
import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

/** A new signing secret, shown once to the admin who registers the endpoint. */
export const newSigningSecret = (): string => `whsec_${randomBytes(32).toString('base64')}`;

/** The headers of one attempt to send `body` (the exact text sent) as message `id`. */
export function signedHeaders(secret: string, id: string, body: string, at: Date = new Date()): Record<string, string> {
  return {
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(id, at, body),
  };
}
