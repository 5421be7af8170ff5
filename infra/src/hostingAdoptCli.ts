/**
 * `npm run hosting:adopt -- --slug apel-ferry --name "APEL École Jules-Ferry"`: makes this single install
 * (DATABASE_URL, default the local one) the first association of a hosting install (hostingAdopt.ts).
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { AdoptError, adoptSingleInstall } from './hostingAdopt.ts';

const { values } = parseArgs({ options: { slug: { type: 'string' }, name: { type: 'string' } } });
const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/kermesse';
const domain = process.env.KERMESSE_DOMAIN || 'localhost';
try {
  if (!values.slug)
    throw new AdoptError('Donnez l’adresse de l’association : --slug apel-ferry (elle sera servie sur apel-ferry.<domaine>).');
  const result = await adoptSingleInstall(databaseUrl, values.slug, values.name ?? '', {
    dataDir: path.resolve(process.env.KERMESSE_DATA_DIR || '.data'),
  });
  process.stdout.write(
    (result.adopted
      ? `Cette installation est maintenant l’association « ${result.slug} » de l’hébergement.\n`
      : `Déjà fait : l’association « ${result.slug} ».\n`) +
      `Démarrez avec KERMESSE_HOSTING=1 KERMESSE_DOMAIN=${domain} npm start : elle répond sur http://${result.slug}.${domain}:8080 avec ses comptes, ses chiffres et son journal ;\n` +
      `la première visite de http://${domain}:8080/premier-lancement crée l’opérateur de l’hébergement.\n`,
  );
} catch (err) {
  process.stderr.write(`${err instanceof AdoptError ? err.message : `Échec : ${String(err)}`}\n`);
  process.exitCode = 1;
}
