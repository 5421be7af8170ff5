/**
 * `@kermesse/contracts-common/schemas`: TypeBox pieces every domain's schemas share — apart from the
 * package's main entry, which the gateway and the browser load without a schema library.
 *
 * Each id, count and amount a client sends is checked against the range of the column it lands in — and
 * a business ceiling — by the kit's validation, with a French 400 naming the field, before any SQL runs
 * (docs/platform.md « Ranges »). Postgres' `integer` stops at 2 147 483 647: a larger id or amount in
 * cents would make the query fail (a 500) instead of telling the person what is wrong.
 */
import { Type, type Static, type StringOptions, type TInteger, type TNumber, type TString, type TUnion } from '@sinclair/typebox';
import { SPREADSHEET_SAFE_PATTERN } from './spreadsheet.ts';

/** A text typed by a person that may end up in an export (a name, a label): never a spreadsheet formula. */
export const SafeText = (options: StringOptions = {}) => Type.String({ ...options, pattern: SPREADSHEET_SAFE_PATTERN });

/** The largest value of a Postgres `integer` (int4): ids, counts, amounts in cents. */
export const PG_INTEGER_MAX = 2_147_483_647;

/**
 * The ceiling of one amount typed by a person — a price, a prize's value, a purchase, a payment:
 * 1 000 000 €. Far above any fair's figure, and a hundred of them still fit an `integer` of cents.
 */
export const MAX_AMOUNT_CENTS = 100_000_000;
/** `MAX_AMOUNT_CENTS` in euros, for number fields (`price: 3.5`). */
export const MAX_AMOUNT_EUROS = MAX_AMOUNT_CENTS / 100;

/** A row id (serial): 1 to 2 147 483 647. Path parameters (`/:id`) are coerced from text, then checked alike. */
export const Id = Type.Integer({ minimum: 1, maximum: PG_INTEGER_MAX });

/** A whole number between `minimum` and `maximum` (a quantity, a rank, a count of tickets). */
export function Int(minimum: number, maximum: number): TInteger {
  return Type.Integer({ minimum, maximum });
}

/**
 * The page a list path answers (docs/api.md §1, `{ items, total }`): `?limit=` items from the
 * `?offset=`-th; a path says its default limit. The ceiling keeps one call's work bounded.
 */
export const LIST_LIMIT_MAX = 500;
export const ListQuery = Type.Object({ limit: Type.Optional(Int(1, LIST_LIMIT_MAX)), offset: Type.Optional(Int(0, PG_INTEGER_MAX)) });
export type ListQuery = Static<typeof ListQuery>;

/** A euro amount as a JSON number (`3.5`), between `minimum` (0 by default) and the ceiling. */
export function Euros(options: { minimum?: number; maximum?: number } = {}): TNumber {
  return Type.Number({ minimum: options.minimum ?? 0, maximum: options.maximum ?? MAX_AMOUNT_EUROS });
}

/**
 * The `euros` keyword the kit's validator knows: an amount sent as text (« 30,50 », « 1 234,50 € ») or
 * as a number whose absolute value exceeds `maxCents` is refused in French. Whether it is an amount at
 * all (a sign, three decimals) stays the domain's rule and message.
 */
export interface EurosKeyword {
  maxCents: number;
}

/** The options that put the ceiling on a money schema of a domain's own shape (`Type.Union([…], eurosCeiling())`). */
export function eurosCeiling(maxCents: number = MAX_AMOUNT_CENTS): { euros: EurosKeyword } {
  return { euros: { maxCents } };
}

/**
 * An amount typed by a person, as text (« 30,50 », « 30.50 ») or as a number, at most the ceiling
 * (`maxCents`, 1 000 000 € by default). The domain reads it with its own rule (sign, decimals).
 */
export function MoneyInput(maxCents: number = MAX_AMOUNT_CENTS): TUnion<[TString, TNumber]> {
  return Type.Union([Type.String({ maxLength: 20 }), Type.Number()], eurosCeiling(maxCents));
}

/** `{ success: true }`: a write whose answer only says it was done. */
export const SuccessAnswer = Type.Object({ success: Type.Literal(true) });
export type SuccessAnswer = Static<typeof SuccessAnswer>;
