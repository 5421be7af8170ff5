/**
 * `POST /api/cr/sale/create`: prices the cart from the catalogue, checks SPEC §5 again, claims the
 * raffle tickets and bets from the raffle service, then writes the sale, its lines, tickets, bets,
 * payments, the `sale.completed` outbox row and the idempotent answer in one statement (one
 * transaction; with the reader's charge locked and marked when paid by card). If the write fails
 * the claim is released, so the numbers go back on sale.
 *
 * A sale costs three round trips to Postgres (idempotency key, register and catalogue, the write):
 * the register must keep up with a busy fair on a small machine.
 */
import { randomUUID } from 'node:crypto';
import {
  badRequest, conflict, isUniqueViolation, notFound, outboxRow, serviceUnavailable,
  type AuthUser, type Db, type Logger, type SalePayment, type Trx,
} from '@kermesse/kit';
import {
  checkSaleRules, MESSAGES, priceCart, type CartLineInput, type CatalogView, type GiftBasketInfo, type PricedCart, type RaffleInfo,
} from '../cart/rules.ts';
import type { IdempotencyHandle } from '../idempotency.ts';
import { formatEuros, toCents, toEuros } from '../money.ts';
import type { RaffleClient } from '../raffleClient.ts';
import type { BingoClient } from '../bingoClient.ts';
import { prepareSaleCartons, withBingos, type CartonSaleInput } from '../bingo/sale.ts';
import { newSaleReference } from '../reference.ts';
import { renderOrderSlip, renderReceipt, type ReceiptData } from '../receipts/html.ts';
import { receiptPath } from '../receipts/load.ts';
import {
  findGiftBasket, findRaffle, loadSaleHead, readMealDeal, toCatalogProduct, toGiftBasketInfo, toRaffleInfo, type ProductRow,
} from '../repositories/catalog.ts';
import { lockCardTransaction } from '../repositories/cards.ts';
import { findPerson, normalizeEmail, normalizePhone, type PersonRow } from '../repositories/persons.ts';
import { journalBindings, journalCtes, saleJournalPayload, waitDurable } from '../journal/journal.ts';
import { sessionForSale } from '../till/sessions.ts';

export type PaymentMode = 1 | 2 | 3 | 99;
export type DeliveryMethod = 'sms' | 'email' | 'print';

/** The `sale` of the request body (SPEC §3), as validated by the route's schema. */
export interface SaleInput {
  checkoutId: number;
  eventId: number;
  personId?: number | null;
  cart: CartLineInput[];
  raffleId?: number | null;
  raffles?: Array<number | { number: number }>;
  giftBasketsId?: number | null;
  giftBaskets?: Array<{ weight: number; type: { id: number; name?: string } }>;
  paymentMode: PaymentMode;
  payments?: Array<{ method?: 'CB' | 'ESP' | 'CHQ'; amount?: number; payment_reference?: string | number | null }>;
  receipt?: { method: DeliveryMethod; to?: string | null } | null;
}

export interface SaleAnswer {
  success: true;
  deliveryMethod: DeliveryMethod;
  orderType: 'standard' | 'kermesse';
  printData: { receiptHtml: string; orderHtml: string };
  error: null;
  sale: { id: number; reference: string; price: number; paymentMode: PaymentMode; paymentStatus: 1 | 2 | 5; receiptUrl: string };
}

export interface CreateSaleDeps {
  db: Db;
  logger: Logger;
  raffle?: RaffleClient;
  /** Loto carton claims (issue 12); without it, sales with cartons answer 503. */
  bingo?: BingoClient;
  wake?: () => void;
}

export interface CreateSaleContext {
  user: AuthUser;
  bearer: string;
  origin: string;
  idempotency?: IdempotencyHandle;
}

const METHOD_OF_MODE = { 1: 'CHQ', 2: 'ESP', 3: 'CB' } as const;
const STATUS_OF_MODE = { 1: 2, 2: 1, 3: 1, 99: 2 } as const;

