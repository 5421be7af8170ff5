import { LinkInfo, LinkParams, SetPasswordBody, TokenAnswer } from '@kermesse/contracts-identity';
import { type Db } from '@kermesse/kit/db';
import { defineRoute, Router } from '@kermesse/kit/http';
import { issueAccessToken } from '../../accessTokens.ts';
import { assertPasswordAllowed, linkInvalid } from '../../errors.ts';
import { hashLinkToken } from '../../links.ts';
import { hashPassword } from '../../password.ts';
import { setPasswordFromLink } from '../../commands/setPasswordFromLink.ts';
import { findUsableLink } from '../../repositories/links.ts';
import { findUserById, touchLastSignIn } from '../../repositories/users.ts';
import type { SigningKey } from '../../signingKeys.ts';

/**
 * The page a one-time link opens (public: the token is the credential): what it is for, then the
 * new password, which signs the person in. Unknown, used or expired links all answer the same 404.
 */
export function linkRoutes(deps: { db: Db; key: SigningKey }): Router {
  const { db } = deps;
  const router = new Router();

  const usable = async (token: string) => {
    const link = await findUsableLink(db, hashLinkToken(token));
    const user = link && (await findUserById(db, link.user_id));
    if (!link || !user || user.disabled_at) throw linkInvalid();
    return { link, user };
  };

  defineRoute(router, {
    method: 'get',
    path: '/api/links/:token',
    summary: 'Lire un lien à usage unique',
    responses: { 200: LinkInfo },
    params: LinkParams,
    handler: async ({ params }): Promise<LinkInfo> => {
      const { link, user } = await usable(params.token);
      return { purpose: link.purpose, email: user.email, firstname: user.firstname, expiresAt: new Date(link.expires_at).toISOString() };
    },
  });

  defineRoute(router, {
    method: 'post',
    path: '/api/links/:token',
    summary: 'Utiliser un lien à usage unique (choisir son mot de passe)',
    responses: { 200: TokenAnswer },
    params: LinkParams,
    body: SetPasswordBody,
    handler: async ({ params, body }): Promise<TokenAnswer> => {
      const { link, user } = await usable(params.token);
      if (link.purpose === 'passkey') throw linkInvalid();
      assertPasswordAllowed(body.password, [user.email, user.firstname, user.lastname]);
      const passwordHash = await hashPassword(body.password);
      await setPasswordFromLink(db, link, user.id, passwordHash);
      await touchLastSignIn(db, user.id);
      return { token: await issueAccessToken(db, deps.key, user) };
    },
  });

  return router;
}
