/**
 * The answers of the register's paths as docs/openapi.json describes them (`Answer` of
 * `@kermesse/contracts-common/api`, docs/api.md §2): a client typed from them fails to compile when the
 * document and the screens disagree.
 */
import type { Answer } from '@kermesse/contracts-common/api';

/** `GET /api/cr/events`. */
export type EventsAnswer = Answer<'/api/cr/events', 'get'>;
/** `GET /api/cr/events/{eventId}/checkouts`. */
export type EventCheckoutsAnswer = Answer<'/api/cr/events/{eventId}/checkouts', 'get'>;
/** `GET /api/cr/checkouts/{checkoutId}`: `[checkout data, ticket category config]`. */
export type CheckoutAnswer = Answer<'/api/cr/checkouts/{checkoutId}', 'get'>;
/** `POST /api/cr/sale/create` (201). */
export type SaleCreated = Answer<'/api/cr/sale/create', 'post', 201>;
/** `GET /api/cr/sale/list/{eventId}/pending`. */
export type PendingSalesAnswer = Answer<'/api/cr/sale/list/{eventId}/pending', 'get'>;
/** `GET /api/cr/sale/pending/{saleId}/payments`. */
export type PaymentsAnswer = Answer<'/api/cr/sale/pending/{saleId}/payments', 'get'>;
/** `GET /api/cr/payment/reader`. */
export type CardReadersAnswer = Answer<'/api/cr/payment/reader', 'get'>;
/** `POST /api/cr/users/findOrCreate`. */
export type BuyerAnswer = Answer<'/api/cr/users/findOrCreate', 'post'>;
