import './events.ts';
import type Koa from 'koa';
import * as serviceMigrations from '../migrations/index.ts';
import { type Bus } from '@kermesse/kit/bus';
import { type Db } from '@kermesse/kit/db';
import { createServiceApp, type Logger } from '@kermesse/kit/http';
import { DEFAULT_LIMITS, type AssociationLimits } from '@kermesse/kit/tenancy';
import { DEFAULT_THROTTLE, loginThrottle, type ThrottleSettings } from './loginThrottle.ts';
import { hostRoutes } from './routes/host/index.ts';
import { hostPortabilityRoutes } from './routes/hostPortability/index.ts';
import { directoryRoutes } from './routes/directory/index.ts';
import { apiTokenRoutes } from './routes/apiTokens/index.ts';
import { loginRoutes } from './routes/login/index.ts';
import { linkRoutes } from './routes/links/index.ts';
import { passkeyRoutes } from './routes/passkeys/index.ts';
import { profileRoutes } from './routes/profile/index.ts';
import { setupRoutes } from './routes/setup/index.ts';
import { tokenRoutes } from './routes/tokens/index.ts';
import { userRoutes, type UsersRouteDeps } from './routes/users/index.ts';
import { localVerifier } from './localVerifier.ts';
import { loadSigningKey } from './signingKeys.ts';
import type { SecretBox } from '@kermesse/kit/secrets';
import { createWebauthn } from './webauthn.ts';

export interface IdentityDeps {
  db: Db;
  logger: Logger;
  bus?: Bus;
  throttle?: ThrottleSettings;
  /** The clock of the sign-in throttle (tests move it forward instead of waiting a minute). */
  now?: () => number;
  /** The public address of the gateway (one-time links, passkeys); default http://127.0.0.1:8080. */
  publicUrl?: string;
  /** Other origins passkeys may come from. */
  webauthnOrigins?: string[];
  /** The name the phone shows when a passkey is made. */
  associationName?: string;
  mailLink?: UsersRouteDeps['mailLink'];
  /** The register, asked for the hosted associations' figures (host console). */
  registerUrl?: string;
  /** For the calls to the register (tests answer in its place). */
  fetch?: typeof fetch;
  /** Seals the signing keys in the database (KERMESSE_SECRET_KEY); without it they stay as stored. */
  secrets?: SecretBox;
  /** The other services' addresses, asked for an association's export, import and erase (docs/hosting-portability.md). */
  serviceUrls?: Record<string, string>;
  /** Hosting: each association's limits unless the host set its own; the kit's defaults otherwise. */
  limitDefaults?: AssociationLimits;
}

/**
 * Identity's Koa app (no listen): sign-in (password and passkeys), tokens and their keys, staff
 * accounts, one-time links, the person's own profile and the first run.
 */
export async function buildApp(deps: IdentityDeps): Promise<Koa> {
  const key = await loadSigningKey(deps.db, deps.secrets);
  const throttle = loginThrottle(deps.db, deps.throttle ?? DEFAULT_THROTTLE, deps.now);
  const publicUrl = deps.publicUrl ?? 'http://127.0.0.1:8080';
  const webauthn = createWebauthn(deps.db, { publicUrl, extraOrigins: deps.webauthnOrigins, rpName: deps.associationName ?? 'Kermesse' });
  return createServiceApp({
    name: 'identity',
    migrations: serviceMigrations,
    logger: deps.logger,
    db: deps.db,
    bus: deps.bus,
    // Identity checks tokens against its own tables: a disabled account is refused at once.
    verifier: await localVerifier(deps.db),
    routers: [
      loginRoutes({ db: deps.db, key, throttle }),
      tokenRoutes({ db: deps.db }),
      userRoutes({ db: deps.db, publicUrl, mailLink: deps.mailLink }),
      apiTokenRoutes({ db: deps.db, key }),
      profileRoutes({ db: deps.db }),
      linkRoutes({ db: deps.db, key }),
      setupRoutes({ db: deps.db, key }),
      passkeyRoutes({ db: deps.db, key, webauthn, publicUrl }),
      directoryRoutes({ db: deps.db, limitDefaults: deps.limitDefaults ?? DEFAULT_LIMITS }),
      hostRoutes({
        db: deps.db,
        publicUrl,
        registerUrl: deps.registerUrl,
        limitDefaults: deps.limitDefaults ?? DEFAULT_LIMITS,
        // The services that keep an association's files (docs/hosting-portability.md).
        fileServiceUrls: ['register', 'raffle'].flatMap((name) => (deps.serviceUrls?.[name] ? [deps.serviceUrls[name]] : [])),
        fetch: deps.fetch,
      }),
      hostPortabilityRoutes({ db: deps.db, publicUrl, services: deps.serviceUrls ?? {}, fetch: deps.fetch }),
    ],
  });
}
