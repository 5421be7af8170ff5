import { readServiceEnv, SERVICE_DEFAULT_PORTS, SERVICE_NAMES, type ServiceEnv } from '@kermesse/kit/http';
import { readLimitDefaults, type AssociationLimits } from '@kermesse/kit/tenancy';

/** Identity's settings, read once at boot. */
export interface IdentityEnv extends ServiceEnv {
  /** The public address of the gateway: one-time links point there, passkeys are bound to it. */
  publicUrl: string;
  /** Extra origins allowed for passkeys (comma-separated `WEBAUTHN_ORIGINS`), e.g. a second host name. */
  webauthnOrigins: string[];
  /** The association's name, shown by the phone when a passkey is made. */
  associationName: string;
  /** The contact service (`CONTACT_URL`), which e-mails one-time links when SMTP is configured. */
  contactUrl: string | null;
  /** The register (`REGISTER_URL`), asked for the hosted associations' figures on the host console. */
  registerUrl: string;
  /** Every other service (`<SERVICE>_URL`, the first of a list), asked for an association's export, import and erase. */
  serviceUrls: Record<string, string>;
  /** Hosting: each association's limits unless the host set its own (`KERMESSE_LIMIT_*`, docs/hosting.md). */
  limitDefaults: AssociationLimits;
}

/** Reads and checks identity's environment; exits with a clear message when a value is wrong. */
export function readIdentityEnv(env: NodeJS.ProcessEnv = process.env): IdentityEnv {
  const base = readServiceEnv('identity', env);
  const problems: string[] = [];
  const publicUrl = (env.PUBLIC_URL?.trim() || 'http://127.0.0.1:8080').replace(/\/+$/, '');
  const webauthnOrigins = (env.WEBAUTHN_ORIGINS ?? '')
    .split(',')
    .map((o) => o.trim().replace(/\/+$/, ''))
    .filter(Boolean);
  for (const origin of [publicUrl, ...webauthnOrigins]) {
    try {
      if (!['http:', 'https:'].includes(new URL(origin).protocol)) throw new Error();
    } catch {
      problems.push(`PUBLIC_URL and WEBAUTHN_ORIGINS must be http(s) URLs (got "${origin}")`);
    }
  }
  const limitDefaults = readLimitDefaults(env, problems);
  if (problems.length) {
    process.stderr.write(`[identity] invalid configuration:\n- ${problems.join('\n- ')}\n`);
    process.exit(2);
  }
  return {
    ...base,
    publicUrl,
    webauthnOrigins,
    limitDefaults,
    associationName: env.ASSOCIATION_NAME?.trim() || 'Kermesse',
    contactUrl: env.CONTACT_URL?.trim().replace(/\/+$/, '') || null,
    serviceUrls: Object.fromEntries(
      SERVICE_NAMES.filter((name) => name !== 'identity').map((name) => [
        name,
        (env[`${name.toUpperCase()}_URL`]?.split(',')[0]?.trim() || `http://127.0.0.1:${SERVICE_DEFAULT_PORTS[name]}`).replace(/\/+$/, ''),
      ]),
    ),
    registerUrl: (env.REGISTER_URL?.split(',')[0]?.trim() || `http://127.0.0.1:${SERVICE_DEFAULT_PORTS.register}`).replace(/\/+$/, ''),
  };
}
