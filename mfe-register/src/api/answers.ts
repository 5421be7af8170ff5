/**
 * The answers of the register's paths as docs/openapi.json describes them: the types openapi-typescript
 * generated from it (`@kermesse/contracts-common/openapi`, written by `npm run openapi`). A client typed
 * from them fails to compile when the document and the screens disagree (docs/api.md §2).
 */
import type { paths } from '@kermesse/contracts-common/openapi';

type Method = 'get' | 'post' | 'put' | 'delete';

/** The JSON a path answers with `status` (200 unless said). */
export type Answer<P extends keyof paths, M extends Method, S extends number = 200> = paths[P][M] extends {
  responses: { [K in S]: { content: { 'application/json': infer T } } };
}
  ? T
  : never;

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
