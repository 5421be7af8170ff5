import type { Db } from '@kermesse/kit/db';

/** The association's choice (one row each): the raffle shown publicly and the home banner's words. */
export interface FeaturedRow {
  raffle_id: number | null;
  banner_shown: boolean;
  banner_title: string;
  banner_text: string;
  banner_key: string;
  updated_at: Date;
}

export const findFeatured = (db: Db): Promise<FeaturedRow | undefined> =>
  db('featured_raffle').where({ id: 1 }).first('raffle_id', 'banner_shown', 'banner_title', 'banner_text', 'banner_key', 'updated_at');

export async function saveFeatured(db: Db, row: Omit<FeaturedRow, 'updated_at'>): Promise<void> {
  await db('featured_raffle')
    .insert({ id: 1, ...row, updated_at: db.fn.now() })
    .onConflict(['association_id', 'id'])
    .merge({ ...row, updated_at: db.fn.now() });
}

export const lockFeatured = (
  trx: Db,
): Promise<Pick<FeaturedRow, 'raffle_id' | 'banner_title' | 'banner_text' | 'banner_key'> | undefined> =>
  trx('featured_raffle').where({ id: 1 }).forUpdate().first('raffle_id', 'banner_title', 'banner_text', 'banner_key');

/** Stores the choice unless one was already made (the demo's default). */
export async function insertFeaturedIfNone(db: Db, row: Omit<FeaturedRow, 'updated_at'>): Promise<void> {
  await db('featured_raffle')
    .insert({ id: 1, ...row })
    .onConflict(['association_id', 'id'])
    .ignore();
}
