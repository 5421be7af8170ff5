/**
 * The signed archive of a period (docs/compliance/conditions.md §3, format in docs/compliance/archive-format.md):
 * a tar file holding the period's records as JSON Lines (`journal.jsonl`, `closings.jsonl`,
 * `event-log.jsonl`), `manifest.json` naming each file with its SHA-256, size and line count,
 * `manifest.sig` (the Ed25519 signature of the manifest, base64), `public-key.pem` and `LISEZMOI.txt`.
 * `verifyArchive` checks one offline — no database, no server — and names what fails.
 */
import { createPublicKey } from 'node:crypto';
import * as tar from 'tar-stream';
import { sha256Hex } from './closingRecord.ts';
import { publicKeyId, verifySignature } from './signingKey.ts';

export const ARCHIVE_FORMAT = 'kermesse-archive/1';

export interface ArchiveManifest {
  format: typeof ARCHIVE_FORMAT;
  /** The period, in the association's time: from `from` to `last` included. */
  period: { from: string; last: string; timeZone: string };
  createdAt: string;
  software: string;
  keyId: string;
  files: Array<{ name: string; sha256: string; size: number; lines: number }>;
  /** The sales journal's records of the period: their numbers and the hash the first one follows. */
  journal: { first: number | null; last: number | null; prevHash: string | null };
}

export interface ArchiveContent {
  period: ArchiveManifest['period'];
  software: string;
  journal: Array<Record<string, unknown> & { seq: number; prevHash: string; hash: string }>;
  closings: Array<Record<string, unknown>>;
  eventLog: Array<Record<string, unknown>>;
}

const README = `Archive de caisse Kermesse — signée.

Vérifier sans le serveur : npm run journal:verify-archive <ce fichier> [--cle-publique cle.pem]
(dans une copie de Kermesse), ou à la main : voir docs/compliance/archive-format.md.
Comparez l'identifiant de la clé affiché avec celui de la page « Conformité de la caisse »
ou de /api/public/till/public-key de l'installation.
`;

const jsonl = (rows: readonly unknown[]) => rows.map((r) => `${JSON.stringify(r)}\n`).join('');

/** Builds the archive: the tar file's bytes and its manifest. */
export async function buildArchive(
  content: ArchiveContent,
  signer: { keyId: string; publicKeyPem: string; sign(text: string): string },
  createdAt = new Date(),
): Promise<{ bytes: Buffer; manifest: ArchiveManifest }> {
  const data: Array<[string, string, number]> = [
    ['journal.jsonl', jsonl(content.journal), content.journal.length],
    ['closings.jsonl', jsonl(content.closings), content.closings.length],
    ['event-log.jsonl', jsonl(content.eventLog), content.eventLog.length],
    ['public-key.pem', signer.publicKeyPem, 0],
    ['LISEZMOI.txt', README, 0],
  ];
  const manifest: ArchiveManifest = {
    format: ARCHIVE_FORMAT,
    period: content.period,
    createdAt: createdAt.toISOString(),
    software: content.software,
    keyId: signer.keyId,
    files: data.map(([name, text, lines]) => ({
      name,
      sha256: sha256Hex(Buffer.from(text, 'utf8')),
      size: Buffer.byteLength(text),
      lines,
    })),
    journal: {
      first: content.journal[0]?.seq ?? null,
      last: content.journal.at(-1)?.seq ?? null,
      prevHash: content.journal[0]?.prevHash ?? null,
    },
  };
  const manifestText = `${JSON.stringify(manifest, null, 2)}\n`;
  const pack = tar.pack();
  const mtime = createdAt;
  pack.entry({ name: 'manifest.json', mtime }, manifestText);
  pack.entry({ name: 'manifest.sig', mtime }, `${signer.sign(manifestText)}\n`);
  for (const [name, text] of data) pack.entry({ name, mtime }, text);
  pack.finalize();
  const chunks: Buffer[] = [];
  for await (const chunk of pack) chunks.push(Buffer.from(chunk as Uint8Array));
  return { bytes: Buffer.concat(chunks), manifest };
}

/** The files of a tar archive by name; throws in French when it cannot be read. */
export async function readArchiveFiles(bytes: Buffer): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>();
  const extract = tar.extract();
  extract.end(bytes);
  try {
    for await (const entry of extract) {
      const chunks: Buffer[] = [];
      for await (const chunk of entry) chunks.push(Buffer.from(chunk as Uint8Array));
      files.set(entry.header.name, Buffer.concat(chunks));
    }
  } catch (err) {
    throw new Error(`Archive illisible (en-tête tar abîmé) : ${(err as Error).message}`, { cause: err });
  }
  return files;
}

export interface ArchiveVerification {
  ok: boolean;
  problems: string[];
  files: number;
  keyId: string | null;
  manifest?: ArchiveManifest;
}

