/**
 * Accounting's answers that wrap the shapes declared beside them: each route names its answer in
 * `defineRoute({ responses })`, so docs/openapi.json describes it and the tests check it (docs/api.md §3).
 */
import { Type, type Static } from '@sinclair/typebox';
import { AvailabilityRowSchema, LayoutRowSchema, Purchase, TrialBalanceRow } from './schemas.ts';
import { Donation, Donor } from './taxReceipts.ts';

/** `POST /api/admin/accountancy/donations` (201), `PATCH …/donations/{id}`. */
export const DonationAnswer = Type.Object({ donation: Donation });
export type DonationAnswer = Static<typeof DonationAnswer>;

/** `POST /api/admin/accountancy/donors` (201), `PUT …/donors/{id}`. */
export const DonorAnswer = Type.Object({ donor: Donor });
export type DonorAnswer = Static<typeof DonorAnswer>;

/** `POST /api/admin/accountancy/events/{eventId}/purchases` (201). */
export const PurchaseAnswer = Type.Object({ purchase: Purchase });
export type PurchaseAnswer = Static<typeof PurchaseAnswer>;

/** `GET /api/admin/accountancy/trial-balance-rows/{id}` (JSON unless `?format=csv`). */
export const TrialBalanceRows = Type.Array(TrialBalanceRow);
export type TrialBalanceRows = Static<typeof TrialBalanceRows>;

/** « Bilan des comptes » and the forecast of a year (JSON unless `?format=csv`): rows in euros. */
export const LayoutRows = Type.Array(LayoutRowSchema);
export type LayoutRows = Static<typeof LayoutRows>;

/** « Disponibilités » of a year (JSON unless `?format=csv`): the treasury accounts and their balance in euros. */
export const AvailabilityRows = Type.Array(AvailabilityRowSchema);
export type AvailabilityRows = Static<typeof AvailabilityRows>;
