/**
 * `sale.completed` → the claim is confirmed, the tickets and bets are sold to the buyer (snapshot
 * of the sale), and what the sale paid for them is recorded for the organiser's panel.
 *
 * Idempotent twice over: the consumer's inbox drops a redelivered event, and a ticket already sold
 * to the same sale is left as it is (a second event for the same sale changes nothing).
 */
import type { EventPayloads, Logger, Trx } from '@kermesse/kit';

type Sale = EventPayloads['sale.completed'];

export interface RecordedSale { tickets: number; bets: number; conflicts: number }

export async function recordCompletedSale(trx: Trx, sale: Sale, logger: Logger): Promise<RecordedSale> {
  const buyer = sale.buyer;
  const claimId = sale.claimId ?? null;
  if (claimId) {
    await trx('claims').where({ claim_id: claimId }).update({ status: 'confirmed', sale_id: sale.saleId, settled_at: trx.fn.now() });
  }
  const person = [buyer?.personId ?? null, buyer?.firstname ?? null, buyer?.lastname ?? null, buyer?.email ?? null, buyer?.phone ?? null];
  const conflicts: Array<{ kind: string; detail: Record<string, unknown> }> = [];

  // Tickets of raffles this service knows; anything else can never be recorded.
  const raffleIds = [...new Set(sale.tickets.map((t) => t.raffleId))];
  const knownRaffles = new Set((await trx('raffles').whereIn('id', raffleIds).select('id')).map((r: { id: number }) => r.id));
  const tickets = sale.tickets.filter((t) => {
    if (knownRaffles.has(t.raffleId)) return true;
    conflicts.push({ kind: 'unknown-raffle', detail: t });
    return false;
  }).sort((a, b) => a.raffleId - b.raffleId || a.number - b.number);

  let soldTickets = 0;
  if (tickets.length) {
    const { rows } = await trx.raw(
      `insert into tickets (raffle_id, number, status, claim_id, sale_id, sale_reference, person_id, firstname, lastname, email, phone, sold_at)
       select x.r, x.n, 'sold', ?::uuid, ?, ?, ?, ?, ?, ?, ?, ?::timestamptz from unnest(?::int[], ?::int[]) with ordinality as x(r, n, o) order by x.o
       on conflict (raffle_id, number) do update set status = 'sold', claim_id = excluded.claim_id, expires_at = null,
         sale_id = excluded.sale_id, sale_reference = excluded.sale_reference, person_id = excluded.person_id,
         firstname = excluded.firstname, lastname = excluded.lastname, email = excluded.email, phone = excluded.phone, sold_at = excluded.sold_at
       where tickets.status = 'held' or tickets.sale_id = excluded.sale_id
       returning raffle_id, number`,
      [claimId, sale.saleId, sale.reference, ...person, sale.completedAt, tickets.map((t) => t.raffleId), tickets.map((t) => t.number)],
    ) as { rows: Array<{ raffle_id: number; number: number }> };
    soldTickets = rows.length;
    const recorded = new Set(rows.map((r) => `${r.raffle_id}:${r.number}`));
    for (const t of tickets) if (!recorded.has(`${t.raffleId}:${t.number}`)) conflicts.push({ kind: 'ticket-already-sold', detail: t });
  }

  const basketIds = [...new Set(sale.bets.map((b) => b.giftBasketId))];
  const knownTypes: Array<{ id: number; gift_basket_id: number }> = await trx('gift_basket_types')
    .whereIn('gift_basket_id', basketIds).select('id', 'gift_basket_id');
  const bets = sale.bets.filter((b) => {
    if (knownTypes.some((t) => t.id === b.typeId && t.gift_basket_id === b.giftBasketId)) return true;
    conflicts.push({ kind: 'unknown-bet-type', detail: b });
    return false;
  }).sort((a, b) => a.giftBasketId - b.giftBasketId || a.weight - b.weight);

  let soldBets = 0;
  if (bets.length) {
    const { rows } = await trx.raw(
      `insert into bets (gift_basket_id, weight, type_id, status, claim_id, sale_id, sale_reference, person_id, firstname, lastname, email, phone, sold_at)
       select x.g, x.w, x.t, 'sold', ?::uuid, ?, ?, ?, ?, ?, ?, ?, ?::timestamptz from unnest(?::int[], ?::int[], ?::int[]) with ordinality as x(g, w, t, o) order by x.o
       on conflict (gift_basket_id, weight) do update set type_id = excluded.type_id, status = 'sold', claim_id = excluded.claim_id, expires_at = null,
         sale_id = excluded.sale_id, sale_reference = excluded.sale_reference, person_id = excluded.person_id,
         firstname = excluded.firstname, lastname = excluded.lastname, email = excluded.email, phone = excluded.phone, sold_at = excluded.sold_at
       where bets.status = 'held' or bets.sale_id = excluded.sale_id
       returning gift_basket_id, weight`,
      [claimId, sale.saleId, sale.reference, ...person, sale.completedAt, bets.map((b) => b.giftBasketId), bets.map((b) => b.weight), bets.map((b) => b.typeId)],
    ) as { rows: Array<{ gift_basket_id: number; weight: number }> };
    soldBets = rows.length;
    const recorded = new Set(rows.map((r) => `${r.gift_basket_id}:${r.weight}`));
    for (const b of bets) if (!recorded.has(`${b.giftBasketId}:${b.weight}`)) conflicts.push({ kind: 'weight-already-sold', detail: b });
  }

  // What the claim held but the sale did not keep is free again.
  if (claimId) {
    await trx('tickets').where({ claim_id: claimId, status: 'held' }).delete();
    await trx('bets').where({ claim_id: claimId, status: 'held' }).delete();
  }

  await recordRevenue(trx, sale, 'raffle', tickets.map((t) => t.raffleId));
  await recordRevenue(trx, sale, 'giftbasket', bets.map((b) => b.giftBasketId));

  for (const c of conflicts) {
    await trx('sale_conflicts').insert({ sale_id: sale.saleId, reference: sale.reference, kind: c.kind, detail: JSON.stringify(c.detail) });
    logger.error('sale.completed names a ticket or bet that cannot be recorded', { saleId: sale.saleId, reference: sale.reference, ...c });
  }
  return { tickets: soldTickets, bets: soldBets, conflicts: conflicts.length };
}

