/**
 * `POST /api/cr/sale/create`: prices the cart (sale/pricing.ts), claims its raffle tickets, bets and
 * loto cartons (sale/claims.ts), then writes the sale, its lines, numbers, payments, the
 * `sale.completed` outbox row, its journal record and the idempotent answer in one statement
 * (repositories/sales.ts `writeSale`; in one transaction with the reader's charge when paid by card).
 * The answer carries the receipt (presenters/saleAnswer.ts). If the write fails the claims are
 * released, so the numbers go back on sale.
 *
 * A sale costs three round trips to Postgres (idempotency key, register and catalogue, the write):
 * the register must keep up with a busy fair on a small machine.
 */
import '../events.ts';
import type { SaleAnswer, SaleInput } from '@kermesse/contracts-register';
import { formatEuros } from '@kermesse/contracts-common';
import { type AuthUser } from '@kermesse/kit/auth';
import { outboxRow } from '@kermesse/kit/bus';
import { isUniqueViolation, type Db, type Trx } from '@kermesse/kit/db';
import { type Logger } from '@kermesse/kit/http';
import { invalid, refused } from '../errors.ts';
import type { IdempotencyHandle } from '../idempotency.ts';
import type { BingoClient, RaffleClient } from '../claimsClient.ts';
import { newSaleReference } from '../reference.ts';
import { presentCreatedSale } from '../presenters/saleAnswer.ts';
import { lockCardTransaction } from '../repositories/cards.ts';
import { markCardTransactionSold, writeSale, type SaleWrite } from '../repositories/sales.ts';
import { journalBindings, saleJournalPayload } from '../journal/journal.ts';
import { ensureJournalKey } from '../journal/journalKeyStore.ts';
import { waitDurable } from '../repositories/journal.ts';
import { sessionForSale } from '../repositories/tillSessions.ts';
import { priceSale, type PricedSale } from '../sale/pricing.ts';
import { saleClaims, type SaleClaims } from '../sale/claims.ts';

export type { SaleAnswer, SaleInput };

export interface CreateSaleDeps {
  db: Db;
  logger: Logger;
  raffle?: RaffleClient;
  /** Loto carton claims; without it, sales with cartons answer 503. */
  bingo?: BingoClient;
  wake?: () => void;
}

export interface CreateSaleContext {
  user: AuthUser;
  bearer: string;
  origin: string;
  idempotency?: IdempotencyHandle;
}

/** A number sold meanwhile, caught by the database's own keys (the claims normally catch it first). */
const TAKEN_BY_CONSTRAINT = {
  sale_tickets_pkey: 'TICKET_TAKEN',
  sale_bets_pkey: 'BET_TAKEN',
  sale_cartons_unique: 'CARTON_TAKEN',
} as const;

/** A successful reader transaction of exactly this amount, not used by another sale. */
async function takeCardTransaction(trx: Trx, reference: string, totalCents: number): Promise<number> {
  const tx = await lockCardTransaction(trx, reference);
  if (!tx) throw invalid('CARD_TRANSACTION_UNKNOWN');
  if (tx.status !== 'SUCCESSFUL') throw invalid('CARD_NOT_CONFIRMED');
  if (tx.sale_id !== null || tx.payment_row_id !== null) throw refused('CARD_ALREADY_USED');
  if (tx.amount_cents !== totalCents) {
    throw invalid(
      'CARD_AMOUNT_MISMATCH',
      { paid: formatEuros(tx.amount_cents), total: formatEuros(totalCents) },
      { paidCents: tx.amount_cents, totalCents },
    );
  }
  return tx.id;
}

