/**
 * Refunds of paid sales and the « responsable de caisse » right that allows them:
 * `POST /api/cr/sale/{reference}/refund`, `GET /api/cr/sale/{reference}/refunds`,
 * `GET/PUT/DELETE /api/admin/till-managers[/{userId}]`. TypeBox schemas, the types derived from them,
 * the error codes with their French messages, and the pure rule of what remains refundable.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Id, PG_INTEGER_MAX, SafeText } from '@kermesse/contracts-common/schemas';

export const SaleReferenceParams = Type.Object({ reference: Type.String({ minLength: 1, maxLength: 20 }) });
export type SaleReferenceParams = Static<typeof SaleReferenceParams>;

/** 1 cheque, 2 cash (out of the till), 3 card (refund noted). */
export const RefundMode = Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3)]);
export type RefundMode = Static<typeof RefundMode>;

export const RefundInput = Type.Object({
  lines: Type.Array(
    Type.Object({
      /** A product id of the sale, or -1 for its donation. */
      productId: Type.Integer({ minimum: -2, maximum: PG_INTEGER_MAX }),
      quantity: Type.Integer({ minimum: 1, maximum: 100000 }),
    }),
    { minItems: 1, maxItems: 200 },
  ),
  reason: SafeText({ maxLength: 500 }),
  payment_mode: RefundMode,
  /** Raffle numbers to void (else the last numbers of the sale not voided yet). */
  tickets: Type.Optional(Type.Array(Type.Integer({ minimum: 1, maximum: 1000000 }), { maxItems: 1000 })),
  /** Gift-basket bet weights (grams) to void (else the last bets of the sale not voided yet). */
  bets: Type.Optional(Type.Array(Type.Integer({ minimum: 1, maximum: 100000000 }), { maxItems: 500 })),
  /** Loto carton numbers to void (else the highest cartons of the sale not voided yet). */
  cartons: Type.Optional(Type.Array(Type.Integer({ minimum: 1, maximum: 1000000 }), { maxItems: 500 })),
  /** The register the money leaves (its open session); the sale's register by default. */
  checkoutId: Type.Optional(Id),
});
export type RefundInput = Static<typeof RefundInput>;

export const RefundLine = Type.Object({
  productId: Type.Integer(),
  name: Type.String(),
  categoryName: Type.String(),
  kind: Type.String(),
  quantity: Type.Integer(),
  /** Euros. */
  unitPrice: Type.Number(),
  total: Type.Number(),
});
export type RefundLine = Static<typeof RefundLine>;

export const Refund = Type.Object({
  id: Type.String(),
  reference: Type.String(),
  /** Euros given back. */
  amount: Type.Number(),
  paymentMode: RefundMode,
  reason: Type.String(),
  lines: Type.Array(RefundLine),
  /** Raffle numbers voided by this refund (they do not return to sale). */
  tickets: Type.Array(Type.Integer()),
  /** Bets voided by this refund. */
  bets: Type.Array(Type.Object({ typeId: Type.Integer(), weight: Type.Integer() })),
  /** Loto cartons voided by this refund (they do not return to sale). */
  cartons: Type.Optional(Type.Array(Type.Integer())),
  sessionId: Type.Union([Type.Integer(), Type.Null()]),
  createdBy: Type.String(),
  createdAt: Type.String(),
});
export type Refund = Static<typeof Refund>;

/** A line of the sale as the refund screen shows it: sold, already refunded, what remains. */
export const RefundableLine = Type.Object({
  productId: Type.Integer(),
  name: Type.String(),
  categoryName: Type.String(),
  kind: Type.String(),
  unitPrice: Type.Number(),
  sold: Type.Integer(),
  refunded: Type.Integer(),
  remaining: Type.Integer(),
});
export type RefundableLine = Static<typeof RefundableLine>;

