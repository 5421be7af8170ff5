/**
 * The router's process (docs/cells.md): `CELLS_DATABASE_URL` (the directory), `KERMESSE_CELLS` (the
 * cells, saved into the directory at start), `KERMESSE_DOMAIN`, `CELLS_HOST_EMAIL` and
 * `CELLS_HOST_PASSWORD` (the host operator of every cell), `CELLS_CONSOLE_URLS` (each cell's identity,
 * for long exports and imports), `CELLS_HOME` (the cell whose console signs
 * the operator in), `HOST`, `PORT`.
 */
import http from 'node:http';
import { createCellConsole } from './cellConsole.ts';
import { createDirectory, parseCells, withConsoleUrls } from './directory.ts';
import { createRouter } from './router.ts';

const env = process.env;
const databaseUrl = env.CELLS_DATABASE_URL;
if (!databaseUrl) throw new Error('CELLS_DATABASE_URL est obligatoire (la base du répertoire des cellules)');
const domain = (env.KERMESSE_DOMAIN ?? 'localhost').toLowerCase();
const directory = createDirectory(databaseUrl, { ttlMs: Number(env.CELLS_DIRECTORY_TTL_MS ?? 5_000) });
await directory.migrate();
for (const cell of withConsoleUrls(parseCells(env.KERMESSE_CELLS ?? ''), env.CELLS_CONSOLE_URLS)) await directory.saveCell(cell);
const router = createRouter({
  directory,
  domain,
  homeCell: env.CELLS_HOME,
  console: createCellConsole({ domain, email: env.CELLS_HOST_EMAIL ?? '', password: env.CELLS_HOST_PASSWORD ?? '' }),
  log: (message) => console.log(`[router] ${message}`),
});
const server = http.createServer({ keepAliveTimeout: 65_000 }, (req, res) => router.handle(req, res));
server.listen(Number(env.PORT ?? 8090), env.HOST ?? '0.0.0.0', () =>
  console.log(`[router] listening on ${env.HOST ?? '0.0.0.0'}:${env.PORT ?? 8090}`),
);
const stop = () => {
  server.close();
  router.close();
  void directory.close().finally(() => process.exit(0));
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
