/**
 * The cash register's own routes (`/api/cr/…`, cashier role; docs/spec.md §3 and §7): sale creation, sales
 * on hold and their payments, receipts, buyers, card payments, and the register's catalogue reads;
 * the stock remote's product toggle (`/api/admin/checkout/…`). TypeBox schemas (plain JSON Schema,
 * validated by the kit's ajv), the types derived from them, and the named sale, payment-mode and
 * payment-status states. Amounts are euros (JSON numbers, 2 decimals at most) at this edge.
 */
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { Int, MAX_AMOUNT_EUROS, PG_INTEGER_MAX, SafeText } from '@kermesse/contracts-common/schemas';
import { Id } from './schemas.ts';

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
/** Ids that may be 0 or null (« no buyer », « no raffle »): docs/spec.md §3 sends 0 for none. */
const OptionalId = Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: PG_INTEGER_MAX })));
const Euros = Type.Number({ minimum: -MAX_AMOUNT_EUROS, maximum: MAX_AMOUNT_EUROS });
/** A cheque's number, the cash given or a terminal's code sent as a number (12 digits at most). */
const ReferenceNumber = Type.Number({ minimum: 0, maximum: 999_999_999_999 });
/**
 * A JSON Schema `enum` (ajv's French message lists the allowed values) typed from its values.
 * Used where the spec's numbers or words are a closed list.
 */
export const Enum = <const T extends readonly (string | number | boolean)[]>(values: T, type?: 'integer' | 'string') =>
  Type.Unsafe<T[number]>({ ...(type ? { type } : {}), enum: [...values] });

// ── Named states ──────────────────────────────────────────────────────────────────────────────
/** docs/spec.md §4 register payment modes: 1 cheque, 2 cash, 3 card reader, 99 on hold. */
export const PAYMENT_MODE = { cheque: 1, cash: 2, card: 3, onHold: 99 } as const;
export type PaymentMode = (typeof PAYMENT_MODE)[keyof typeof PAYMENT_MODE];

/** docs/spec.md §4 payment statuses: 1 paid, 2 not paid yet (cheque, on hold), 5 failed (card). */
export const PAYMENT_STATUS = { paid: 1, unpaid: 2, failed: 5 } as const;
export type PaymentStatus = (typeof PAYMENT_STATUS)[keyof typeof PAYMENT_STATUS];

/**
 * docs/spec.md §4 the register screen's sale: none yet (-1), being paid — setting a payment triggers the
 * creation call (0) — and done, the finished screen (1). The numbers stay the spec's; code names them.
 */
export const SALE_STATUS = { none: -1, paying: 0, done: 1 } as const;
export type SaleStatus = (typeof SALE_STATUS)[keyof typeof SALE_STATUS];

/** Payment methods as the sale and its payments name them (docs/spec.md §4 manual codes CHQ 1, ESP 2, card 3). */
export const PaymentMethod = Enum(['CB', 'ESP', 'CHQ'], 'string');
export type PaymentMethod = Static<typeof PaymentMethod>;

/** The method a payment mode records. */
export const METHOD_OF_MODE = { 1: 'CHQ', 2: 'ESP', 3: 'CB' } as const satisfies Record<1 | 2 | 3, PaymentMethod>;

/** Where the buyer's receipt goes (French law since 2023: only on request). */
export const DeliveryMethod = Enum(['sms', 'email', 'print'], 'string');
export type DeliveryMethod = Static<typeof DeliveryMethod>;

// ── Params ────────────────────────────────────────────────────────────────────────────────────
export const SaleIdParams = Type.Object({ saleId: Id });
export type SaleIdParams = Static<typeof SaleIdParams>;
export const CheckoutIdParams = Type.Object({ checkoutId: Id });
export type CheckoutIdParams = Static<typeof CheckoutIdParams>;
export const CheckoutProductParams = Type.Object({ checkoutId: Id, productId: Id });
export type CheckoutProductParams = Static<typeof CheckoutProductParams>;

