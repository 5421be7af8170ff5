import { ChangePasswordBody, Person, ROLE_NAMES, PasswordChanged } from '@kermesse/contracts-identity';
import { type Db } from '@kermesse/kit/db';
import { defineRoute, Router } from '@kermesse/kit/http';
import { assertPasswordAllowed, personNotFound, wrongCurrentPassword } from '../../errors.ts';
import { hashPassword, verifyPassword } from '../../password.ts';
import { presentPeople } from '../../presenters/person.ts';
import { changePassword } from '../../commands/changePassword.ts';
import { findUserById } from '../../repositories/users.ts';

const STAFF = ROLE_NAMES;

/** The signed-in person: who they are, their passkeys, and their own password change. */
export function profileRoutes(deps: { db: Db }): Router {
  const { db } = deps;
  const router = new Router();

  defineRoute(router, {
    method: 'get',
    path: '/api/profile',
    summary: 'Lire son profil',
    responses: { 200: Person },
    roles: STAFF,
    handler: async ({ user }): Promise<Person> => {
      const row = await findUserById(db, user.id);
      if (!row) throw personNotFound();
      return (await presentPeople(db, [row]))[0]!;
    },
  });

  defineRoute(router, {
    method: 'put',
    path: '/api/profile/password',
    summary: 'Changer son mot de passe',
    responses: { 200: PasswordChanged },
    roles: STAFF,
    body: ChangePasswordBody,
    handler: async ({ user, body }) => {
      const row = await findUserById(db, user.id);
      if (!row) throw personNotFound();
      if (!row.password_hash || !(await verifyPassword(body.currentPassword, row.password_hash))) throw wrongCurrentPassword();
      assertPasswordAllowed(body.newPassword, [row.email, row.firstname, row.lastname]);
      const passwordHash = await hashPassword(body.newPassword);
      await changePassword(db, row.id, passwordHash);
      return { success: true, message: 'Votre mot de passe a été changé.' };
    },
  });

  return router;
}