/**
 * Splits what the sale's raffle (or gift-basket) lines cost among the raffles (baskets) of its
 * tickets, in proportion to their count; the rounding remainder goes to the first one.
 */
async function recordRevenue(trx: Trx, sale: Sale, kind: 'raffle' | 'giftbasket', ids: number[]): Promise<void> {
  if (!ids.length) return;
  const totalCents = sale.lines.filter((l) => l.kind === kind).reduce((sum, l) => sum + l.totalCents, 0);
  const counts = new Map<number, number>();
  for (const id of ids) counts.set(id, (counts.get(id) ?? 0) + 1);
  const entries = [...counts.entries()].sort((a, b) => a[0] - b[0]);
  const shares = entries.map(([, count]) => Math.floor((totalCents * count) / ids.length));
  shares[0]! += totalCents - shares.reduce((a, b) => a + b, 0);
  const rows = entries.map(([id, count], i) => kind === 'raffle'
    ? { sale_id: sale.saleId, raffle_id: id, reference: sale.reference, tickets: count, revenue_cents: shares[i]! }
    : { sale_id: sale.saleId, gift_basket_id: id, reference: sale.reference, bets: count, revenue_cents: shares[i]! });
  await trx(kind === 'raffle' ? 'raffle_sales' : 'gift_basket_sales').insert(rows)
    .onConflict(kind === 'raffle' ? ['sale_id', 'raffle_id'] : ['sale_id', 'gift_basket_id']).ignore();
}
