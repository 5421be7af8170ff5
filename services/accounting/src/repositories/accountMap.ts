/** SQL of the account map: the treasurer's accounts per payment mode, kind of line and category. */
import type { Knex } from 'knex';
import {
  DEFAULT_KIND_ACCOUNTS,
  DEFAULT_PAYMENT_ACCOUNTS,
  type AccountMap,
  type MappedKind,
  type PaymentMethod,
} from '@kermesse/contracts-accounting';

type Q = Knex | Knex.Transaction;

/** The map in force: the defaults of the plan, overridden by what the treasurer saved. */
export async function readAccountMap(q: Q): Promise<AccountMap> {
  const rows = (await q('account_map').select('key', 'account')) as Array<{ key: string; account: string }>;
  return accountMapOf(rows.map((r) => [r.key, r.account]));
}

/** The map from its saved rows (`payment:ESP` → 530…). */
export function accountMapOf(rows: ReadonlyArray<readonly [string, string]>): AccountMap {
  const map: AccountMap = { payments: { ...DEFAULT_PAYMENT_ACCOUNTS }, kinds: { ...DEFAULT_KIND_ACCOUNTS }, categories: {} };
  for (const [key, account] of rows) {
    const [scope, ...rest] = key.split(':');
    const name = rest.join(':');
    if (scope === 'payment' && name in map.payments) map.payments[name as PaymentMethod] = account;
    else if (scope === 'kind' && name in map.kinds) map.kinds[name as MappedKind] = account;
    else if (scope === 'category') map.categories[name] = account;
  }
  return map;
}

/** Saves the whole map (what is not in it goes back to the defaults). */
export async function writeAccountMap(trx: Knex.Transaction, map: AccountMap): Promise<void> {
  await trx('account_map').delete();
  const rows = [
    ...Object.entries(map.payments).map(([name, account]) => ({ key: `payment:${name}`, account })),
    ...Object.entries(map.kinds).map(([name, account]) => ({ key: `kind:${name}`, account })),
    ...Object.entries(map.categories).map(([name, account]) => ({ key: `category:${name.trim()}`, account })),
  ];
  if (rows.length) await trx('account_map').insert(rows);
}

/** Category names seen on sales (what the treasurer may give an account of its own). */
export async function knownCategories(q: Q): Promise<string[]> {
  const rows = (await q.raw(`select distinct line->>'categoryName' as name from sales, jsonb_array_elements(lines) as line order by 1`))
    .rows as Array<{ name: string }>;
  return rows.map((r) => r.name).filter(Boolean);
}
