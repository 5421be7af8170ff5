import { ApiTokenAnswer, ApiTokenListAnswer, ApiTokenParams, CreatedApiTokenAnswer, NewApiTokenBody } from '@kermesse/contracts-identity';
import { type Db } from '@kermesse/kit/db';
import { defineRoute, Router } from '@kermesse/kit/http';
import { createApiToken } from '../../commands/createApiToken.ts';
import { revokeApiToken } from '../../commands/revokeApiToken.ts';
import { presentApiToken } from '../../presenters/apiToken.ts';
import { listApiTokens } from '../../repositories/apiTokens.ts';
import type { SigningKey } from '../../signingKeys.ts';

const ADMIN = ['admin'] as const;

/** « Jetons pour les outils »: `/api/admin/api-tokens`, admin only (docs/api-tokens.md). */
export function apiTokenRoutes({ db, key }: { db: Db; key: SigningKey }): Router {
  const router = new Router({ prefix: '/api/admin' });

  defineRoute(router, {
    method: 'get',
    path: '/api-tokens',
    summary: 'Lister les jetons des outils',
    roles: ADMIN,
    responses: { 200: ApiTokenListAnswer },
    handler: async () => {
      const items = (await listApiTokens(db)).map((row) => presentApiToken(row));
      return { items, total: items.length };
    },
  });

  defineRoute(router, {
    method: 'post',
    path: '/api-tokens',
    summary: 'Créer un jeton pour un outil (affiché une seule fois)',
    roles: ADMIN,
    body: NewApiTokenBody,
    status: 201,
    responses: { 201: CreatedApiTokenAnswer },
    errors: { 403: ['API_TOKEN_ROLES_ABOVE_OWN'] },
    handler: ({ body, user }) => createApiToken(db, key, user, body),
  });

  defineRoute(router, {
    method: 'delete',
    path: '/api-tokens/:id',
    summary: "Révoquer le jeton d'un outil",
    roles: ADMIN,
    params: ApiTokenParams,
    responses: { 200: ApiTokenAnswer },
    errors: { 404: ['API_TOKEN_NOT_FOUND'] },
    handler: ({ params }) => revokeApiToken(db, params.id),
  });

  return router;
}
