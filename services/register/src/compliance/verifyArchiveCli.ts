/**
 * `npm run journal:verify-archive <archive.tar> [--cle-publique cle.pem]`: checks a till archive
 * offline — no database, no server (docs/compliance/archive-format.md). Without `--cle-publique`,
 * the key the archive carries is used and its id printed: compare it with the one the installation
 * publishes. Exit code 0 intact, 1 altered, 2 unreadable arguments.
 */
import { readFileSync } from 'node:fs';
import { verifyArchive } from './archive.ts';

const args = process.argv.slice(2);
const keyFlag = args.findIndex((a) => a === '--cle-publique' || a === '--public-key');
const keyPath = keyFlag >= 0 ? args[keyFlag + 1] : undefined;
const file = args.find((a, i) => !a.startsWith('--') && i !== keyFlag + 1);

if (!file || (keyFlag >= 0 && !keyPath)) {
  process.stderr.write('Usage : npm run journal:verify-archive <archive.tar> [--cle-publique cle.pem]\n');
  process.exit(2);
}
let bytes: Buffer;
let trusted: string | undefined;
try {
  bytes = readFileSync(file);
  trusted = keyPath ? readFileSync(keyPath, 'utf8') : undefined;
} catch (err) {
  process.stderr.write(`Lecture impossible : ${(err as Error).message}\n`);
  process.exit(2);
}
const result = await verifyArchive(bytes, { trustedPublicKeyPem: trusted });
const period = result.manifest ? ` (du ${result.manifest.period.from} au ${result.manifest.period.last})` : '';
if (result.ok) {
  process.stdout.write(
    `Archive intacte${period} : ${result.files} fichiers, signature vérifiée avec la clé ${result.keyId}` +
      `${trusted ? ' donnée' : ' jointe (comparez son identifiant avec celui publié par l’installation)'}.\n`,
  );
} else {
  process.stdout.write(`Archive altérée${period} :\n${result.problems.map((p) => `- ${p}`).join('\n')}\n`);
}
process.exitCode = result.ok ? 0 : 1;