/** An amount of cash as typed: « 20 », « 20,50 », « 20.5 ». */
const CASH_GIVEN = /^\d{1,7}([.,]\d{1,2})?$/;
export const CASH_NOT_A_NUMBER = "Le montant donné en espèces n'est pas un nombre : saisissez par exemple 20 ou 20,50.";

const referenceOf = (input: SaleInput, method: 'CB' | 'ESP' | 'CHQ'): string => {
  const payments = input.payments ?? [];
  const payment = payments.find((p) => p.method === method) ?? payments[0];
  const ref = payment?.payment_reference;
  return ref === undefined || ref === null ? '' : String(ref).trim();
};

/** The catalogue view of a sale: the products read with the register, their raffles and baskets, the meal deal. */
async function catalogOf(db: Db, eventId: number, rows: ProductRow[]): Promise<CatalogView & { raffles: Map<number, RaffleInfo>; baskets: Map<number, GiftBasketInfo> }> {
  // The event's own meal-deal rule (back office), else the installation's: the one the register shows.
  const mealDeal = await readMealDeal(db, eventId);
  const products = new Map(rows.map((r) => [r.id, toCatalogProduct(r)]));
  const raffles = new Map<number, RaffleInfo>();
  const baskets = new Map<number, GiftBasketInfo>();
  for (const raffleId of new Set(rows.map((r) => r.raffle_id).filter((id): id is number => id !== null))) {
    const raffle = await findRaffle(db, raffleId);
    if (raffle && raffle.sales_open && raffle.event_id === eventId) raffles.set(raffleId, toRaffleInfo(raffle));
  }
  for (const basketId of new Set(rows.map((r) => r.gift_basket_id).filter((id): id is number => id !== null))) {
    const basket = await findGiftBasket(db, basketId);
    if (basket && basket.event_id === eventId) baskets.set(basketId, toGiftBasketInfo(basket));
  }
  return { product: (id) => products.get(id), raffle: (id) => raffles.get(id), giftBasket: (id) => baskets.get(id), mealDeal, raffles, baskets };
}

/** The receipt the buyer asked for (French law since 2023: only on request) and where it goes. */
function receiptWish(input: SaleInput, buyer: PersonRow | undefined): { method: DeliveryMethod; to: string | null } {
  const wish = input.receipt;
  if (!wish || wish.method === 'print') return { method: 'print', to: null };
  if (wish.method === 'sms') {
    const to = normalizePhone(wish.to ?? buyer?.phone ?? null);
    if (!to || !/^[0-9]{10}$/.test(to)) throw badRequest(MESSAGES.smsPhone);
    return { method: 'sms', to };
  }
  const to = normalizeEmail(wish.to ?? buyer?.email ?? null);
  if (!to || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(to)) throw badRequest('Merci de saisir une adresse e-mail valide pour le reçu.');
  return { method: 'email', to };
}

interface PlannedPayment { payment: SalePayment }

/** SPEC §4 payment modes: what is recorded as paid, with which reference. */
function planPayments(input: SaleInput, totalCents: number): { planned: PlannedPayment[]; status: 1 | 2; paidCents: number; cardReference?: string } {
  const mode = input.paymentMode;
  if (mode === 99) return { planned: [], status: 2, paidCents: 0 };
  const method = METHOD_OF_MODE[mode];
  const reference = referenceOf(input, method);
  if (mode === 2) {
    // SPEC §5: the amount given is a number at least equal to the total. Nothing given counts as
    // too little; anything that is not an amount (« abc », « NaN », an emoji) is refused as such.
    // A sale sent with no cash payment line at all was paid the exact amount.
    const cash = (input.payments ?? []).find((p) => p.method === 'ESP') ?? input.payments?.[0];
    if (reference && !CASH_GIVEN.test(reference)) throw badRequest(CASH_NOT_A_NUMBER);
    const given = reference ? toCents(Number(reference.replace(',', '.'))) : cash ? undefined : totalCents;
    if (given === undefined || given < totalCents) {
      throw badRequest(`Montant insuffisant. Vous devez fournir au moins ${formatEuros(totalCents)}.`);
    }
  }
  if (mode === 3 && !reference) throw badRequest('Le paiement CB doit indiquer le code de la transaction du terminal.');
  return {
    planned: [{ payment: { method, amountCents: totalCents, reference } }],
    status: STATUS_OF_MODE[mode],
    paidCents: totalCents,
    cardReference: mode === 3 ? reference : undefined,
  };
}

