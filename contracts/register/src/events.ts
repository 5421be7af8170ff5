/**
 * The events the register (catalogue, sales, till sessions) domain publishes: type → version and JSON schema of its payload, and the
 * payload types derived from them. The kit's event catalogue (`@kermesse/kit/bus`) gathers every domain's events:
 * validated when recorded in an outbox and again when a consumer receives them.
 */
import type { FromSchema, PayloadsOf } from '@kermesse/contracts-common/events';

/** Item schemas of a sale's receipt content, shared by `sale.completed` and `receipt.requested`. */
export const SALE_LINE_SCHEMA = {
  type: 'object',
  required: ['productId', 'name', 'categoryId', 'categoryName', 'unitPriceCents', 'quantity', 'totalCents', 'kind'],
  properties: {
    /** -1 donation, -2 meal-deal discount (docs/spec.md §9), else the product id. */
    productId: { type: 'integer' },
    name: { type: 'string' },
    categoryId: { type: ['integer', 'null'] },
    categoryName: { type: 'string' },
    unitPriceCents: { type: 'integer' },
    quantity: { type: 'integer', minimum: 1 },
    totalCents: { type: 'integer' },
    kind: { type: 'string', enum: ['product', 'donation', 'discount', 'raffle', 'giftbasket', 'bingo'] },
  },
  additionalProperties: false,
} as const;
export const SALE_TICKET_SCHEMA = {
  type: 'object',
  required: ['raffleId', 'number'],
  properties: { raffleId: { type: 'integer', minimum: 1 }, number: { type: 'integer', minimum: 1 } },
  additionalProperties: false,
} as const;
export const SALE_BET_SCHEMA = {
  type: 'object',
  required: ['giftBasketId', 'typeId', 'weight'],
  properties: {
    giftBasketId: { type: 'integer', minimum: 1 },
    typeId: { type: 'integer', minimum: 1 },
    weight: { type: 'integer', minimum: 1 },
  },
  additionalProperties: false,
} as const;
export const SALE_CARTON_SCHEMA = {
  type: 'object',
  required: ['bingoId', 'number'],
  properties: { bingoId: { type: 'integer', minimum: 1 }, number: { type: 'integer', minimum: 1 } },
  additionalProperties: false,
} as const;
export const SALE_PAYMENT_SCHEMA = {
  type: 'object',
  required: ['method', 'amountCents', 'reference'],
  properties: {
    method: { type: 'string', enum: ['CB', 'ESP', 'CHQ'] },
    amountCents: { type: 'integer', minimum: 0 },
    reference: { type: 'string' },
  },
  additionalProperties: false,
} as const;

/** Amounts per payment mode of a till closing (`till.closed`), in cents. */
export const TILL_AMOUNTS_SCHEMA = {
  type: 'object',
  required: ['cashCents', 'chequeCents', 'cardCents'],
  properties: { cashCents: { type: 'integer' }, chequeCents: { type: 'integer' }, cardCents: { type: 'integer' } },
  additionalProperties: false,
} as const;

