import { toEuros as centsToEuros } from '@kermesse/contracts-common';
import type { BasketTypeRow, GiftBasketRow, SoldBetRow } from '../repositories/giftBaskets.ts';

/** docs/spec.md §3 gift basket type: id, name, price (the basket's value, in euros). */
export const presentBasketType = (row: BasketTypeRow) => ({
  id: row.id,
  name: row.name,
  price: centsToEuros(row.price_cents),
  realWeight: row.real_weight,
  weighedAt: row.weighed_at?.toISOString() ?? null,
});

export const presentGiftBasket = (row: GiftBasketRow, extra: { types: BasketTypeRow[]; sold: number; revenueCents: number }) => ({
  id: row.id,
  name: row.name,
  eventId: row.event_id,
  eventName: row.event_name ?? row.awaiting_event_name,
  eventKnown: row.event_id !== null,
  types: extra.types.map(presentBasketType),
  sold: extra.sold,
  revenue: centsToEuros(extra.revenueCents),
});

/** docs/spec.md §3 basket winner: id, label, result (weigh, person); `realWeight` is what the basket weighed. */
export const presentBasketWinner = (type: BasketTypeRow, bet: SoldBetRow | undefined) => ({
  id: type.id,
  label: type.name,
  realWeight: type.real_weight,
  result: bet
    ? {
        weigh: bet.weight,
        person: { id: bet.person_id, civility: null, firstname: bet.firstname, lastname: bet.lastname, email: bet.email, phone: bet.phone },
      }
    : null,
});
