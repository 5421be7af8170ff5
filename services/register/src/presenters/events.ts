import type { EventCheckouts, EventSummary } from '@kermesse/contracts-register';
import type { CheckoutRow, EventRow } from '../repositories/events.ts';

/** docs/spec.md §7: `GET /api/cr/events` → list of `{id, name}`. */
export const presentEvent = (event: EventRow): EventSummary => ({ id: event.id, name: event.name });

/** docs/spec.md §7: `GET /api/cr/events/{id}/checkouts` → a list whose first item holds the checkouts. */
export const presentEventCheckouts = (event: EventRow, checkouts: CheckoutRow[]): EventCheckouts => [
  { id: event.id, name: event.name, checkouts: checkouts.map((c) => ({ id: c.id, name: c.name })) },
];
