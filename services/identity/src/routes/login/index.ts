import { LoginBody, TokenAnswer } from '@kermesse/contracts-identity';
import { type Db } from '@kermesse/kit/db';
import { defineRoute, Router } from '@kermesse/kit/http';
import { issueAccessToken } from '../../accessTokens.ts';
import { invalidCredentials } from '../../errors.ts';
import type { loginThrottle } from '../../loginThrottle.ts';
import { DUMMY_HASH_PROMISE, verifyPassword } from '../../password.ts';
import { findUserByEmail, touchLastSignIn } from '../../repositories/users.ts';
import type { SigningKey } from '../../signingKeys.ts';
import { recordSignIn, recordSignInFailure } from '../../signInEvents.ts';

/** POST /api/login {email, password} → {token} (docs/spec.md §7). */
export function loginRoutes(deps: { db: Db; key: SigningKey; throttle: ReturnType<typeof loginThrottle> }): Router {
  const router = new Router();
  defineRoute(router, {
    method: 'post',
    path: '/api/login',
    summary: 'Se connecter avec un mot de passe',
    responses: { 200: TokenAnswer },
    body: LoginBody,
    handler: async ({ ctx, body: { email, password } }): Promise<TokenAnswer> => {
      try {
        await deps.throttle.assertAllowed(email, ctx.ip);
      } catch (err) {
        await recordSignInFailure(deps.db, email, 'throttled');
        throw err;
      }
      const user = await findUserByEmail(deps.db, email);
      const ok =
        user?.password_hash && !user.disabled_at
          ? await verifyPassword(password, user.password_hash)
          : await verifyPassword(password, await DUMMY_HASH_PROMISE).then(() => false);
      if (!user || !ok) {
        await deps.throttle.recordFailure(email, ctx.ip);
        await recordSignInFailure(deps.db, email, 'credentials');
        throw invalidCredentials();
      }
      await deps.throttle.recordSuccess(email, ctx.ip);
      await touchLastSignIn(deps.db, user.id);
      await recordSignIn(deps.db, user, 'password');
      return { token: await issueAccessToken(deps.db, deps.key, user) };
    },
  });
  return router;
}