/** `GET /api/cr/sale/{reference}/refunds`: the sale, what may still be refunded, earlier refunds. */
export const SaleRefunds = Type.Object({
  sale: Type.Object({
    id: Type.Integer(),
    reference: Type.String(),
    total: Type.Number(),
    paymentMode: Type.Integer(),
    /** A paid sale may be refunded; a sale on hold not yet settled may not. */
    refundable: Type.Boolean(),
    createdAt: Type.String(),
    tickets: Type.Array(Type.Integer()),
    bets: Type.Array(Type.Object({ typeId: Type.Integer(), weight: Type.Integer() })),
  }),
  lines: Type.Array(RefundableLine),
  /** Euros already given back. */
  refundedTotal: Type.Number(),
  refunds: Type.Array(Refund),
  /** True when the caller may refund (admin or « responsable de caisse »). */
  canRefund: Type.Boolean(),
});
export type SaleRefunds = Static<typeof SaleRefunds>;

export const TillManagerParams = Type.Object({ userId: Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9_-]+$' }) });
export type TillManagerParams = Static<typeof TillManagerParams>;

export const TillManagers = Type.Object({ userIds: Type.Array(Type.String()) });
export type TillManagers = Static<typeof TillManagers>;

export const REFUND_MESSAGES = {
  SALE_NOT_FOUND: 'Vente introuvable.',
  REFUND_FORBIDDEN: 'Seul un administrateur ou un responsable de caisse peut rembourser une vente.',
  REASON_EMPTY: 'Indiquez le motif du remboursement.',
  SALE_NOT_PAID: "Cette vente n'est pas réglée : seule une vente payée peut être remboursée.",
  LINE_NOT_IN_SALE: 'Ce produit ne fait pas partie de cette vente.',
  TOO_MUCH: 'Vous ne pouvez pas rembourser plus que ce qui a été vendu.',
  AMOUNT_NOTHING: 'Ce remboursement ne rend aucun montant : rien ne reste à rembourser sur cette vente.',
  CHECKOUT_OTHER_EVENT: "Cette caisse n'appartient pas à l'événement de la vente.",
  TICKETS_COUNT: 'Indiquez exactement {count} numéro(s) de tombola à annuler.',
  TICKET_NOT_IN_SALE: "Le numéro {number} n'appartient pas à cette vente ou est déjà annulé.",
  BETS_COUNT: 'Indiquez exactement {count} pari(s) à annuler.',
  BET_NOT_IN_SALE: "Le pari de {weight} g n'appartient pas à cette vente ou est déjà annulé.",
  REFUND_BUSY: 'Ce remboursement est déjà en cours de traitement. Patientez un instant.',
} as const;
export type RefundErrorCode = keyof typeof REFUND_MESSAGES;

/** « il reste 2 « Crêpe au sucre » remboursables » — or that nothing remains. */
export function tooMuchMessage(name: string, remaining: number): string {
  return remaining > 0
    ? `Vous ne pouvez pas rembourser plus que ce qui a été vendu : il reste ${remaining} « ${name} » remboursable${remaining > 1 ? 's' : ''}.`
    : `Vous ne pouvez pas rembourser plus que ce qui a été vendu : « ${name} » a déjà été entièrement remboursé.`;
}

/** What remains refundable of each line: sold minus the earlier refunds, never below 0. */
export function remainingQuantities(
  sold: ReadonlyArray<{ productId: number; quantity: number }>,
  refunded: ReadonlyArray<{ productId: number; quantity: number }>,
): Map<number, { sold: number; refunded: number; remaining: number }> {
  const out = new Map<number, { sold: number; refunded: number; remaining: number }>();
  for (const line of sold) {
    const entry = out.get(line.productId) ?? { sold: 0, refunded: 0, remaining: 0 };
    entry.sold += line.quantity;
    out.set(line.productId, entry);
  }
  for (const line of refunded) {
    const entry = out.get(line.productId);
    if (entry) entry.refunded += line.quantity;
  }
  for (const entry of out.values()) entry.remaining = Math.max(0, entry.sold - entry.refunded);
  return out;
}