/** A successful reader transaction of exactly this amount, not used by another sale. */
async function takeCardTransaction(trx: Trx, reference: string, totalCents: number): Promise<number> {
  const tx = await lockCardTransaction(trx, reference);
  if (!tx) throw badRequest('Transaction CB inconnue : le paiement par carte passe par le terminal.');
  if (tx.status !== 'SUCCESSFUL') throw badRequest("Le paiement CB n'est pas confirmé par le terminal.");
  if (tx.sale_id !== null || tx.payment_row_id !== null) throw conflict('Ce paiement CB a déjà servi pour une autre vente.');
  if (tx.amount_cents !== totalCents) {
    throw badRequest(`Le montant payé par carte (${formatEuros(tx.amount_cents)}) ne correspond pas au total de la vente (${formatEuros(totalCents)}).`);
  }
  return tx.id;
}

/**
 * Inserts the sale, its lines, tickets, bets, payments, its `sale.completed` outbox row, its 'sale'
 * journal record and the idempotent answer in one statement. The sale belongs to the register's open
 * till session (locked `for key share`, so a closing waits for it); with no open session nothing is
 * written and no row comes back: the caller opens one and writes again.
 * The journal head stays locked until the commit: the commit is asynchronous (`cfg`), so the lock is
 * not held through the WAL flush, and the caller waits for the flush after (`waitDurable`) — sales
 * still share their flushes (group commit) and an answer is only sent once the sale is durable.
 */
const WRITE_SALE = `
with cfg as (
  select set_config('synchronous_commit', 'off', true) as v
), sess as (
  select id from till_sessions where checkout_id = :checkoutId and closed_at is null for key share
), s as (
  insert into sales (id, reference, event_id, checkout_id, person_id, total_cents, paid_cents, payment_mode, payment_status,
                     order_type, claim_id, raffle_id, gift_basket_id, receipt_method, receipt_to, created_by, created_at, session_id)
  select :id, :reference, :eventId, :checkoutId, :personId, :totalCents, :paidCents, :paymentMode, :paymentStatus,
          :orderType, :claimId, :raffleId, :giftBasketId, :receiptMethod, :receiptTo, :createdBy, :createdAt, sess.id
  from sess
  returning id, session_id
), l as (
  insert into sale_lines (sale_id, position, product_id, name, category_id, category_name, unit_price_cents, quantity, total_cents, kind, click_and_collect)
  select :id, x.position, x.product_id, x.name, x.category_id, x.category_name, x.unit_price_cents, x.quantity, x.total_cents, x.kind, x.click_and_collect
  from jsonb_to_recordset(:lines::jsonb) as x(position int, product_id int, name text, category_id int, category_name text,
                                                unit_price_cents int, quantity int, total_cents int, kind text, click_and_collect boolean)
  where exists (select 1 from s)
), t as (
  insert into sale_tickets (sale_id, raffle_id, number) select :id, :raffleId, n from unnest(:tickets::int[]) as n where exists (select 1 from s)
), b as (
  insert into sale_bets (sale_id, gift_basket_id, type_id, weight)
  select :id, :giftBasketId, x.type_id, x.weight from jsonb_to_recordset(:bets::jsonb) as x(type_id int, weight int) where exists (select 1 from s)
), c as (
  insert into sale_cartons (sale_id, bingo_id, carton_number) select :id, :bingoId, n from unnest(:cartons::int[]) as n where exists (select 1 from s)
), p as (
  insert into payments (sale_id, method, mode, amount_cents, reference, created_by, created_at, session_id)
  select :id, x.method, :paymentMode, x.amount_cents, x.reference, :createdBy, :createdAt, s.session_id
  from s, jsonb_to_recordset(:payments::jsonb) as x(method text, amount_cents int, reference text)
), o as (
  insert into outbox (id, type, version, envelope, occurred_at) select :eventRowId, :eventType, :eventVersion, :envelope::jsonb, :occurredAt from s
), k as (
  update idempotency_keys set state = 'done', response_status = 201, response_body = :answer::jsonb
  where user_id = :keyUser and scope = :keyScope and key = :keyValue and exists (select 1 from s)
), ${journalCtes('exists (select 1 from s)')}
select s.id from s, cfg`;

