/**
 * The register's read models of raffles, gift baskets and stock alerts, and the ticket categories and
 * products they become (commands/applyRaffleConfigured.ts, applyGiftBasketConfigured.ts and applyStockAlert.ts apply the events in the consumer's transaction).
 */
import { type EventPayloads } from '@kermesse/kit/bus';
import { type Trx } from '@kermesse/kit/db';
import type { Tier } from '../cart/rules.ts';
import { syncTierProducts } from './tierProducts.ts';

export type Kind = 'raffle' | 'giftbasket';

export interface TicketCatalogInput {
  kind: Kind;
  ownerId: number;
  eventId: number;
  name: string;
  tiers: Tier[];
  open: boolean;
}

export const ticketProductName = (kind: Kind, nb: number) =>
  kind === 'raffle' ? (nb === 1 ? '1 ticket' : `${nb} tickets`) : nb === 1 ? '1 pari' : `${nb} paris`;
export const ticketCategoryName = (kind: Kind, name: string) => (kind === 'raffle' ? `Tombola : ${name}` : `Panier garni : ${name}`);
const TICKET_IMAGES: Record<Kind, string> = { raffle: 'tombola.svg', giftbasket: 'panier-garni.svg' };
/** Ticket categories come after the fair's own products in the tabs. */
const TICKET_CATEGORY_POSITION = 100;

/**
 * The event a category belongs to, written with the category: the given event when the register knows
 * it (a foreign key), else null. The back office's category lists only read it.
 */
export const categoryEvent = (trx: Trx, eventId: number) => trx.raw('(select id from events where id = ?)', [eventId]);

/** The raffle's (basket's) category, created or renamed, in the raffle's event. */
export async function ensureCategory(trx: Trx, input: TicketCatalogInput): Promise<number> {
  const ownerColumn = input.kind === 'raffle' ? 'raffle_id' : 'gift_basket_id';
  const name = ticketCategoryName(input.kind, input.name);
  const event_id = categoryEvent(trx, input.eventId);
  const existing: { id: number } | undefined = await trx('categories').where(ownerColumn, input.ownerId).first('id');
  if (existing) {
    await trx('categories').where({ id: existing.id }).update({ name, event_id });
    return existing.id;
  }
  const [row] = await trx('categories')
    .insert({ name, kind: input.kind, [ownerColumn]: input.ownerId, position: TICKET_CATEGORY_POSITION, event_id })
    .returning('id');
  return (row as { id: number }).id;
}

/** The raffle's tickets (the basket's bets): one product per price tier (tierProducts.ts). */
export const syncTicketProducts = (trx: Trx, input: TicketCatalogInput, categoryId: number, categoryName: string): Promise<void> =>
  syncTierProducts(trx, {
    kind: input.kind,
    categoryId,
    categoryName,
    eventId: input.eventId,
    tiers: input.tiers,
    open: input.open,
    productName: (nb) => ticketProductName(input.kind, nb),
    image: TICKET_IMAGES[input.kind],
  });

/** A configuration older than the one already applied (redelivered late) changes nothing. */
export async function isStale(trx: Trx, table: 'raffles' | 'gift_baskets', id: number, occurredAt: string): Promise<boolean> {
  const row: { updated_at: Date } | undefined = await trx(table).where({ id }).forUpdate().first('updated_at');
  return row !== undefined && row.updated_at.getTime() > new Date(occurredAt).getTime();
}

/** The raffle's read model. */
export async function upsertRaffle(
  trx: Trx,
  event: EventPayloads['raffle.configured'],
  open: boolean,
  categoryId: number,
  occurredAt: string,
): Promise<void> {
  await trx('raffles')
    .insert({
      id: event.raffleId,
      event_id: event.eventId,
      name: event.name,
      total_tickets: event.totalTickets,
      tiers: JSON.stringify(event.tiers),
      sales_open: open,
      category_id: categoryId,
      updated_at: occurredAt,
    })
    .onConflict('id')
    .merge({
      event_id: event.eventId,
      name: event.name,
      total_tickets: event.totalTickets,
      tiers: JSON.stringify(event.tiers),
      sales_open: open,
      updated_at: occurredAt,
    });
}

/** The gift basket's read model (tiers, bet types). */
export async function upsertGiftBasket(
  trx: Trx,
  event: EventPayloads['giftbasket.configured'],
  categoryId: number,
  occurredAt: string,
): Promise<void> {
  await trx('gift_baskets')
    .insert({
      id: event.giftBasketId,
      event_id: event.eventId,
      name: event.name,
      tiers: JSON.stringify(event.tiers),
      types: JSON.stringify(event.types),
      category_id: categoryId,
      updated_at: occurredAt,
    })
    .onConflict('id')
    .merge({
      event_id: event.eventId,
      name: event.name,
      tiers: JSON.stringify(event.tiers),
      types: JSON.stringify(event.types),
      updated_at: occurredAt,
    });
}

/** Whether a product is in stock alert for an event. */
export async function upsertStockAlert(
  trx: Trx,
  row: { event_id: number; product_id: number; is_alert: boolean; stock: number | null; alert_threshold: number | null },
): Promise<void> {
  await trx('stock_alerts')
    .insert(row)
    .onConflict(['association_id', 'event_id', 'product_id'])
    .merge({ ...row, updated_at: trx.fn.now() });
}
