/**
 * The register's answers that are lists or small envelopes of the shapes declared beside them: each
 * route names its answer in `defineRoute({ responses })`, so docs/openapi.json describes it and the
 * tests check every answer against it (docs/api.md §3).
 */
import { Type, type Static } from '@sinclair/typebox';
import { SuccessAnswer } from '@kermesse/contracts-common/schemas';
import { Buyer, CardReader, EventSummary, PendingSale, ProductAssoc } from './catalog.ts';
import { DashboardEvent } from './dashboard.ts';
import { PaymentView } from './sales.ts';
import { AdminCategory, AdminCheckout, AdminEvent, AdminProduct, Id } from './schemas.ts';

export { SuccessAnswer };

/** `GET /api/admin/events` (docs/spec.md §7 keeps a bare list). */
export const AdminEvents = Type.Array(AdminEvent);
export type AdminEvents = Static<typeof AdminEvents>;
export const AdminCheckouts = Type.Array(AdminCheckout);
export type AdminCheckouts = Static<typeof AdminCheckouts>;
export const AdminCategories = Type.Array(AdminCategory);
export type AdminCategories = Static<typeof AdminCategories>;
export const AdminProducts = Type.Array(AdminProduct);
export type AdminProducts = Static<typeof AdminProducts>;

/** `DELETE /api/admin/categories/{id}`. */
export const CategoryDeleted = Type.Object({ id: Id, deleted: Type.Literal(true) });
export type CategoryDeleted = Static<typeof CategoryDeleted>;

/** `DELETE /api/admin/card-readers/{id}`: the reader is unpaired from the provider. */
export const CardReaderUnpaired = Type.Object({ id: Type.String(), unpaired: Type.Literal(true) });
export type CardReaderUnpaired = Static<typeof CardReaderUnpaired>;

/** `GET /api/admin/checkout/{id}/products`: every product of the event, ticked when this register sells it. */
export const ProductAssocs = Type.Object({ productsAssoc: Type.Array(ProductAssoc) });
export type ProductAssocs = Static<typeof ProductAssocs>;

/** `GET /api/cr/events`. */
export const EventSummaries = Type.Array(EventSummary);
export type EventSummaries = Static<typeof EventSummaries>;

/** `GET /api/cr/sale/list/{eventId}/pending`. */
export const PendingSales = Type.Array(PendingSale);
export type PendingSales = Static<typeof PendingSales>;

/** `GET /api/cr/sale/list/{eventId}/pending/total`. */
export const PendingCount = Type.Object({ count: Type.Integer({ minimum: 0 }) });
export type PendingCount = Static<typeof PendingCount>;

/** `GET /api/cr/sale/pending/{saleId}/payments`. */
export const PaymentViews = Type.Array(PaymentView);
export type PaymentViews = Static<typeof PaymentViews>;

/** docs/spec.md §7 `POST /api/cr/users/findOrCreate` and `…/create`: `{ success, data: { user } }`. */
export const BuyerAnswer = Type.Object({ success: Type.Literal(true), data: Type.Object({ user: Buyer }) });
export type BuyerAnswer = Static<typeof BuyerAnswer>;

/** `GET /api/cr/payment/reader`: the readers the register may send a card payment to. */
export const RegisterCardReaders = Type.Object({ success: Type.Literal(true), data: Type.Object({ items: Type.Array(CardReader) }) });
export type RegisterCardReaders = Static<typeof RegisterCardReaders>;

/** `POST /api/cr/payment/reader` (201): the card payment started, its amount in euros. */
export const CardPaymentStarted = Type.Object({ id: Type.String(), amount: Type.Number({ description: 'Montant en euros.' }) });
export type CardPaymentStarted = Static<typeof CardPaymentStarted>;

/** `GET /api/admin/dashboard`. */
export const DashboardEvents = Type.Array(DashboardEvent);
export type DashboardEvents = Static<typeof DashboardEvents>;

/** `GET /internal/events/{eventId}` (between services): an event the register knows. */
export const RegisterEventAnswer = Type.Object({
  id: Id,
  name: Type.String(),
  startsOn: Type.Union([Type.String({ description: 'AAAA-MM-JJ' }), Type.Null()]),
});
export type RegisterEventAnswer = Static<typeof RegisterEventAnswer>;