export const REGISTER_EVENT_SCHEMAS = {
  'catalog.event.created': {
    version: 1,
    payload: {
      type: 'object',
      required: ['eventId', 'name'],
      properties: {
        eventId: { type: 'integer', minimum: 1 },
        name: { type: 'string', minLength: 1 },
        startsOn: { type: ['string', 'null'], format: 'date' },
        /** The last day of a fair held over several days (absent in events recorded before it was sent). */
        endsOn: { type: ['string', 'null'], format: 'date' },
        /** Set when the event is a duplicate of another one (back office « Dupliquer »). */
        sourceEventId: { type: 'integer', minimum: 1 },
        /** With `sourceEventId`: the name the person typed for the copied raffle (« Tombola 2027 »). */
        raffleName: { type: 'string', minLength: 1 },
      },
      additionalProperties: false,
    },
  },
  'catalog.checkout.created': {
    version: 1,
    payload: {
      type: 'object',
      required: ['checkoutId', 'eventId', 'name'],
      properties: {
        checkoutId: { type: 'integer', minimum: 1 },
        eventId: { type: 'integer', minimum: 1 },
        name: { type: 'string', minLength: 1 },
      },
      additionalProperties: false,
    },
  },
  'catalog.product.changed': {
    version: 1,
    payload: {
      type: 'object',
      required: ['productId', 'name', 'priceCents', 'categoryId', 'categoryName', 'active'],
      properties: {
        productId: { type: 'integer', minimum: 1 },
        name: { type: 'string', minLength: 1 },
        priceCents: { type: 'integer', minimum: 0 },
        categoryId: { type: 'integer', minimum: 1 },
        categoryName: { type: 'string', minLength: 1 },
        image: { type: ['string', 'null'] },
        clickAndCollect: { type: 'boolean' },
        alcohol: { type: 'boolean' },
        /** false once the product is withdrawn from sale. */
        active: { type: 'boolean' },
        /** What the product sells; only `product` has a stock (absent means `product`). */
        kind: { type: 'string', enum: ['product', 'raffle', 'giftbasket', 'bingo'] },
        /** The event whose catalogue holds it (absent in events recorded before the back office). */
        eventId: { type: 'integer', minimum: 1 },
      },
      additionalProperties: false,
    },
  },
  /** An event edited or archived in the back office: its whole current state. */
  'catalog.event.updated': {
    version: 1,
    payload: {
      type: 'object',
      required: ['eventId', 'name', 'archived'],
      properties: {
        eventId: { type: 'integer', minimum: 1 },
        name: { type: 'string', minLength: 1 },
        startsOn: { type: ['string', 'null'], format: 'date' },
        endsOn: { type: ['string', 'null'], format: 'date' },
        place: { type: ['string', 'null'] },
        archived: { type: 'boolean' },
      },
      additionalProperties: false,
    },
  },
  /** A register renamed or archived in the back office. */
  'catalog.checkout.updated': {
    version: 1,
    payload: {
      type: 'object',
      required: ['checkoutId', 'eventId', 'name', 'archived'],
      properties: {
        checkoutId: { type: 'integer', minimum: 1 },
        eventId: { type: 'integer', minimum: 1 },
        name: { type: 'string', minLength: 1 },
        archived: { type: 'boolean' },
      },
      additionalProperties: false,
    },
  },
  'sale.completed': {
    version: 1,
    payload: {
      type: 'object',
      required: [
        'saleId',
        'reference',
        'eventId',
        'checkoutId',
        'buyer',
        'lines',
        'tickets',
        'bets',
        'payments',
        'totalCents',
        'paymentMode',
        'paymentStatus',
        'completedAt',
      ],
      properties: {
        saleId: { type: 'integer', minimum: 1 },
        reference: { type: 'string', minLength: 1 },
        eventId: { type: 'integer', minimum: 1 },
        checkoutId: { type: 'integer', minimum: 1 },
        /** The raffle claim confirmed by this sale (see docs/platform.md « Ticket claims »). */
        claimId: { type: ['string', 'null'] },
        buyer: {
          type: ['object', 'null'],
          required: ['personId', 'firstname', 'lastname'],
          properties: {
            personId: { type: 'integer', minimum: 1 },
            firstname: { type: 'string' },
            lastname: { type: 'string' },
            email: { type: ['string', 'null'] },
            phone: { type: ['string', 'null'] },
          },
          additionalProperties: false,
        },
        lines: { type: 'array', items: SALE_LINE_SCHEMA },
        tickets: { type: 'array', items: SALE_TICKET_SCHEMA },
        bets: { type: 'array', items: SALE_BET_SCHEMA },
        /** Loto cartons sold and the bingo service's claim on them; absent in older events. */
        cartons: { type: 'array', items: SALE_CARTON_SCHEMA },
        cartonClaimId: { type: ['string', 'null'] },
        payments: { type: 'array', items: SALE_PAYMENT_SCHEMA },
        totalCents: { type: 'integer' },
        /** 1 cheque, 2 cash, 3 card reader, 99 on hold (docs/spec.md §4). */
        paymentMode: { type: 'integer', enum: [1, 2, 3, 99] },
        /** 1 paid, 2 not paid / pending, 5 failed. */
        paymentStatus: { type: 'integer', enum: [1, 2, 5] },
        /** Receipt wanted by the buyer (French law: only on request). */
        receipt: {
          type: ['object', 'null'],
          required: ['method'],
          properties: { method: { type: 'string', enum: ['sms', 'email', 'print'] }, to: { type: ['string', 'null'] } },
          additionalProperties: false,
        },
        completedAt: { type: 'string', format: 'date-time' },
      },
      additionalProperties: false,
    },
  },
  /**
   * A receipt asked for after the sale (order detail « Envoyer reçu »): one explicit request, sent
   * once per `requestId` (a second request is a new id and sends again). Carries the sale's receipt
   * content — the same fields as `sale.completed` — so contact renders both with one renderer. The
   * phone or e-mail lives only here (and in contact's delivery job until it is sent).
   */
  'receipt.requested': {
    version: 1,
    payload: {
      type: 'object',
      required: [
        'requestId',
        'reference',
        'method',
        'to',
        'saleId',
        'eventId',
        'lines',
        'tickets',
        'bets',
        'payments',
        'totalCents',
        'paymentMode',
        'paymentStatus',
        'completedAt',
        'requestedAt',
      ],
      properties: {
        requestId: { type: 'string', format: 'uuid' },
        reference: { type: 'string', minLength: 1 },
        method: { type: 'string', enum: ['sms', 'email'] },
        to: { type: 'string', minLength: 1, maxLength: 254 },
        saleId: { type: 'integer', minimum: 1 },
        eventId: { type: 'integer', minimum: 1 },
        lines: { type: 'array', items: SALE_LINE_SCHEMA },
        tickets: { type: 'array', items: SALE_TICKET_SCHEMA },
        bets: { type: 'array', items: SALE_BET_SCHEMA },
        /** Loto cartons of the sale; absent in older events. */
        cartons: { type: 'array', items: SALE_CARTON_SCHEMA },
        payments: { type: 'array', items: SALE_PAYMENT_SCHEMA },
        totalCents: { type: 'integer' },
        paymentMode: { type: 'integer', enum: [1, 2, 3, 99] },
        paymentStatus: { type: 'integer', enum: [1, 2, 5] },
        completedAt: { type: 'string', format: 'date-time' },
        requestedAt: { type: 'string', format: 'date-time' },
      },
      additionalProperties: false,
    },
  },
  'sale.settled': {
    version: 1,
    payload: {
      type: 'object',
      required: ['saleId', 'reference', 'eventId', 'payments', 'totalCents', 'settledAt'],
      properties: {
        saleId: { type: 'integer', minimum: 1 },
        reference: { type: 'string', minLength: 1 },
        eventId: { type: 'integer', minimum: 1 },
        payments: { type: 'array', items: SALE_PAYMENT_SCHEMA },
        totalCents: { type: 'integer' },
        settledAt: { type: 'string', format: 'date-time' },
      },
      additionalProperties: false,
    },
  },
  /**
   * A refund of a paid sale, in whole or part: its own record, the sale stays as it was.
   * Tickets and bets named here are voided (never back on sale); stock takes the product lines back.
   */
  'sale.refunded': {
    version: 1,
    payload: {
      type: 'object',
      required: [
        'refundId',
        'saleId',
        'reference',
        'eventId',
        'checkoutId',
        'sessionId',
        'lines',
        'tickets',
        'bets',
        'amountCents',
        'paymentMode',
        'reason',
        'refundedBy',
        'refundedAt',
      ],
      properties: {
        refundId: { type: 'string', format: 'uuid' },
        saleId: { type: 'integer', minimum: 1 },
        reference: { type: 'string', minLength: 1 },
        eventId: { type: 'integer', minimum: 1 },
        checkoutId: { type: 'integer', minimum: 1 },
        /** The till session the money left; null when none was recorded. */
        sessionId: { type: ['integer', 'null'], minimum: 1 },
        lines: { type: 'array', minItems: 1, items: SALE_LINE_SCHEMA },
        tickets: { type: 'array', items: SALE_TICKET_SCHEMA },
        bets: { type: 'array', items: SALE_BET_SCHEMA },
        /** Loto cartons of the refunded lines, voided; absent in older events. */
        cartons: { type: 'array', items: SALE_CARTON_SCHEMA },
        amountCents: { type: 'integer', minimum: 1 },
        /** The mode the money went back by: 1 cheque, 2 cash, 3 card. */
        paymentMode: { type: 'integer', enum: [1, 2, 3] },
        reason: { type: 'string', minLength: 1 },
        refundedBy: { type: 'string', minLength: 1 },
        refundedAt: { type: 'string', format: 'date-time' },
      },
      additionalProperties: false,
    },
  },
  /** A till session opened on a register: by the cashier with a counted float, or automatically by a sale. */
  'till.opened': {
    version: 1,
    payload: {
      type: 'object',
      required: ['sessionId', 'checkoutId', 'eventId', 'floatCashCents', 'automatic', 'openedBy', 'openedAt'],
      properties: {
        sessionId: { type: 'integer', minimum: 1 },
        checkoutId: { type: 'integer', minimum: 1 },
        eventId: { type: 'integer', minimum: 1 },
        floatCashCents: { type: 'integer', minimum: 0 },
        automatic: { type: 'boolean' },
        openedBy: { type: 'string', minLength: 1 },
        openedAt: { type: 'string', format: 'date-time' },
      },
      additionalProperties: false,
    },
  },
  /** A till session closed by counting: expected, counted and differences (counted − expected) per mode, in cents. */
  'till.closed': {
    version: 1,
    payload: {
      type: 'object',
      required: [
        'sessionId',
        'checkoutId',
        'eventId',
        'closedAt',
        'closedBy',
        'expected',
        'counted',
        'differences',
        'reason',
        'grandTotalCents',
        'lastJournalHash',
      ],
      properties: {
        sessionId: { type: 'integer', minimum: 1 },
        checkoutId: { type: 'integer', minimum: 1 },
        eventId: { type: 'integer', minimum: 1 },
        closedAt: { type: 'string', format: 'date-time' },
        closedBy: { type: 'string', minLength: 1 },
        expected: TILL_AMOUNTS_SCHEMA,
        counted: TILL_AMOUNTS_SCHEMA,
        differences: TILL_AMOUNTS_SCHEMA,
        reason: { type: ['string', 'null'] },
        grandTotalCents: { type: 'integer' },
        lastJournalHash: { type: 'string', minLength: 1 },
      },
      additionalProperties: false,
    },
  },
} as const;

/** Payload types of the register's events, derived from their schemas. */
export type RegisterEventPayloads = PayloadsOf<typeof REGISTER_EVENT_SCHEMAS>;

/** What a receipt shows, as `sale.completed` and `receipt.requested` both carry it (contact renders it). */
export type ReceiptContent = Pick<
  RegisterEventPayloads['sale.completed'],
  'reference' | 'lines' | 'tickets' | 'bets' | 'cartons' | 'payments' | 'totalCents' | 'paymentMode' | 'completedAt'
>;

/** Amounts per payment mode of a till closing, in cents. */
export type TillAmounts = FromSchema<typeof TILL_AMOUNTS_SCHEMA>;

/** A payment as events carry it: CB (card), ESP (cash), CHQ (cheque); amounts in cents. */
export type SalePayment = FromSchema<typeof SALE_PAYMENT_SCHEMA>;