// ── Sale creation (`POST /api/cr/sale/create`) ────────────────────────────────────────────────
/** A cart line as the register remote sends it (docs/spec.md §3); only ids, quantities and the donation amount are trusted. */
export const CartLineInput = Type.Object({
  product: Type.Object({
    /** A catalogue product, -1 the donation, -2 the meal-deal discount (recomputed by the server). */
    id: Type.Integer({ minimum: -2, maximum: PG_INTEGER_MAX }),
    name: Type.Optional(Type.String({ maxLength: 200 })),
    /** Trusted for the donation only. */
    price: Type.Optional(Euros),
    productCategory: Type.Optional(Type.Unknown()),
  }),
  quantity: Type.Integer({ minimum: 1, maximum: 50 }),
});
export type CartLineInput = Static<typeof CartLineInput>;

const TicketNumber = Type.Integer({ minimum: 1, maximum: 1000000 });

export const SalePaymentInput = Type.Object({
  method: Type.Optional(PaymentMethod),
  amount: Type.Optional(Nullable(Euros)),
  /** Cash: the amount given (« 20 », « 20,50 »); cheque: its number; card: the terminal's transaction code. */
  payment_reference: Type.Optional(Type.Union([Type.String({ maxLength: 100 }), ReferenceNumber, Type.Null()])),
});
export type SalePaymentInput = Static<typeof SalePaymentInput>;

export const ReceiptWish = Type.Object(
  {
    method: DeliveryMethod,
    to: Type.Optional(Nullable(Type.String({ maxLength: 254 }))),
  },
  { additionalProperties: false },
);
export type ReceiptWish = Static<typeof ReceiptWish>;

/** The `sale` of the request body (docs/spec.md §3 Sale). Unknown extra fields are tolerated. */
export const SaleInput = Type.Object({
  /** The screen's sale state when sent: 0, a payment was set (SALE_STATUS). */
  status: Type.Optional(Enum([-1, 0, 1], 'integer')),
  checkoutId: Id,
  eventId: Id,
  personId: OptionalId,
  cart: Type.Array(CartLineInput, { maxItems: 200 }),
  raffleId: OptionalId,
  /** Raffle numbers: `12` or `{ number: 12 }`. */
  raffles: Type.Optional(Type.Array(Type.Union([TicketNumber, Type.Object({ number: TicketNumber })]), { maxItems: 1000 })),
  giftBasketsId: OptionalId,
  giftBaskets: Type.Optional(
    Type.Array(
      Type.Object({
        weight: Type.Integer({ minimum: 1, maximum: 100000000 }),
        type: Type.Object({ id: Id, name: Type.Optional(Type.String({ maxLength: 200 })) }),
      }),
      { maxItems: 500 },
    ),
  ),
  /** Loto night of the cartons. */
  bingoId: Type.Optional(Type.Unknown()),
  /** Loto carton numbers handed over (`12` or `{ number: 12 }`), checked by the service in French. */
  cartons: Type.Optional(Type.Unknown()),
  paymentMode: Enum([1, 2, 3, 99], 'integer'),
  paymentStatus: Type.Optional(Nullable(Int(0, 99))),
  price: Type.Optional(Nullable(Euros)),
  payments: Type.Optional(Type.Array(SalePaymentInput, { maxItems: 10 })),
  receipt: Type.Optional(Nullable(ReceiptWish)),
});
export type SaleInput = Static<typeof SaleInput>;

export const CreateSaleBody = Type.Object({ sale: SaleInput });
export type CreateSaleBody = Static<typeof CreateSaleBody>;

export const SaleAnswer = Type.Object({
  success: Type.Literal(true),
  deliveryMethod: DeliveryMethod,
  /** `kermesse` when a line is collected later (click and collect). */
  orderType: Type.Union([Type.Literal('standard'), Type.Literal('kermesse')]),
  printData: Type.Object({ receiptHtml: Type.String(), orderHtml: Type.String() }),
  error: Type.Null(),
  sale: Type.Object({
    id: Id,
    reference: Type.String(),
    price: Type.Number(),
    paymentMode: Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3), Type.Literal(99)]),
    paymentStatus: Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(5)]),
    receiptUrl: Type.String(),
  }),
});
export type SaleAnswer = Static<typeof SaleAnswer>;

// ── Sales on hold and their payments ──────────────────────────────────────────────────────────
export const PendingPaymentInput = Type.Object({
  price: Type.Number({ minimum: 0, maximum: 1000000 }),
  /** Manual codes: CHQ 1, ESP 2, card 3 (docs/spec.md §4). */
  payment_mode: Enum([1, 2, 3], 'integer'),
  reference: Type.Optional(Type.Union([Type.String({ maxLength: 100 }), ReferenceNumber, Type.Null()])),
});
export type PendingPaymentInput = Static<typeof PendingPaymentInput>;