/** What the sale's statement writes for a reference (the event and the answer name it). */
function saleWrite(
  sale: PricedSale,
  claims: SaleClaims,
  written: { saleId: number; reference: string; createdAt: Date },
  context: CreateSaleContext,
): SaleWrite & { answer: SaleAnswer } {
  const { input, priced, buyer, payments, receipt } = sale;
  const { saleId, reference, createdAt } = written;
  const event = outboxRow('register', 'sale.completed', {
    saleId,
    reference,
    eventId: input.eventId,
    checkoutId: input.checkoutId,
    claimId: claims.claimId,
    buyer: buyer
      ? { personId: buyer.id, firstname: buyer.firstname, lastname: buyer.lastname, email: buyer.email, phone: buyer.phone }
      : null,
    lines: priced.lines.map((l) => ({
      productId: l.productId,
      name: l.name,
      categoryId: l.categoryId,
      categoryName: l.categoryName,
      unitPriceCents: l.unitPriceCents,
      quantity: l.quantity,
      totalCents: l.totalCents,
      kind: l.kind,
    })),
    tickets: claims.tickets,
    bets: claims.bets,
    cartons: claims.cartons,
    cartonClaimId: claims.cartonClaimId,
    payments: payments.payments,
    totalCents: priced.totalCents,
    paymentMode: input.paymentMode,
    paymentStatus: payments.status,
    receipt: receipt.method === 'print' ? null : receipt,
    completedAt: createdAt.toISOString(),
  });
  const answer = presentCreatedSale(sale, { ...written, origin: context.origin });
  const journal = journalBindings(
    {
      kind: 'sale',
      reference,
      payload: saleJournalPayload({
        saleId,
        reference,
        eventId: input.eventId,
        checkoutId: input.checkoutId,
        totalCents: priced.totalCents,
        paymentMode: input.paymentMode,
        lines: priced.lines.map((l) => ({
          productId: l.productId,
          name: l.name,
          quantity: l.quantity,
          unitPriceCents: l.unitPriceCents,
          totalCents: l.totalCents,
        })),
        payments: payments.payments,
        createdAt: createdAt.toISOString(),
      }),
    },
    createdAt,
  );
  return {
    id: saleId,
    reference,
    eventId: input.eventId,
    checkoutId: input.checkoutId,
    personId: buyer?.id ?? null,
    totalCents: priced.totalCents,
    paidCents: payments.paidCents,
    paymentMode: input.paymentMode,
    paymentStatus: payments.status,
    orderType: sale.orderType,
    claimId: claims.claimId,
    raffleId: priced.raffleId,
    giftBasketId: priced.giftBasketId,
    receiptMethod: receipt.method === 'print' ? null : receipt.method,
    receiptTo: receipt.to,
    createdBy: context.user.id,
    createdAt,
    lines: priced.lines,
    tickets: sale.tickets,
    bets: sale.bets,
    bingoId: sale.cartons.bingoId,
    cartons: sale.cartons.bingoId !== null ? sale.cartons.numbers : [],
    payments: payments.payments,
    event: event.row,
    answer,
    key: context.idempotency?.key,
    journal,
  };
}

export async function createSale(deps: CreateSaleDeps, input: SaleInput, context: CreateSaleContext): Promise<SaleAnswer> {
  const { db } = deps;
  const sale = await priceSale(db, input);
  const claims = saleClaims(deps, sale, context.bearer);
  // Tickets, bets and cartons are held by their services before anything is written here.
  await claims.claim();

  const saleId = sale.head.next_sale_id;
  const createdAt = new Date();
  // The sale's journal record is hashed with its association's key (saleWrite's bindings).
  await ensureJournalKey();
  // A sale on a register with no open session opens one (float 0, automatic): the spec's flow keeps working.
  const openSession = (q: Db | Trx) => sessionForSale(q, input.checkoutId, input.eventId, context.user.id);
  try {
    // 50 random bits: a reference drawn twice is astronomically rare, but never an error for the cashier.
    for (let attempt = 0; ; attempt += 1) {
      const reference = newSaleReference();
      const row = saleWrite(sale, claims, { saleId, reference, createdAt }, context);
      try {
        const cardReference = sale.payments.cardReference;
        if (cardReference) {
          // The reader's charge is taken by this sale and no other: locked, checked, marked, in one transaction.
          await db.transaction(async (trx) => {
            const cardTx = await takeCardTransaction(trx, cardReference, sale.priced.totalCents);
            await markCardTransactionSold(trx, cardTx, saleId, createdAt);
            await openSession(trx);
            if (!(await writeSale(trx, row))) throw new Error('till session closed under a card sale');
          });
        } else {
          // One statement is one transaction: the sale, its lines, payments, event, journal record and answer, or nothing.
          let written = await writeSale(db, row);
          for (let retry = 0; !written && retry < 3; retry += 1) {
            await openSession(db);
            written = await writeSale(db, row);
          }
          if (!written) throw new Error(`no open till session for checkout ${input.checkoutId}`);
        }
        await waitDurable(db);
      } catch (err) {
        const constraint = (err as { constraint?: string }).constraint;
        if (isUniqueViolation(err) && constraint === 'sales_reference_unique' && attempt < 5) continue;
        const taken = constraint ? TAKEN_BY_CONSTRAINT[constraint as keyof typeof TAKEN_BY_CONSTRAINT] : undefined;
        if (isUniqueViolation(err) && taken) throw refused(taken);
        throw err;
      }
      context.idempotency?.markCompleted();
      deps.wake?.();
      await claims.confirm(saleId, reference, sale.buyer);
      return row.answer;
    }
  } catch (err) {
    await claims.release();
    throw err;
  }
}
