/**
 * Identity's side of hosting (docs/hosting.md): which association a request is for is set by the
 * gateway; the host console is the installation's bare domain, association HOST_CONSOLE_ID.
 */
import { currentAssociation, HOST_CONSOLE_ID, hostingEnabled } from '@kermesse/kit/tenancy';

/** True when the current request is the host console's (hosting on, the bare domain). */
export const onHostConsole = (): boolean => hostingEnabled() && currentAssociation() === HOST_CONSOLE_ID;

/** The host's domain (`KERMESSE_DOMAIN`, default `localhost`): `<slug>.<domain>` serves an association. */
export const hostDomain = (): string => (process.env.KERMESSE_DOMAIN ?? 'localhost').trim().toLowerCase() || 'localhost';

/**
 * The address of an association: the public address's scheme and port with `<slug>.<domain>` as its
 * host (`http://127.0.0.1:8080` → `http://apel-ferry.localhost:8080`).
 */
export function associationUrl(publicUrl: string, slug: string, domain: string = hostDomain()): string {
  const url = new URL(publicUrl);
  url.hostname = `${slug}.${domain}`;
  return url.origin;
}

/**
 * The address links sent from a request point to: with hosting, the association's own host as the
 * browser asked for it (X-Forwarded-Host from the gateway) when it is one of the installation's;
 * otherwise PUBLIC_URL.
 */
export function linkBaseFor(ctx: { get(name: string): string }, publicUrl: string): string {
  if (!hostingEnabled()) return publicUrl;
  const host = ctx.get('x-forwarded-host').trim().toLowerCase();
  if (!host) return publicUrl;
  try {
    const url = new URL(`${ctx.get('x-forwarded-proto') === 'https' ? 'https' : 'http'}://${host}`);
    const domain = hostDomain();
    const slug = url.hostname.endsWith('.' + domain) ? url.hostname.slice(0, -domain.length - 1) : '';
    return slug && !slug.includes('.') ? url.origin : publicUrl;
  } catch {
    return publicUrl;
  }
}
