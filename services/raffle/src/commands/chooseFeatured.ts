/**
 * Which raffle the public sees (pre-sale page, home banner, drawing results) and the banner's words.
 * Nothing chosen: the pages fall back to the latest raffle on sale / the latest drawing.
 */
import { type Db } from '@kermesse/kit/db';
import { raffleMessage } from '@kermesse/contracts-raffle';
import { raffleError } from '../errors.ts';
import { findFeatured, lockFeatured, saveFeatured, type FeaturedRow } from '../repositories/featured.ts';
import { raffleExists } from '../repositories/raffles.ts';

export interface FeaturedInput {
  raffleId: number | null;
  bannerShown: boolean;
  bannerTitle: string;
  bannerText: string;
}

export const BANNER_TITLE_REQUIRED = raffleMessage('BANNER_TITLE_REQUIRED');
export const BANNER_RAFFLE_REQUIRED = raffleMessage('BANNER_RAFFLE_REQUIRED');

/** PUT /api/admin/raffles/featured: checks, then stores the choice; a changed banner gets a new key. */
export async function chooseFeatured(db: Db, input: FeaturedInput): Promise<FeaturedRow> {
  const title = input.bannerTitle.trim();
  const text = input.bannerText.trim();
  if (input.bannerShown && !title) throw raffleError('BANNER_TITLE_REQUIRED');
  if (input.bannerShown && input.raffleId === null) throw raffleError('BANNER_RAFFLE_REQUIRED');
  return db.transaction(async (trx) => {
    if (input.raffleId !== null && !(await raffleExists(trx, input.raffleId))) throw raffleError('RAFFLE_NOT_FOUND');
    const current = await lockFeatured(trx);
    const same = current && current.raffle_id === input.raffleId && current.banner_title === title && current.banner_text === text;
    const key = same ? current.banner_key : `tombola-${input.raffleId ?? 0}-${Date.now().toString(36)}`;
    await saveFeatured(trx, {
      raffle_id: input.raffleId,
      banner_shown: input.bannerShown,
      banner_title: title,
      banner_text: text,
      banner_key: key,
    });
    return (await findFeatured(trx))!;
  });
}
