/**
 * Accounting's event catalogue: the events accounting consumes, from their domains' contracts, and the
 * ones it publishes (HelloAsso's tickets, for the gate). Handed to the kit when this module loads (the
 * app and the consumers import it), so the kit validates them on the way out and in without knowing any
 * domain; their payload types become the kit's `EventPayloads`.
 */
import { registerEventCatalogue } from '@kermesse/kit/bus';
import { ACCOUNTING_EVENT_SCHEMAS, type AccountingEventPayloads } from '@kermesse/contracts-accounting/events';
import { REGISTER_EVENT_SCHEMAS, type RegisterEventPayloads } from '@kermesse/contracts-register/events';
import { RAFFLE_EVENT_SCHEMAS, type RaffleEventPayloads } from '@kermesse/contracts-raffle/events';
import { BINGO_EVENT_SCHEMAS, type BingoEventPayloads } from '@kermesse/contracts-bingo/events';

declare global {
  interface KermesseEventPayloads extends RegisterEventPayloads, RaffleEventPayloads, BingoEventPayloads, AccountingEventPayloads {}
}

registerEventCatalogue(REGISTER_EVENT_SCHEMAS, RAFFLE_EVENT_SCHEMAS, BINGO_EVENT_SCHEMAS, ACCOUNTING_EVENT_SCHEMAS);
