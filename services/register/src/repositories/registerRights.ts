/** The register's own rights (`register_rights`): who holds the « responsable de caisse » right. */
import { type Db, type Trx } from '@kermesse/kit/db';

export const TILL_MANAGER = 'till_manager';

export async function isTillManager(q: Db | Trx, userId: string): Promise<boolean> {
  return Boolean(await q('register_rights').where({ user_id: userId, right: TILL_MANAGER }).first('user_id'));
}

export async function listTillManagers(q: Db | Trx): Promise<string[]> {
  const rows: Array<{ user_id: string }> = await q('register_rights').where({ right: TILL_MANAGER }).orderBy('user_id').select('user_id');
  return rows.map((r) => r.user_id);
}

export async function grantTillManager(q: Db | Trx, userId: string): Promise<void> {
  await q('register_rights').insert({ user_id: userId, right: TILL_MANAGER }).onConflict(['association_id', 'user_id', 'right']).ignore();
}

export async function revokeTillManager(q: Db | Trx, userId: string): Promise<void> {
  await q('register_rights').where({ user_id: userId, right: TILL_MANAGER }).delete();
}
