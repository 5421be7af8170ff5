/** SQL of financial years: which are closed, and what each holds. */
import type { Knex } from 'knex';
import { lockJournal } from './journal.ts';

type Q = Knex | Knex.Transaction;

export async function isYearLocked(q: Q, year: number): Promise<boolean> {
  const row = await q('financial_years').where({ year }).first('locked');
  return Boolean((row as { locked: boolean } | undefined)?.locked);
}

/** Closes a year (and its trial balances). Returns false when it was already closed. */
export async function lockYear(q: Q, year: number, by: string | null): Promise<boolean> {
  await lockJournal(q);
  if (await isYearLocked(q, year)) return false;
  await q('financial_years')
    .insert({ year, locked: true, locked_at: q.fn.now(), locked_by: by })
    .onConflict(['association_id', 'year'])
    .merge();
  await q('trial_balances').where({ financial_year: year }).update({ locked: true, updated_at: q.fn.now() });
  return true;
}

export interface YearRecord {
  year: number;
  locked: boolean;
  locked_at: Date | null;
  entries: number;
  unposted: number;
}

/** Every year that has a trial balance, an entry or a lock, newest first. */
export async function listYears(q: Q): Promise<YearRecord[]> {
  return (
    await q.raw(`
    with years as (
      select financial_year as year from trial_balances
      union select year from journal_entries
      union select year from financial_years
    )
    select y.year, coalesce(f.locked, false) as locked, f.locked_at,
      (select count(*) from journal_entries e where e.year = y.year)::int as entries,
      (select count(*) from unposted u where left(u.payload->>'date', 4)::int = y.year)::int as unposted
    from years y left join financial_years f on f.year = y.year
    order by y.year desc`)
  ).rows as YearRecord[];
}
