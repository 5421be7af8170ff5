/** The association's answers to « Qui est concerné » (docs/compliance/who-is-concerned.md), kept in `settings`. */
import type { TillLawProfile } from '@kermesse/contracts-register/compliance';
import type { Db, Trx } from '@kermesse/kit/db';

const KEY = 'till_law_profile';

export async function readProfile(q: Db | Trx): Promise<TillLawProfile | null> {
  const row = await q('settings').where({ key: KEY }).first('value');
  return (row?.value as TillLawProfile | undefined) ?? null;
}

export async function writeProfile(q: Db | Trx, profile: TillLawProfile): Promise<void> {
  await q('settings')
    .insert({ key: KEY, value: JSON.stringify(profile) })
    .onConflict(['association_id', 'key'])
    .merge();
}
