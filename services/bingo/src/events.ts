/**
 * Bingo's event catalogue: the events bingo publishes and those it consumes, from their domains' contracts. Handed to the
 * kit when this module loads (the app and the consumers import it), so the kit validates them on the
 * way out and in without knowing any domain; their payload types become the kit's `EventPayloads`.
 */
import { registerEventCatalogue } from '@kermesse/kit/bus';
import { BINGO_EVENT_SCHEMAS, type BingoEventPayloads } from '@kermesse/contracts-bingo/events';
import { REGISTER_EVENT_SCHEMAS, type RegisterEventPayloads } from '@kermesse/contracts-register/events';

declare global {
  interface KermesseEventPayloads extends BingoEventPayloads, RegisterEventPayloads {}
}

registerEventCatalogue(BINGO_EVENT_SCHEMAS, REGISTER_EVENT_SCHEMAS);
