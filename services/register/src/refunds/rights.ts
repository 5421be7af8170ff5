/**
 * Who may refund: an administrator, or a cashier given the « responsable de caisse » right
 * (`register_rights`, right `till_manager`) in the back office.
 */
import { type AuthUser } from '@kermesse/kit/auth';
import { type Db, type Trx } from '@kermesse/kit/db';
import { forbidden } from '@kermesse/kit/http';
import { REFUND_MESSAGES } from '@kermesse/contracts-register';

export const TILL_MANAGER = 'till_manager';

export async function isTillManager(q: Db | Trx, userId: string): Promise<boolean> {
  return Boolean(await q('register_rights').where({ user_id: userId, right: TILL_MANAGER }).first('user_id'));
}

export async function mayRefund(q: Db | Trx, user: AuthUser): Promise<boolean> {
  return user.roles.includes('admin') || isTillManager(q, user.id);
}

/** Throws the French 403 unless the user may refund. */
export async function assertMayRefund(q: Db | Trx, user: AuthUser): Promise<void> {
  if (!(await mayRefund(q, user))) throw forbidden(REFUND_MESSAGES.REFUND_FORBIDDEN).withCode('REFUND_FORBIDDEN');
}

export async function listTillManagers(q: Db | Trx): Promise<string[]> {
  const rows: Array<{ user_id: string }> = await q('register_rights').where({ right: TILL_MANAGER }).orderBy('user_id').select('user_id');
  return rows.map((r) => r.user_id);
}

export async function grantTillManager(q: Db | Trx, userId: string): Promise<void> {
  await q('register_rights').insert({ user_id: userId, right: TILL_MANAGER }).onConflict(['user_id', 'right']).ignore();
}

export async function revokeTillManager(q: Db | Trx, userId: string): Promise<void> {
  await q('register_rights').where({ user_id: userId, right: TILL_MANAGER }).delete();
}
