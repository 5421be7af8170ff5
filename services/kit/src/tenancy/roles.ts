/**
 * The database roles the services connect as. Migrations run as the schema's owner (DATABASE_URL's
 * user); at run time a service connects as `kermesse_<schema>`, a role that owns nothing and has no
 * BYPASSRLS, so row-level security holds even against a query that forgot its `where`. The outbox
 * relay, which publishes every association's events, connects as `kermesse_relay`: it may only read
 * and mark the outbox tables. Their password is KERMESSE_DB_APP_PASSWORD, or else the owner's (the
 * embedded Postgres of `npm start` asks one); without either they log in as the server's
 * authentication allows (trust on a developer's machine).
 */
export const RELAY_ROLE = 'kermesse_relay';

/** The run-time role of a service's schema. */
export const appRoleFor = (schema: string): string => `kermesse_${schema}`;

/** The password of the run-time roles given the owner's URL ('' for none). */
export const appRolePassword = (ownerUrl: string): string =>
  process.env.KERMESSE_DB_APP_PASSWORD || decodeURIComponent(new URL(ownerUrl).password);

/** The owner's URL with the user switched to `role`, and the run-time roles' password. */
export function urlForRole(ownerUrl: string, role: string): string {
  const url = new URL(ownerUrl);
  const password = appRolePassword(ownerUrl);
  url.username = role;
  url.password = password ? encodeURIComponent(password) : '';
  return url.toString();
}
