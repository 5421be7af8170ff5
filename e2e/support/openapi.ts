/**
 * docs/openapi.json from the route registry: every service's app is built in this process (as
 * `routes.ts` does; no query runs, so the database need not exist) and its `defineRoute` routes become
 * the OpenAPI 3.1 document of the kit's `buildOpenApi`. `npm run openapi` writes it; the test
 * `e2e/openapi.e2e.ts` fails when the committed file is not what the code declares.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildOpenApi } from '@kermesse/kit/http';
import { createDb, migrateLatest } from '@kermesse/kit/db';
import { createTestDatabase } from '@kermesse/kit/testing';
import * as identityMigrations from '@kermesse/identity/migrations';
import { serviceRoutes, type ServiceRoute } from './routes.ts';

/** The committed document. */
export const OPENAPI_FILE = fileURLToPath(new URL('../../docs/openapi.json', import.meta.url));

/**
 * Every route of every service, as the registry declares it. Identity reads its signing key while its
 * app is built: a throwaway database with identity's schema is enough, no other service queries.
 */
export async function registryRoutes(): Promise<ServiceRoute[]> {
  const database = await createTestDatabase();
  try {
    const db = createDb(database.url, { schema: identityMigrations.schema, poolMax: 1 });
    await migrateLatest(db, identityMigrations).finally(() => db.destroy());
    const found = await serviceRoutes(database.url);
    try {
      return found.routes;
    } finally {
      await found.close();
    }
  } finally {
    await database.drop();
  }
}

/** The document's text as committed: two-space JSON and a final newline. */
export async function openApiText(): Promise<string> {
  const version =
    (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version?: string }).version ?? '1.0.0';
  return `${JSON.stringify(buildOpenApi(await registryRoutes(), { version }), null, 2)}\n`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(OPENAPI_FILE, await openApiText());
  console.log(`docs/openapi.json écrit.`);
}
