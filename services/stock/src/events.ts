/**
 * Stock's event catalogue: the events stock publishes and those it consumes, from their domains' contracts. Handed to the
 * kit when this module loads (the app and the consumers import it), so the kit validates them on the
 * way out and in without knowing any domain; their payload types become the kit's `EventPayloads`.
 */
import { registerEventCatalogue } from '@kermesse/kit/bus';
import { STOCK_EVENT_SCHEMAS, type StockEventPayloads } from '@kermesse/contracts-stock/events';
import { REGISTER_EVENT_SCHEMAS, type RegisterEventPayloads } from '@kermesse/contracts-register/events';

declare global {
  interface KermesseEventPayloads extends StockEventPayloads, RegisterEventPayloads {}
}

registerEventCatalogue(STOCK_EVENT_SCHEMAS, REGISTER_EVENT_SCHEMAS);