/** docs/spec.md §7: body `[{price, payment_mode, reference}]` (a single object is accepted too). */
export const PendingPaymentBody = Type.Union([
  Type.Array(PendingPaymentInput, { title: 'paiements', minItems: 1, maxItems: 10 }),
  PendingPaymentInput,
]);
export type PendingPaymentBody = Static<typeof PendingPaymentBody>;

/**
 * `POST /api/cr/order/{reference}/receipt` body `{method, to}`. The address itself is checked by the
 * service (docs/spec.md §5's message for an SMS number), so an empty or badly written one gets that message.
 */
export const ReceiptRequestInput = Type.Object(
  {
    method: Enum(['sms', 'email'], 'string'),
    to: Type.String({ maxLength: 254 }),
  },
  { additionalProperties: false },
);
export type ReceiptRequestInput = Static<typeof ReceiptRequestInput>;

// ── Buyers (`/api/cr/users/…`) ────────────────────────────────────────────────────────────────
const Contact = {
  email: Type.Optional(Nullable(Type.String({ maxLength: 254 }))),
  phone: Type.Optional(Nullable(Type.String({ maxLength: 30 }))),
};
/** Identify a buyer by e-mail or phone. */
export const FindBuyerInput = Type.Object(Contact);
export type FindBuyerInput = Static<typeof FindBuyerInput>;
/** Create a buyer: both names (docs/spec.md §5) and an e-mail or a phone. */
export const CreateBuyerInput = Type.Object({
  ...Contact,
  firstName: Type.Optional(Nullable(SafeText({ maxLength: 100 }))),
  lastName: Type.Optional(Nullable(SafeText({ maxLength: 100 }))),
});
export type CreateBuyerInput = Static<typeof CreateBuyerInput>;

// ── Card payments (`/api/cr/payment/…`) ───────────────────────────────────────────────────────
const CardAmount = Type.Number({ exclusiveMinimum: 0, maximum: 100000 });
export const CardIntentInput = Type.Object({ amount: CardAmount });
export type CardIntentInput = Static<typeof CardIntentInput>;
export const ReaderCheckoutInput = Type.Object({
  /** The reader's id. */
  rdr: Type.String({ minLength: 1, maxLength: 100 }),
  amount: CardAmount,
  description: Type.Optional(Nullable(Type.String({ maxLength: 200 }))),
  /** The payment prepared by `POST /reader`, when there was one. */
  paymentId: Type.Optional(Nullable(Type.String({ format: 'uuid' }))),
});
export type ReaderCheckoutInput = Static<typeof ReaderCheckoutInput>;
export const TransactionParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) });
export type TransactionParams = Static<typeof TransactionParams>;
/** The simulator's control (demo and tests; admin only). */
export const ReaderSimulationInput = Type.Object(
  {
    outcome: Enum(['success', 'failure', 'pending'], 'string'),
    settleMs: Type.Optional(Type.Integer({ minimum: 0, maximum: 60000 })),
  },
  { additionalProperties: false },
);
export type ReaderSimulationInput = Static<typeof ReaderSimulationInput>;

// ── The stock remote's product toggle ─────────────────────────────────────────────────────────
/** The stock remote sends the whole product row with the new flag; only the flag matters. */
export const CheckoutProductToggle = Type.Object({
  is_in_checkout: Enum([0, 1, true, false, '0', '1']),
});
export type CheckoutProductToggle = Static<typeof CheckoutProductToggle>;

// ── Settings and public pages ─────────────────────────────────────────────────────────────────
/**
 * `GET /api/cr/settings?eventId=…` (or `?checkoutId=…`): the event's own meal deal and idle lock.
 * Read leniently: a value that is not a number is ignored (the installation's settings apply).
 */
export const SettingsQuery = Type.Object({
  eventId: Type.Optional(Type.String({ maxLength: 20 })),
  checkoutId: Type.Optional(Type.String({ maxLength: 20 })),
});
export type SettingsQuery = Static<typeof SettingsQuery>;

