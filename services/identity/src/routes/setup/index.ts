import { FirstAdminBody, FirstAdminAnswer, SetupState } from '@kermesse/contracts-identity';
import type { Role } from '@kermesse/kit/auth';
import { type Db } from '@kermesse/kit/db';
import { onHostConsole } from '../../hosting.ts';
import { defineRoute, Router } from '@kermesse/kit/http';
import { createFirstAdmin } from '../../commands/createFirstAdmin.ts';
import { issueAccessToken } from '../../accessTokens.ts';
import { assertPasswordAllowed, setupDone } from '../../errors.ts';
import { hashPassword } from '../../password.ts';
import { presentPeople } from '../../presenters/person.ts';
import { countUsers, touchLastSignIn } from '../../repositories/users.ts';
import type { SigningKey } from '../../signingKeys.ts';

/**
 * First run (`KERMESSE_DEMO=0`): while no account exists, the first visitor creates the first
 * administrator (the host operator on a host's console, docs/hosting.md); afterwards the endpoint refuses (409) and accounts come from the « Équipe » page.
 */
export function setupRoutes(deps: { db: Db; key: SigningKey }): Router {
  const { db } = deps;
  const router = new Router();

  defineRoute(router, {
    method: 'get',
    path: '/api/setup',
    summary: 'Savoir si la première installation est à faire',
    responses: { 200: SetupState },
    handler: async ({ ctx }): Promise<SetupState> => {
      ctx.set('Cache-Control', 'no-store');
      return { needsFirstAdmin: (await countUsers(db)) === 0 };
    },
  });

  defineRoute(router, {
    method: 'post',
    path: '/api/setup',
    summary: 'Créer le premier administrateur',
    responses: { 201: FirstAdminAnswer },
    body: FirstAdminBody,
    status: 201,
    handler: async ({ body }): Promise<FirstAdminAnswer> => {
      assertPasswordAllowed(body.password, [body.email, body.firstname, body.lastname]);
      if ((await countUsers(db)) > 0) throw setupDone();
      const passwordHash = await hashPassword(body.password);
      // On a host's console the first run makes the host operator, who serves associations but runs none.
      const roles: Role[] = onHostConsole() ? ['host'] : ['admin'];
      const user = await createFirstAdmin(
        db,
        { email: body.email, firstname: body.firstname, lastname: body.lastname, passwordHash },
        roles,
      );
      await touchLastSignIn(db, user.id);
      return { token: await issueAccessToken(db, deps.key, user), person: (await presentPeople(db, [user]))[0]! };
    },
  });

  return router;
}
