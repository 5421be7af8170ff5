import type { Db } from '@kermesse/kit/db';
import { raffleState } from './raffles.ts';
import { findRaffle } from '../repositories/raffles.ts';
import type { FeaturedRow } from '../repositories/featured.ts';

/** The featured raffle as the administration edits it (`raffle` null when none was chosen). */
export async function presentFeatured(db: Db, row: FeaturedRow | undefined) {
  const raffle = row?.raffle_id ? await findRaffle(db, row.raffle_id) : undefined;
  return {
    raffleId: raffle ? raffle.id : null,
    raffle: raffle
      ? { id: raffle.id, name: raffle.name, eventName: raffle.event_name ?? raffle.awaiting_event_name, state: raffleState(raffle) }
      : null,
    bannerShown: row?.banner_shown ?? false,
    bannerTitle: row?.banner_title ?? '',
    bannerText: row?.banner_text ?? '',
    updatedAt: row?.updated_at.toISOString() ?? null,
  };
}

/**
 * What the public pages need (`GET /api/public/raffle/featured`): the chosen raffle, and the home
 * banner when it is to be shown — its key changes with its words, so a dismissed banner comes back
 * when the association announces something new.
 */
export async function presentPublicFeatured(db: Db, row: FeaturedRow | undefined) {
  const raffle = row?.raffle_id ? await findRaffle(db, row.raffle_id) : undefined;
  const banner =
    row?.banner_shown && raffle && row.banner_title
      ? { key: row.banner_key, title: row.banner_title, text: row.banner_text, link: '/tombola/prevente' }
      : null;
  return {
    raffle: raffle
      ? { id: raffle.id, name: raffle.name, eventName: raffle.event_name, eventDate: raffle.event_starts_on, state: raffleState(raffle) }
      : null,
    banner,
  };
}
