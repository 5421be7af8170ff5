import type { Db } from '@kermesse/kit/db';
import { raffleState } from './raffles.ts';
import { findRaffle, type RaffleRow } from '../repositories/raffles.ts';
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

/** The home banner: where its button leads and what it says (« Voir la prévente », « Voir les résultats »). */
export interface PublicBanner {
  key: string;
  title: string;
  text: string;
  link: string;
  linkLabel: string;
}

const longDate = (date: Date) => date.toLocaleDateString('fr-FR', { dateStyle: 'long', timeZone: 'Europe/Paris' });

/**
 * The banner follows the raffle's life, so visitors are never sent to a pre-sale that is over: the
 * association's own words while the tickets are on sale; once the sales are closed, the drawing to
 * come; once drawn, the results. Each stage has its own key, so a visitor who dismissed the pre-sale
 * announcement still sees the results.
 */
function bannerOf(row: FeaturedRow, raffle: RaffleRow): PublicBanner | null {
  if (raffle.drawn_at) {
    return {
      key: `${row.banner_key}-resultats`,
      title: `${raffle.name} : les résultats du tirage`,
      text: `Le tirage au sort a eu lieu le ${longDate(raffle.drawn_at)}. Découvrez les numéros gagnants et le lot de chacun.`,
      link: '/tombola/resultats',
      linkLabel: 'Voir les résultats',
    };
  }
  if (raffle.sales_closed_at) {
    return {
      key: `${row.banner_key}-vente-close`,
      title: `${raffle.name} : la vente des tickets est close`,
      text: 'Le tirage au sort aura lieu bientôt ; les résultats seront publiés sur cette page.',
      link: '/tombola/resultats',
      linkLabel: 'Voir les résultats',
    };
  }
  if (!row.banner_title) return null;
  return { key: row.banner_key, title: row.banner_title, text: row.banner_text, link: '/tombola/prevente', linkLabel: 'Voir la prévente' };
}

/**
 * What the public pages need (`GET /api/public/raffle/featured`): the chosen raffle, and the home
 * banner when it is to be shown — its key changes with its words, so a dismissed banner comes back
 * when the association announces something new.
 */
export async function presentPublicFeatured(db: Db, row: FeaturedRow | undefined) {
  const raffle = row?.raffle_id ? await findRaffle(db, row.raffle_id) : undefined;
  const banner = row?.banner_shown && raffle ? bannerOf(row, raffle) : null;
  return {
    raffle: raffle
      ? { id: raffle.id, name: raffle.name, eventName: raffle.event_name, eventDate: raffle.event_starts_on, state: raffleState(raffle) }
      : null,
    banner,
  };
}
