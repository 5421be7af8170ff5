/**
 * Identity's event catalogue: the events identity publishes and those it consumes, from their domains' contracts. Handed to the
 * kit when this module loads (the app and the consumers import it), so the kit validates them on the
 * way out and in without knowing any domain; their payload types become the kit's `EventPayloads`.
 */
import { registerEventCatalogue } from '@kermesse/kit/bus';
import { IDENTITY_EVENT_SCHEMAS, type IdentityEventPayloads } from '@kermesse/contracts-identity/events';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface KermesseEventPayloads extends IdentityEventPayloads {}
}

registerEventCatalogue(IDENTITY_EVENT_SCHEMAS);
