/**
 * The gateway's event catalogue: identity's events, of which it listens to `user.tokens.revoked`
 * (every replica forgets a disabled person's tokens at once). Handed to the kit when the revocation
 * feed connects (server.ts), never by the app: serving requests loads no NATS.
 */
import { registerEventCatalogue } from '@kermesse/kit/bus';
import { IDENTITY_EVENT_SCHEMAS, type IdentityEventPayloads } from '@kermesse/contracts-identity/events';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface KermesseEventPayloads extends IdentityEventPayloads {}
}

registerEventCatalogue(IDENTITY_EVENT_SCHEMAS);