const parseLines = (name: string, data: Buffer, problems: string[]): Array<Record<string, unknown>> => {
  const rows: Array<Record<string, unknown>> = [];
  data
    .toString('utf8')
    .split('\n')
    .forEach((line, i) => {
      if (!line) return;
      try {
        rows.push(JSON.parse(line) as Record<string, unknown>);
      } catch {
        problems.push(`${name}, ligne ${i + 1} : ligne illisible (JSON invalide).`);
      }
    });
  return rows;
};

/**
 * Checks an archive offline: the manifest's signature (with `trustedPublicKeyPem` when given, else
 * the key the archive carries, whose id the person compares with the installation's), each file's
 * SHA-256 and size, no file added, the journal's chain inside the period and each closing's hash and
 * signature. Every problem is named, in French.
 */
export async function verifyArchive(bytes: Buffer, options: { trustedPublicKeyPem?: string } = {}): Promise<ArchiveVerification> {
  let files: Map<string, Buffer>;
  try {
    files = await readArchiveFiles(bytes);
  } catch (err) {
    return { ok: false, problems: [(err as Error).message], files: 0, keyId: null };
  }
  const problems: string[] = [];
  const manifestBytes = files.get('manifest.json');
  const signature = files.get('manifest.sig')?.toString('utf8').trim();
  if (!manifestBytes || !signature) {
    return {
      ok: false,
      problems: ['manifest.json ou manifest.sig absent : ce fichier n’est pas une archive de caisse Kermesse.'],
      files: files.size,
      keyId: null,
    };
  }
  let manifest: ArchiveManifest;
  try {
    manifest = JSON.parse(manifestBytes.toString('utf8')) as ArchiveManifest;
  } catch {
    return { ok: false, problems: ['manifest.json : illisible (JSON invalide).'], files: files.size, keyId: null };
  }
  const carried = files.get('public-key.pem')?.toString('utf8');
  let keyPem = options.trustedPublicKeyPem ?? carried;
  if (!keyPem) return { ok: false, problems: ['public-key.pem absent et aucune clé publique donnée.'], files: files.size, keyId: null };
  let keyId: string | null = null;
  try {
    keyId = publicKeyId(keyPem);
    createPublicKey(keyPem);
  } catch {
    problems.push('Clé publique illisible.');
    keyPem = undefined;
  }
  if (keyPem && !verifySignature(keyPem, manifestBytes, signature)) {
    problems.push('manifest.json : la signature ne correspond pas (manifeste modifié, ou archive signée par une autre clé).');
  }
  if (options.trustedPublicKeyPem && carried && keyId && publicKeyId(carried) !== keyId) {
    problems.push('public-key.pem : la clé jointe à l’archive n’est pas la clé publique donnée.');
  }
  const listed = new Set(['manifest.json', 'manifest.sig']);
  for (const file of manifest.files ?? []) {
    listed.add(file.name);
    const data = files.get(file.name);
    if (!data) {
      problems.push(`${file.name} : absent de l’archive alors que le manifeste le liste.`);
      continue;
    }
    if (sha256Hex(data) !== file.sha256)
      problems.push(`${file.name} : empreinte SHA-256 différente de celle du manifeste (fichier modifié).`);
    else if (data.length !== file.size) problems.push(`${file.name} : taille différente de celle du manifeste.`);
  }
  for (const name of files.keys()) if (!listed.has(name)) problems.push(`${name} : fichier ajouté, absent du manifeste.`);

  // The records themselves: the journal's chain, each closing's hash and signature.
  const journal = files.get('journal.jsonl');
  if (journal) {
    let prev = manifest.journal?.prevHash ?? null;
    let expected = manifest.journal?.first ?? null;
    parseLines('journal.jsonl', journal, problems).forEach((row, i) => {
      if (expected !== null && row.seq !== expected)
        problems.push(
          `journal.jsonl, ligne ${i + 1} : enregistrement n° ${String(row.seq)} au lieu du n° ${expected} (chaîne interrompue).`,
        );
      if (prev !== null && row.prevHash !== prev) problems.push(`journal.jsonl, ligne ${i + 1} : ne suit pas l’enregistrement précédent.`);
      prev = String(row.hash);
      expected = Number(row.seq) + 1;
    });
  }
  const closings = files.get('closings.jsonl');
  if (closings && keyPem) {
    parseLines('closings.jsonl', closings, problems).forEach((row, i) => {
      const payload = String(row.payload ?? '');
      if (sha256Hex(payload) !== row.hash)
        problems.push(`closings.jsonl, ligne ${i + 1} : l’empreinte de la clôture n° ${String(row.seq)} ne correspond pas à son texte.`);
      if (!verifySignature(keyPem, payload, String(row.signature ?? '')))
        problems.push(`closings.jsonl, ligne ${i + 1} : la signature de la clôture n° ${String(row.seq)} ne correspond pas.`);
    });
  }
  return { ok: problems.length === 0, problems, files: files.size, keyId, manifest };
}
