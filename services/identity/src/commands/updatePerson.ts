import '../events.ts';
import type { UpdatePersonBody } from '@kermesse/contracts-identity';
import { recordEvent } from '@kermesse/kit/bus';
import { type Db } from '@kermesse/kit/db';
import { emailTaken, isUniqueViolation, lastAdmin, personNotFound } from '../errors.ts';
import { revokeUserTokens } from '../repositories/tokens.ts';
import { countActiveAdmins, findUserById, lockAccounts, updateUser, type UserRow } from '../repositories/users.ts';

/**
 * Changes a person's roles, names, e-mail or disabled state. Disabling revokes every token of the
 * person in the same transaction (their next call answers 401); the last active administrator can
 * neither be disabled nor lose the role, so the association never locks itself out.
 */
export async function updatePerson(db: Db, id: string, changes: UpdatePersonBody): Promise<UserRow> {
  try {
    return await db.transaction(async (trx) => {
      // One change of roles or state at a time: the last-admin rule reads then writes.
      await lockAccounts(trx, 'identity.admins');
      const current = await findUserById(trx, id);
      if (!current) throw personNotFound();
      const patch: Parameters<typeof updateUser>[2] = {};
      if (changes.email !== undefined) patch.email = changes.email.trim();
      if (changes.firstname !== undefined) patch.firstname = changes.firstname.trim();
      if (changes.lastname !== undefined) patch.lastname = changes.lastname.trim();
      if (changes.roles !== undefined) patch.roles = [...new Set(changes.roles)];
      if (changes.disabled !== undefined) patch.disabled_at = changes.disabled ? (current.disabled_at ?? new Date()) : null;

      const wasActiveAdmin = current.roles.includes('admin') && current.disabled_at === null;
      const staysActiveAdmin =
        (patch.roles ?? current.roles).includes('admin') && (changes.disabled ?? current.disabled_at !== null) === false;
      if (wasActiveAdmin && !staysActiveAdmin && (await countActiveAdmins(trx)) <= 1) throw lastAdmin();

      const updated = await updateUser(trx, id, patch);
      if (!updated) throw personNotFound();
      // A disabled account, or one whose roles changed, signs in again to get a token that says so.
      const rolesChanged = patch.roles !== undefined && patch.roles.join() !== current.roles.join();
      if (changes.disabled === true || rolesChanged) {
        await revokeUserTokens(trx, id);
        // The gateways (every replica) drop their cached « not revoked » answers for this person.
        await recordEvent(trx, 'identity', 'user.tokens.revoked', { userId: id, reason: changes.disabled === true ? 'disabled' : 'roles' });
      }
      return updated;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw emailTaken();
    throw err;
  }
}
