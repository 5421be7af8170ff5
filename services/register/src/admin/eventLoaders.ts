/** The back office's events as its commands load and record them (admin/commands/createEvent.ts, …). */
import '../events.ts';
import { recordEvent } from '@kermesse/kit/bus';
import { type Db, type Trx } from '@kermesse/kit/db';
import { installationMealDeal } from '../repositories/catalog.ts';
import type { MealDealRule } from '../cart/rules.ts';
import { invalid, missing } from './errors.ts';
import { findAdminEvent, listAdminCategories, readEventMealDeal, type AdminEventRow } from './repositories/backOffice.ts';

export function checkDates(startsOn: string | null | undefined, endsOn: string | null | undefined): void {
  if (startsOn && endsOn && endsOn < startsOn) throw invalid('DATES_ORDER');
}

export async function loadEvent(q: Db | Trx, id: number): Promise<AdminEventRow> {
  const event = await findAdminEvent(q, id);
  if (!event) throw missing('EVENT_NOT_FOUND');
  return event;
}

export const recordEventState = (trx: Trx, e: AdminEventRow) =>
  recordEvent(trx, 'register', 'catalog.event.updated', {
    eventId: e.id,
    name: e.name,
    startsOn: e.starts_on,
    endsOn: e.ends_on,
    place: e.place,
    archived: e.archived_at !== null,
  });

/** The event's own meal-deal rule, else the installation's one when it is about this event's categories. */
export async function sourceMealDeal(q: Db | Trx, eventId: number): Promise<MealDealRule | undefined> {
  const own = await readEventMealDeal(q, eventId);
  if (own) return own;
  const global = await installationMealDeal(q);
  if (!global) return undefined;
  const categories = new Set((await listAdminCategories(q, eventId)).map((c) => c.id));
  return global.items.every((i) => categories.has(i.categoryId)) ? global : undefined;
}
