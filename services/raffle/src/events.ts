/**
 * Raffle's event catalogue: the events raffle publishes and those it consumes, from their domains' contracts. Handed to the
 * kit when this module loads (the app and the consumers import it), so the kit validates them on the
 * way out and in without knowing any domain; their payload types become the kit's `EventPayloads`.
 */
import { registerEventCatalogue } from '@kermesse/kit/bus';
import { ACCOUNTING_EVENT_SCHEMAS, type AccountingEventPayloads } from '@kermesse/contracts-accounting/events';
import { RAFFLE_EVENT_SCHEMAS, type RaffleEventPayloads } from '@kermesse/contracts-raffle/events';
import { REGISTER_EVENT_SCHEMAS, type RegisterEventPayloads } from '@kermesse/contracts-register/events';

declare global {
  interface KermesseEventPayloads extends RaffleEventPayloads, RegisterEventPayloads, AccountingEventPayloads {}
}

registerEventCatalogue(RAFFLE_EVENT_SCHEMAS, REGISTER_EVENT_SCHEMAS, ACCOUNTING_EVENT_SCHEMAS);
