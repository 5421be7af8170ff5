import {
  CreatedPerson,
  CreatePersonBody,
  Person,
  PersonParams,
  PasskeyParams,
  UpdatePersonBody,
  type OneTimeLink,
  PeopleList,
  ResetAnswer,
  SuccessAnswer,
} from '@kermesse/contracts-identity';
import { type Db } from '@kermesse/kit/db';
import { defineRoute, Router } from '@kermesse/kit/http';
import { createUser } from '../../commands/createUser.ts';
import { updatePerson } from '../../commands/updatePerson.ts';
import { assertPasswordAllowed, emailTaken, isUniqueViolation, passkeyNotFound, personNotFound } from '../../errors.ts';
import { linkBaseFor } from '../../hosting.ts';
import { issueLink } from '../../links.ts';
import { presentPeople } from '../../presenters/person.ts';
import { deletePasskey } from '../../repositories/passkeys.ts';
import { findUserByEmail, findUserById, listUsers } from '../../repositories/users.ts';

const ADMIN = ['admin'] as const;

export interface UsersRouteDeps {
  db: Db;
  publicUrl: string;
  /**
   * E-mails a new one-time link to the person (contact's mail when SMTP is configured); resolves to
   * whether it was sent. Without it, or when it answers false, the admin hands the link over.
   */
  mailLink?(person: { email: string; firstname: string }, link: OneTimeLink, purpose: 'setup' | 'reset'): Promise<boolean>;
}

/** The « Équipe » API: `/api/admin/users`, admin only. */
export function userRoutes(deps: UsersRouteDeps): Router {
  const { db } = deps;
  const router = new Router();
  const mailed = (person: { email: string; firstname: string }, link: OneTimeLink, purpose: 'setup' | 'reset') =>
    deps.mailLink ? deps.mailLink(person, link, purpose).catch(() => false) : Promise.resolve(false);
  const present = async (id: string) => {
    const user = await findUserById(db, id);
    if (!user) throw personNotFound();
    return (await presentPeople(db, [user]))[0]!;
  };

  defineRoute(router, {
    method: 'get',
    path: '/api/admin/users',
    summary: "Lister l'équipe",
    deprecated: 'Liste dans { users } au lieu de { items, total }.',
    responses: { 200: PeopleList },
    roles: ADMIN,
    handler: async (): Promise<PeopleList> => ({ users: await presentPeople(db, await listUsers(db)) }),
  });

  defineRoute(router, {
    method: 'post',
    path: '/api/admin/users',
    summary: 'Créer un compte',
    responses: { 201: CreatedPerson },
    roles: ADMIN,
    body: CreatePersonBody,
    status: 201,
    handler: async ({ ctx, body }): Promise<CreatedPerson> => {
      const personal = [body.email, body.firstname, body.lastname];
      if (body.password !== undefined) assertPasswordAllowed(body.password, personal);
      if (await findUserByEmail(db, body.email)) throw emailTaken();
      let setupLink: OneTimeLink | undefined;
      try {
        const user = await createUser(db, { ...body, roles: [...new Set(body.roles)] }, async (trx, created) => {
          if (body.password === undefined) setupLink = await issueLink(trx, linkBaseFor(ctx, deps.publicUrl), created.id, 'setup');
        });
        const person = await present(user.id);
        if (!setupLink) return person;
        return { ...person, setupLink: { ...setupLink, emailed: await mailed(user, setupLink, 'setup') } };
      } catch (err) {
        if (isUniqueViolation(err)) throw emailTaken();
        throw err;
      }
    },
  });

  defineRoute(router, {
    method: 'get',
    path: '/api/admin/users/:id',
    summary: 'Lire un compte',
    responses: { 200: Person },
    roles: ADMIN,
    params: PersonParams,
    handler: async ({ params }): Promise<Person> => present(params.id),
  });

  defineRoute(router, {
    method: 'put',
    path: '/api/admin/users/:id',
    summary: 'Modifier un compte (rôles, désactivation)',
    responses: { 200: Person },
    roles: ADMIN,
    params: PersonParams,
    body: UpdatePersonBody,
    handler: async ({ params, body }): Promise<Person> => {
      await updatePerson(db, params.id, body);
      return present(params.id);
    },
  });

  defineRoute(router, {
    method: 'post',
    path: '/api/admin/users/:id/reset',
    summary: 'Créer un lien de réinitialisation du mot de passe',
    responses: { 200: ResetAnswer },
    roles: ADMIN,
    params: PersonParams,
    handler: async ({ ctx, params }): Promise<ResetAnswer> => {
      const user = await findUserById(db, params.id);
      if (!user) throw personNotFound();
      const resetLink = await issueLink(db, linkBaseFor(ctx, deps.publicUrl), user.id, 'reset');
      return { resetLink: { ...resetLink, emailed: await mailed(user, resetLink, 'reset') } };
    },
  });

  defineRoute(router, {
    method: 'delete',
    path: '/api/admin/users/:id/passkeys/:passkeyId',
    summary: "Supprimer une clé d'accès d'une personne",
    responses: { 200: SuccessAnswer },
    roles: ADMIN,
    params: PasskeyParams,
    handler: async ({ params }) => {
      if (!(await deletePasskey(db, params.id, params.passkeyId))) throw passkeyNotFound();
      return { success: true };
    },
  });

  return router;
}
