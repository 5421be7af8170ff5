/**
 * Who may refund: an administrator, or a cashier given the « responsable de caisse » right
 * (`register_rights`, right `till_manager`) in the back office.
 */
import { type AuthUser } from '@kermesse/kit/auth';
import { type Db, type Trx } from '@kermesse/kit/db';
import { forbidden } from '@kermesse/kit/http';
import { REFUND_MESSAGES } from '@kermesse/contracts-register';
import { isTillManager } from '../repositories/registerRights.ts';

export async function mayRefund(q: Db | Trx, user: AuthUser): Promise<boolean> {
  return user.roles.includes('admin') || isTillManager(q, user.id);
}

/** Throws the French 403 unless the user may refund. */
export async function assertMayRefund(q: Db | Trx, user: AuthUser): Promise<void> {
  if (!(await mayRefund(q, user))) throw forbidden(REFUND_MESSAGES.REFUND_FORBIDDEN).withCode('REFUND_FORBIDDEN');
}