/** `GET /api/cr/settings`: the register's constants (amounts in euros, delays in milliseconds). */
export const RegisterSettingsAnswer = Type.Object({
  success: Type.Literal(true),
  data: Type.Object({
    currency: Type.Literal('EUR'),
    mealDeal: Type.Object({
      discount: Type.Number({ description: 'Remise par formule complète, en euros.' }),
      items: Type.Array(
        Type.Object({ categoryId: Type.Integer(), price: Type.Number({ description: 'Prix dans la formule, en euros.' }) }),
      ),
    }),
    donation: Type.Object({ productId: Type.Integer(), categoryName: Type.String() }),
    discountProductId: Type.Integer(),
    quantity: Type.Object({ min: Type.Integer(), max: Type.Integer() }),
    card: Type.Object({
      provider: Type.String(),
      initialWaitMs: Type.Integer(),
      pollIntervalMs: Type.Integer(),
      maxAttempts: Type.Integer(),
    }),
    idleLockMinutes: Type.Integer({ description: 'Minutes sans activité avant que la caisse se verrouille.' }),
    catalogVersion: Type.Integer({ description: 'Change à chaque modification du catalogue : la caisse le recharge.' }),
  }),
});
export type RegisterSettingsAnswer = Static<typeof RegisterSettingsAnswer>;

/** `/up/{image}`, `/icon/{image}`: a picture's file name (checked again by the service). */
export const ImageParams = Type.Object({ image: Type.String({ minLength: 1, maxLength: 300 }) });
export type ImageParams = Static<typeof ImageParams>;
/** `/s/{reference}`: the public receipt page reads any reference (an unknown one gets the « Reçu introuvable » page). */
export const ReceiptPageParams = Type.Object({ reference: Type.String() });
export type ReceiptPageParams = Static<typeof ReceiptPageParams>;

// ── Answers ───────────────────────────────────────────────────────────────────────────────────
/** A payment of a sale on hold as the pending-sale screen lists it (manual codes CHQ 1, ESP 2, card 3). */
export const PaymentView = Type.Object({
  id: Type.Integer(),
  method: PaymentMethod,
  payment_mode: Enum([1, 2, 3], 'integer'),
  amount: Type.Number(),
  payment_reference: Type.String(),
  createdAt: Type.String(),
});
export type PaymentView = Static<typeof PaymentView>;

/** `POST /api/cr/sale/pending/{saleId}/payment`: what is paid, what remains, settled once nothing does. */
export const PendingPaymentAnswer = Type.Object({
  success: Type.Literal(true),
  paid: Type.Number(),
  remaining: Type.Number(),
  settled: Type.Boolean(),
  payments: Type.Array(PaymentView),
});
export type PendingPaymentAnswer = Static<typeof PendingPaymentAnswer>;

/** `POST /api/cr/order/{reference}/receipt` (202): the receipt is on its way. */
export const ReceiptRequestAnswer = Type.Object({ success: Type.Literal(true), deliveryMethod: Enum(['sms', 'email'], 'string') });
export type ReceiptRequestAnswer = Static<typeof ReceiptRequestAnswer>;

/** A reader transaction's status (docs/spec.md §4: PENDING, SUCCESSFUL or FAILED). */
export const TransactionStatus = Enum(['PENDING', 'SUCCESSFUL', 'FAILED'], 'string');
export type TransactionStatus = Static<typeof TransactionStatus>;

/** `POST /api/cr/payment/reader/checkout` (201): the transaction to poll; `resumed` when a reload found it. */
export const ReaderCheckoutAnswer = Type.Object({
  success: Type.Literal(true),
  data: Type.Object({ client_transaction_id: Type.String(), status: TransactionStatus, resumed: Type.Boolean() }),
});
export type ReaderCheckoutAnswer = Static<typeof ReaderCheckoutAnswer>;

/** `GET /api/cr/payment/transaction/{id}/status`: the reader's answer; `transaction_code` once paid. */
export const CardTransactionStatusAnswer = Type.Object({
  success: Type.Literal(true),
  data: Type.Object({
    status: TransactionStatus,
    transaction_code: Type.Union([Type.String(), Type.Null()]),
    amount: Type.Number({ description: 'Montant en euros.' }),
    client_transaction_id: Type.String(),
  }),
});
export type CardTransactionStatusAnswer = Static<typeof CardTransactionStatusAnswer>;

/** The raffle numbers (and bet weights) a `TICKET_TAKEN` / `BET_TAKEN` refusal names in `details`. */
export const TakenDetails = Type.Object({ numbers: Type.Array(Type.Integer()), weights: Type.Array(Type.Integer()) });
export type TakenDetails = Static<typeof TakenDetails>;
