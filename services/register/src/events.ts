/**
 * Register's event catalogue: the events register publishes and those it consumes, from their domains' contracts. Handed to the
 * kit when this module loads (the app and the consumers import it), so the kit validates them on the
 * way out and in without knowing any domain; their payload types become the kit's `EventPayloads`.
 */
import { registerEventCatalogue } from '@kermesse/kit/bus';
import { REGISTER_EVENT_SCHEMAS, type RegisterEventPayloads } from '@kermesse/contracts-register/events';
import { RAFFLE_EVENT_SCHEMAS, type RaffleEventPayloads } from '@kermesse/contracts-raffle/events';
import { BINGO_EVENT_SCHEMAS, type BingoEventPayloads } from '@kermesse/contracts-bingo/events';
import { STOCK_EVENT_SCHEMAS, type StockEventPayloads } from '@kermesse/contracts-stock/events';
import { IDENTITY_EVENT_SCHEMAS, type IdentityEventPayloads } from '@kermesse/contracts-identity/events';

declare global {
  interface KermesseEventPayloads
    extends RegisterEventPayloads, RaffleEventPayloads, BingoEventPayloads, StockEventPayloads, IdentityEventPayloads {}
}

registerEventCatalogue(REGISTER_EVENT_SCHEMAS, RAFFLE_EVENT_SCHEMAS, BINGO_EVENT_SCHEMAS, STOCK_EVENT_SCHEMAS, IDENTITY_EVENT_SCHEMAS);