const CONSTRAINT_MESSAGES: Record<string, string> = {
  sale_tickets_pkey: "Ces numéros de tombola ont déjà été vendus. Choisissez-en d'autres.",
  sale_bets_pkey: "Ces paris ont déjà été vendus. Choisissez-en d'autres.",
  sale_cartons_unique: "Ces cartons ont déjà été vendus. Rendez-les et donnez-en d'autres.",
};

export async function createSale(deps: CreateSaleDeps, input: SaleInput, context: CreateSaleContext): Promise<SaleAnswer> {
  const { db } = deps;
  const ids = [...new Set(input.cart.map((l) => l.product.id).filter((id) => id > 0))];
  const head = await loadSaleHead(db, input.checkoutId, ids);
  if (!head) throw notFound('Caisse introuvable.');
  if (head.event_id !== input.eventId) throw badRequest("Cette caisse n'appartient pas à cet événement.");
  if (head.event_archived) throw badRequest('Cet événement est archivé : il n\'accepte plus de ventes.');
  if (head.checkout_archived) throw badRequest('Cette caisse est archivée.');
  const catalog = await withBingos(db, input.eventId, await catalogOf(db, input.eventId, head.products), head.products);
  const priced: PricedCart = priceCart(input.cart, catalog);
  if (input.raffleId && priced.raffleId !== null && input.raffleId !== priced.raffleId) {
    throw badRequest('Les tickets choisis ne sont pas ceux de la tombola du panier.');
  }
  if (input.giftBasketsId && priced.giftBasketId !== null && input.giftBasketsId !== priced.giftBasketId) {
    throw badRequest('Les paris saisis ne sont pas ceux du panier garni du panier.');
  }

  const buyer = input.personId ? await findPerson(db, input.personId) : undefined;
  if (input.personId && !buyer) throw badRequest('Acheteur introuvable : identifiez-le à nouveau.');
  const tickets = (input.raffles ?? []).map((t) => (typeof t === 'number' ? t : t.number));
  const bets = (input.giftBaskets ?? []).map((b) => ({ typeId: b.type.id, weight: b.weight }));
  const raffle = priced.raffleId !== null ? catalog.raffles.get(priced.raffleId) : undefined;
  const giftBasket = priced.giftBasketId !== null ? catalog.baskets.get(priced.giftBasketId) : undefined;
  checkSaleRules(priced, { tickets, bets }, { hasBuyer: Boolean(buyer), onHold: input.paymentMode === 99, raffle, giftBasket });
  const cartons = await prepareSaleCartons(deps, input as SaleInput & CartonSaleInput, priced, catalog, context.bearer);

  const payments = planPayments(input, priced.totalCents);
  const receipt = receiptWish(input, buyer);
  const orderType = priced.lines.some((l) => l.clickAndCollect) ? 'kermesse' : 'standard';

  // Tickets and bets are held by the raffle service before anything is written here.
  let claimId: string | null = null;
  if (tickets.length || bets.length) {
    if (!deps.raffle) throw serviceUnavailable('Le service de tombola ne répond pas : les tickets et paris ne peuvent pas être vendus pour le moment.');
    claimId = randomUUID();
    await deps.raffle.claim({
      claimId,
      // Numbers of this register's offline block (issue 15) are its own to sell.
      checkoutId: input.checkoutId,
      tickets: tickets.map((number) => ({ raffleId: priced.raffleId!, number })),
      bets: bets.map((b) => ({ giftBasketId: priced.giftBasketId!, ...b })),
    }, context.bearer);
  }

  const saleId = head.next_sale_id;
  const createdAt = new Date();
  /** Everything the sale writes and answers, for a given reference. */
  const build = (reference: string) => {
    const event = outboxRow('register', 'sale.completed', {
      saleId, reference, eventId: input.eventId, checkoutId: input.checkoutId, claimId,
      buyer: buyer ? { personId: buyer.id, firstname: buyer.firstname, lastname: buyer.lastname, email: buyer.email, phone: buyer.phone } : null,
      lines: priced.lines.map((l) => ({
        productId: l.productId, name: l.name, categoryId: l.categoryId, categoryName: l.categoryName,
        unitPriceCents: l.unitPriceCents, quantity: l.quantity, totalCents: l.totalCents, kind: l.kind,
      })),
      tickets: tickets.map((number) => ({ raffleId: priced.raffleId!, number })),
      bets: bets.map((b) => ({ giftBasketId: priced.giftBasketId!, ...b })),
      ...cartons.event,
      payments: payments.planned.map((p) => p.payment),
      totalCents: priced.totalCents,
      paymentMode: input.paymentMode,
      paymentStatus: payments.status,
      receipt: receipt.method === 'print' ? null : receipt,
      completedAt: createdAt.toISOString(),
    });
    const receiptData: ReceiptData = {
      reference, createdAt, eventName: head.event_name, checkoutName: head.name,
      lines: priced.lines, totalCents: priced.totalCents, paidCents: payments.paidCents, paymentMode: input.paymentMode,
      payments: payments.planned.map((p) => p.payment), tickets, raffleName: raffle?.name ?? null,
      bets: bets.map((b) => ({ typeName: giftBasket?.types.find((t) => t.id === b.typeId)?.name ?? `Type ${b.typeId}`, weight: b.weight })),
      giftBasketName: giftBasket?.name ?? null,
      ...cartons.receipt,
      receiptUrl: context.origin + receiptPath(reference),
    };
    const answer: SaleAnswer = {
      success: true,
      deliveryMethod: receipt.method,
      orderType,
      printData: { receiptHtml: renderReceipt(receiptData), orderHtml: renderOrderSlip(receiptData) },
      error: null,
      sale: {
        id: saleId, reference, price: toEuros(priced.totalCents), paymentMode: input.paymentMode,
        paymentStatus: payments.status, receiptUrl: receiptPath(reference),
      },
    };
    return { event, answer };
  };

  try {
    // Cartons are held by the bingo service before anything is written (inside the try: a refusal releases the raffle's claim).
    await cartons.claim();
    // 50 random bits: a reference drawn twice is astronomically rare, but never an error for the cashier.
    for (let attempt = 0; ; attempt += 1) {
      const reference = newSaleReference();
      const { event, answer } = build(reference);
      const key = context.idempotency?.key;
      try {
        const journal = journalBindings({
          kind: 'sale', reference, payload: saleJournalPayload({
            saleId, reference, eventId: input.eventId, checkoutId: input.checkoutId, totalCents: priced.totalCents, paymentMode: input.paymentMode,
            lines: priced.lines.map((l) => ({ productId: l.productId, name: l.name, quantity: l.quantity, unitPriceCents: l.unitPriceCents, totalCents: l.totalCents })),
            payments: payments.planned.map(({ payment }) => payment), createdAt: createdAt.toISOString(),
          }),
        }, createdAt);
        // The written sale's id; none when the register has no open till session (nothing written).
        const write = async (q: Db | Trx): Promise<boolean> => ((await q.raw(WRITE_SALE, {
          id: saleId, reference, eventId: input.eventId, checkoutId: input.checkoutId, personId: buyer?.id ?? null,
          totalCents: priced.totalCents, paidCents: payments.paidCents, paymentMode: input.paymentMode, paymentStatus: payments.status,
          orderType, claimId, raffleId: priced.raffleId, giftBasketId: priced.giftBasketId,
          receiptMethod: receipt.method === 'print' ? null : receipt.method, receiptTo: receipt.to,
          createdBy: context.user.id, createdAt,
          lines: JSON.stringify(priced.lines.map((l, position) => ({
            position, product_id: l.productId, name: l.name, category_id: l.categoryId, category_name: l.categoryName,
            unit_price_cents: l.unitPriceCents, quantity: l.quantity, total_cents: l.totalCents, kind: l.kind, click_and_collect: l.clickAndCollect,
          }))),
          tickets,
          bets: JSON.stringify(bets.map((b) => ({ type_id: b.typeId, weight: b.weight }))),
          payments: JSON.stringify(payments.planned.map(({ payment }) => ({ method: payment.method, amount_cents: payment.amountCents, reference: payment.reference }))),
          eventRowId: event.row.id, eventType: event.row.type, eventVersion: event.row.version, envelope: event.row.envelope, occurredAt: event.row.occurred_at,
          answer: JSON.stringify(answer),
          keyUser: key?.user_id ?? '', keyScope: key?.scope ?? '', keyValue: key?.key ?? '',
          ...journal,
          ...cartons.bindings,
        })) as { rows: unknown[] }).rows.length > 0;
        // A sale on a register with no open session opens one (float 0, automatic): SPEC's flow keeps working.
        const openSession = (q: Db | Trx) => sessionForSale(q, input.checkoutId, input.eventId, context.user.id);
        const cardReference = payments.cardReference;
        if (cardReference) {
          // The reader's charge is taken by this sale and no other: locked, checked, marked, in one transaction.
          await db.transaction(async (trx) => {
            const cardTx = await takeCardTransaction(trx, cardReference, priced.totalCents);
            await trx('card_transactions').where({ id: cardTx }).update({ sale_id: saleId, updated_at: createdAt });
            await openSession(trx);
            if (!await write(trx)) throw new Error('till session closed under a card sale');
          });
        } else {
          // One statement is one transaction: the sale, its lines, payments, event, journal record and answer, or nothing.
          let written = await write(db);
          for (let retry = 0; !written && retry < 3; retry += 1) {
            await openSession(db);
            written = await write(db);
          }
          if (!written) throw new Error(`no open till session for checkout ${input.checkoutId}`);
        }
        await waitDurable(db);
      } catch (err) {
        const constraint = (err as { constraint?: string }).constraint;
        if (isUniqueViolation(err) && constraint === 'sales_reference_unique' && attempt < 5) continue;
        if (isUniqueViolation(err) && constraint && CONSTRAINT_MESSAGES[constraint]) throw conflict(CONSTRAINT_MESSAGES[constraint]);
        throw err;
      }
      context.idempotency?.markCompleted();
      deps.wake?.();
      if (claimId) {
        // Committed: keep the numbers for good now rather than when sale.completed arrives, which a
        // NATS outage longer than the claim's 10 minutes would delay past its expiry.
        const confirmed = claimId;
        await deps.raffle!.confirm(confirmed, saleId, context.bearer).catch((confirmErr: unknown) => {
          deps.logger.warn('claim confirmation failed; sale.completed will confirm it', { claimId: confirmed, err: String(confirmErr) });
        });
      }
      await cartons.confirm(saleId, reference, buyer);
      return answer;
    }
  } catch (err) {
    await cartons.release();
    if (claimId) {
      await deps.raffle!.release(claimId, context.bearer).catch((releaseErr: unknown) => {
        // The claim expires on its own after 10 minutes; say why the numbers stay held meanwhile.
        deps.logger.warn('claim release failed', { claimId, err: String(releaseErr) });
      });
    }
    throw err;
  }
}
