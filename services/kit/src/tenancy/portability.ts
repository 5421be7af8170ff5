/**
 * An association's data leaving a host, coming back, or erased (docs/hosting-portability.md). Each
 * service answers three internal routes for the association named by the request's header — never
 * in the gateway's route table, called by identity's host console:
 *
 *   GET  /internal/association/export  every sealed table of the schema as JSON Lines, its files
 *                                      (uploads) and its documents (FEC, sales journal archive)
 *   POST /internal/association/import  the same stream back into the association: all or nothing
 *   POST /internal/association/erase   every row and file of the association, in one transaction
 *   GET  /internal/association/storage what its files take on disk
 *
 * The rows are read and written as the schema's owner with the association named explicitly in every
 * statement (and set for the policies too, for an owner that does not bypass them): the run-time role
 * may not move sequences nor delete the till law's records. Postgres itself turns each row into JSON
 * (`to_jsonb`) and back (`jsonb_populate_recordset`), so a bigint, a numeric, a bytea, an array or
 * a timestamp comes back exactly as it left, without going through JavaScript numbers.
 */
import { createReadStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { createInterface } from 'node:readline';
import Router from '@koa/router';
import type { Knex } from 'knex';
import type { Db } from '../db/db.ts';
import { ownerOf } from '../db/owner.ts';
import { badRequest, conflict, HttpError, notFound } from '../http/errors.ts';
import { ASSOCIATION_HEADER, ASSOCIATION_SETTING, currentAssociation, HOST_CONSOLE_ID, isAssociationId } from './association.ts';

export const EXPORT_PATH = '/internal/association/export';
export const IMPORT_PATH = '/internal/association/import';
export const ERASE_PATH = '/internal/association/erase';
/** `{ bytes }`: what the association's files take on disk in this service (the host console's « storage used »). */
export const STORAGE_PATH = '/internal/association/storage';

/** Content type of an export stream: one JSON value per line. */
export const EXPORT_CONTENT_TYPE = 'application/x-ndjson';

/**
 * Set (for its transaction only) by the erase, naming the association being erased: the till law's
 * triggers let its owner delete that association's records then, and only then (register migrations).
 */
export const ERASE_SETTING = 'kermesse.erasing';

/** French refusal of an erase before the association received its journal. */
export const EXPORT_FIRST_MESSAGE =
  "Exportez d'abord les données de l'association : le journal des ventes doit lui être remis avant l'effacement.";

/** Tables that hold no association's data: knex's own bookkeeping. */
const UNSEALED = new Set(['knex_migrations', 'knex_migrations_lock']);

/** Rows per insert statement on import (and per fetch on export): bounded memory on either side. */
const BATCH = 500;

/** The lines of an export, in this order: one header, then tables (each followed by its rows), then files and documents. */
export type ExportLine =
  | { kind: 'header'; schema: string; migrations: string[]; associationId: string; exportedAt: string }
  | { kind: 'table'; table: string; rows: number }
  | { kind: 'file'; path: string; size: number }
  | { kind: 'document'; path: string; size: number };

/** A document made for the association at export time (not imported back: it is derived from the rows). */
export interface PortableDocument {
  /** Where it goes in the archive, e.g. `fec/2026.txt`. */
  path: string;
  content: Buffer;
}

/** What a service adds to the generic export, import and erase of its schema. */
export interface ServicePortability {
  /** The association's own upload folder (its files travel with its rows); none when the service keeps no file. */
  filesDir?(associationId: string): string;
  /** Documents the association must receive with its data (the FEC of each year, the sales journal's archive). */
  documents?(db: Db): Promise<PortableDocument[]>;
  /**
   * The time of the association's last record that must have been handed to it before any erase
   * (the till law's journal); an erase asked with an older (or no) `exportedAt` is refused.
   */
  lastRecordAt?(db: Db): Promise<Date | null>;
}

interface Table {
  name: string;
  /** Columns written on import (generated ones are left out). */
  columns: string[];
  /** Primary key columns, the export's order (parents' ids before their children's, most often). */
  key: string[];
}

/** The sealed tables of a schema, each after the tables its foreign keys point to (read from pg_catalog). */
export async function tablesInForeignKeyOrder(knex: Knex | Knex.Transaction, schema: string): Promise<Table[]> {
  const { rows: tables } = await knex.raw<{ rows: Array<{ name: string }> }>(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = ? and c.relkind in ('r', 'p') and not c.relispartition order by 1`,
    [schema],
  );
  const { rows: links } = await knex.raw<{ rows: Array<{ child: string; parent: string }> }>(
    `select ch.relname as child, pa.relname as parent from pg_constraint k
       join pg_class ch on ch.oid = k.conrelid join pg_class pa on pa.oid = k.confrelid
       join pg_namespace n on n.oid = ch.relnamespace
      where k.contype = 'f' and n.nspname = ? and pa.relnamespace = ch.relnamespace and ch.oid <> pa.oid`,
    [schema],
  );
  const { rows: columns } = await knex.raw<{ rows: Array<{ table: string; column: string; generated: boolean }> }>(
    `select c.relname as table, a.attname as column, a.attgenerated <> '' as generated
       from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = ? and a.attnum > 0 and not a.attisdropped order by a.attnum`,
    [schema],
  );
  const { rows: keys } = await knex.raw<{ rows: Array<{ table: string; column: string }> }>(
    `select c.relname as table, a.attname as column
       from pg_index i join pg_class c on c.oid = i.indrelid join pg_namespace n on n.oid = c.relnamespace
       join lateral unnest(i.indkey) with ordinality as k(attnum, pos) on true
       join pg_attribute a on a.attrelid = c.oid and a.attnum = k.attnum
      where n.nspname = ? and i.indisprimary order by c.relname, k.pos`,
    [schema],
  );
  const names = tables.map((t) => t.name).filter((name) => !UNSEALED.has(name));
  const parents = new Map(names.map((name) => [name, new Set<string>()]));
  for (const link of links) if (parents.has(link.child) && parents.has(link.parent)) parents.get(link.child)!.add(link.parent);
  // Depth-first: a table comes after every table it points to; a cycle (none today) is cut where met.
  const ordered: string[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (name: string) => {
    if (state.get(name)) return;
    state.set(name, 'visiting');
    for (const parent of [...parents.get(name)!].sort()) visit(parent);
    state.set(name, 'done');
    ordered.push(name);
  };
  for (const name of names) visit(name);
  return ordered.map((name) => ({
    name,
    columns: columns.filter((c) => c.table === name && !c.generated && c.column !== 'association_id').map((c) => c.column),
    key: keys.filter((k) => k.table === name).map((k) => k.column),
  }));
}

/** The names of the migrations applied to the schema (the export's level). */
async function appliedMigrations(knex: Knex | Knex.Transaction, schema: string): Promise<string[]> {
  const exists = await knex.raw<{ rows: Array<{ t: string | null }> }>('select to_regclass(?) as t', [`"${schema}".knex_migrations`]);
  if (!exists.rows[0]?.t) return [];
  const rows = await knex.withSchema(schema).from('knex_migrations').select('name').orderBy('name');
  return rows.map((r: { name: string }) => r.name);
}

/** A connection as the schema's owner, for one piece of work, closed after it. */
async function asOwner<T>(db: Db, schema: string, work: (owner: Db) => Promise<T>): Promise<T> {
  const found = ownerOf(db);
  if (!found) throw new Error('portability needs a database made by createDb');
  // Loaded here so the http entry point, which mounts these routes, does not load knex.
  const { createDb } = await import('../db/db.ts');
  const owner = createDb(found.url, { schema, role: 'owner', poolMax: 1 });
  try {
    return await work(owner);
  } finally {
    await owner.destroy();
  }
}

/** Opens the association's transaction as owner: the policies see it too, whatever the owner's rights. */
async function enter(trx: Knex.Transaction, associationId: string, erasing = false): Promise<void> {
  await trx.raw(`select set_config(?, ?, true)`, [ASSOCIATION_SETTING, associationId]);
  if (erasing) await trx.raw(`select set_config(?, ?, true)`, [ERASE_SETTING, associationId]);
}

const line = (value: unknown) => JSON.stringify(value) + '\n';

/**
 * The association's export as JSON Lines: the header (schema, migration level), each table in
 * foreign-key order with its rows (without `association_id`), then its files, base64 on the line
 * after each, and the documents. One repeatable-read snapshot: the rows agree with one another.
 */
export async function* exportAssociation(
  db: Db,
  schema: string,
  associationId: string,
  options: { filesDir?: string; documents?: PortableDocument[] } = {},
): AsyncGenerator<string> {
  const found = ownerOf(db);
  if (!found) throw new Error('portability needs a database made by createDb');
  const { createDb } = await import('../db/db.ts');
  const owner = createDb(found.url, { schema, role: 'owner', poolMax: 1 });
  try {
    const trx = await owner.transaction({ isolationLevel: 'repeatable read' });
    try {
      await enter(trx, associationId);
      const migrations = await appliedMigrations(trx, schema);
      yield line({ kind: 'header', schema, migrations, associationId, exportedAt: new Date().toISOString() } satisfies ExportLine);
      for (const table of await tablesInForeignKeyOrder(trx, schema)) {
        const count = await trx.raw<{ rows: Array<{ n: number }> }>('select count(*)::int as n from ??.?? where association_id = ?', [
          schema,
          table.name,
          associationId,
        ]);
        const rows = count.rows[0]!.n;
        yield line({ kind: 'table', table: table.name, rows } satisfies ExportLine);
        if (!rows) continue;
        const order = table.key.length ? table.key.map((k) => trx.raw('??', [k]).toString()).join(', ') : 'ctid';
        await trx.raw(
          `declare portable_rows no scroll cursor for
             select (to_jsonb(t) - 'association_id')::text as row from ??.?? t where association_id = ? order by ${order}`,
          [schema, table.name, associationId],
        );
        for (;;) {
          const batch = await trx.raw<{ rows: Array<{ row: string }> }>(`fetch ${BATCH} from portable_rows`);
          if (!batch.rows.length) break;
          yield batch.rows.map((r) => r.row + '\n').join('');
        }
        await trx.raw('close portable_rows');
      }
      await trx.commit();
    } catch (err) {
      await trx.rollback().catch(() => undefined);
      throw err;
    }
  } finally {
    await owner.destroy();
  }
  if (options.filesDir) {
    for (const file of await listFiles(options.filesDir)) {
      const chunks: Buffer[] = [];
      for await (const chunk of createReadStream(path.join(options.filesDir, file))) chunks.push(chunk as Buffer);
      const content = Buffer.concat(chunks);
      yield line({ kind: 'file', path: file, size: content.length } satisfies ExportLine);
      yield content.toString('base64') + '\n';
    }
  }
  for (const document of options.documents ?? []) {
    yield line({ kind: 'document', path: document.path, size: document.content.length } satisfies ExportLine);
    yield document.content.toString('base64') + '\n';
  }
}

/** Every file under `dir` (relative paths with `/`), none when it does not exist; temporary `.…part` files left out. */
async function listFiles(dir: string): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(dir, { recursive: true, withFileTypes: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  return entries
    .filter((e) => e.isFile() && !e.name.startsWith('.'))
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .sort();
}

/** The bytes the files under `dir` take (0 when it does not exist). */
export async function folderBytes(dir: string): Promise<number> {
  let total = 0;
  for (const file of await listFiles(dir)) total += (await stat(path.join(dir, file))).size;
  return total;
}

/**
 * What the current association's files take in all (its storage quota, docs/hosting.md): this
 * service's own folder and what each other service keeping files answers on STORAGE_PATH for the
 * same association. A service that does not answer counts 0, as on the host console: an upload is
 * not refused because another service restarts.
 */
export async function associationStorageUsed(ownDir: string, peers: readonly string[], fetchFn: typeof fetch = fetch): Promise<number> {
  const associationId = currentAssociation();
  const sizes = await Promise.all([
    folderBytes(ownDir),
    ...peers.map(async (url) => {
      try {
        const res = await fetchFn(`${url.replace(/\/+$/, '')}${STORAGE_PATH}`, {
          headers: associationId ? { [ASSOCIATION_HEADER]: associationId } : {},
          signal: AbortSignal.timeout(2_000),
        });
        return res.ok ? Number(((await res.json()) as { bytes?: unknown }).bytes) || 0 : 0;
      } catch {
        return 0;
      }
    }),
  ]);
  return sizes.reduce((sum, n) => sum + n, 0);
}

/**
 * A single install's upload folder made the folder of its association (a single install adopted by a
 * host, docs/hosting.md): every entry of `base` that is not already an association's folder moves
 * into `<base>/<associationId>/`. Run again, it moves only what a single install wrote since.
 */
export async function moveIntoAssociationFolder(base: string, associationId: string): Promise<number> {
  let entries;
  try {
    entries = await readdir(base, { withFileTypes: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw err;
  }
  const target = path.join(base, associationId);
  let moved = 0;
  for (const entry of entries) {
    if (entry.isDirectory() && isAssociationId(entry.name)) continue;
    await mkdir(target, { recursive: true });
    await rename(path.join(base, entry.name), path.join(target, entry.name));
    moved += 1;
  }
  return moved;
}

/** A relative path that stays inside its folder (no `..`, no absolute path, no hidden part). */
export const isSafeRelativePath = (name: string): boolean =>
  name.length > 0 &&
  name.length <= 255 &&
  !name.startsWith('/') &&
  !name.includes('\\') &&
  !name.includes('\0') &&
  name.split('/').every((part) => part !== '' && part !== '.' && part !== '..' && !part.startsWith('.'));

export interface ImportSummary {
  tables: number;
  rows: number;
  files: number;
}

const invalidExport = (why: string) => badRequest(`Exportation illisible : ${why}`).withCode('EXPORT_INVALID');

/**
 * Inserts an export into the association, as one transaction: any refusal (an association that
 * already has rows, a table or a column this installation does not know, an id already taken)
 * leaves nothing written. Files are written only after the rows committed.
 */
export async function importAssociation(
  db: Db,
  schema: string,
  associationId: string,
  lines: AsyncIterable<string>,
  options: { filesDir?: string } = {},
): Promise<ImportSummary> {
  const iterator = lines[Symbol.asyncIterator]();
  const next = async (blankAllowed = false): Promise<string | undefined> => {
    for (;;) {
      const step = await iterator.next();
      if (step.done) return undefined;
      // An empty file's base64 is an empty line: the one place a blank line means something.
      if (blankAllowed || step.value.trim()) return step.value;
    }
  };
  const parse = (text: string | undefined, what: string): ExportLine => {
    if (text === undefined) throw invalidExport(`${what} manquant.`);
    try {
      return JSON.parse(text) as ExportLine;
    } catch {
      throw invalidExport(`${what} n'est pas du JSON.`);
    }
  };
  const header = parse(await next(), "l'en-tête");
  if (header.kind !== 'header') throw invalidExport("la première ligne doit être l'en-tête.");
  if (header.schema !== schema) throw invalidExport(`elle concerne le service « ${header.schema} », pas « ${schema} ».`);

  const files: Array<{ path: string; content: Buffer }> = [];
  const summary = await asOwner(db, schema, (owner) =>
    owner.transaction(async (trx) => {
      await enter(trx, associationId);
      const known = new Set(await appliedMigrations(trx, schema));
      const newer = (header.migrations ?? []).filter((m) => !known.has(m));
      if (newer.length) {
        throw conflict(
          `Cette exportation vient d'une version plus récente de Kermesse (migrations inconnues ici : ${newer.join(', ')}). Mettez cette installation à jour avant l'import.`,
        ).withCode('EXPORT_NEWER');
      }
      const tables = new Map((await tablesInForeignKeyOrder(trx, schema)).map((t) => [t.name, t]));
      for (const table of tables.values()) {
        const taken = await trx.raw<{ rows: unknown[] }>('select 1 from ??.?? where association_id = ? limit 1', [
          schema,
          table.name,
          associationId,
        ]);
        if (taken.rows.length) {
          throw conflict("L'association a déjà des données dans cette installation : effacez-la avant d'importer.").withCode(
            'ASSOCIATION_NOT_EMPTY',
          );
        }
      }
      const done = { tables: 0, rows: 0, files: 0 };
      for (let text = await next(); text !== undefined; text = await next()) {
        const entry = parse(text, 'une ligne');
        if (entry.kind === 'table') {
          const table = tables.get(entry.table);
          if (!table) throw invalidExport(`la table « ${entry.table} » n'existe pas dans ce service.`);
          if (!Number.isInteger(entry.rows) || entry.rows < 0) throw invalidExport(`nombre de lignes de « ${entry.table} » invalide.`);
          let batch: string[] = [];
          for (let i = 0; i < entry.rows; i++) {
            const row = await next();
            if (row === undefined) throw invalidExport(`la table « ${entry.table} » s'arrête avant sa dernière ligne.`);
            batch.push(row);
            if (batch.length === BATCH || i === entry.rows - 1) {
              await insertRows(trx, schema, table, associationId, batch);
              batch = [];
            }
          }
          done.tables += 1;
          done.rows += entry.rows;
        } else if (entry.kind === 'file' || entry.kind === 'document') {
          const content = await next(true);
          if (content === undefined) throw invalidExport(`le fichier « ${entry.path} » est vide.`);
          if (entry.kind === 'document') continue; // made from the rows at export time; the rows came back
          if (!isSafeRelativePath(entry.path)) throw invalidExport(`chemin de fichier refusé : « ${entry.path} ».`);
          files.push({ path: entry.path, content: Buffer.from(content.trim(), 'base64') });
        } else {
          throw invalidExport('ligne inattendue.');
        }
      }
      await moveSequencesPast(trx, schema);
      done.files = files.length;
      return done;
    }),
  );
  if (options.filesDir && files.length) {
    for (const file of files) {
      const target = path.join(options.filesDir, ...file.path.split('/'));
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, file.content);
    }
  }
  return summary;
}

/** One batch of rows: the JSON text goes to Postgres as is and comes back as the table's own types. */
async function insertRows(trx: Knex.Transaction, schema: string, table: Table, associationId: string, rows: string[]): Promise<void> {
  let sample: Record<string, unknown>;
  try {
    sample = JSON.parse(rows[0]!) as Record<string, unknown>;
  } catch {
    throw invalidExport(`une ligne de « ${table.name} » n'est pas du JSON.`);
  }
  if (!sample || typeof sample !== 'object' || Array.isArray(sample))
    throw invalidExport(`une ligne de « ${table.name} » n'est pas un objet.`);
  const unknown = Object.keys(sample).filter((c) => c !== 'association_id' && !table.columns.includes(c));
  if (unknown.length) throw invalidExport(`colonne inconnue dans « ${table.name} » : ${unknown.join(', ')}.`);
  // Only the columns the export carries: one added by a later migration takes its default.
  const columns = table.columns.filter((c) => c in sample);
  const list = columns.map((c) => trx.raw('??', [c]).toString()).join(', ');
  try {
    await trx.raw(
      `insert into ??.?? (${list}, association_id) overriding system value
         select ${list}, ?::uuid from jsonb_populate_recordset(null::??.??, ?::jsonb)`,
      [schema, table.name, associationId, schema, table.name, `[${rows.join(',')}]`],
    );
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === '23505') {
      throw conflict(
        `Des identifiants de « ${table.name} » sont déjà pris dans cette installation : l'import est annulé, rien n'a été écrit.`,
      ).withCode('EXPORT_IDS_TAKEN');
    }
    if (code && /^(22|23)/.test(code)) throw invalidExport(`une ligne de « ${table.name} » est refusée (${(err as Error).message}).`);
    throw err;
  }
}

/**
 * Ids are global to the installation (serial sequences shared by every association), so imported
 * rows keep theirs; each sequence of the schema is then moved past the largest id imported, never
 * back, and the next row made here cannot take an imported id.
 */
async function moveSequencesPast(trx: Knex.Transaction, schema: string): Promise<void> {
  const { rows } = await trx.raw<{ rows: Array<{ table: string; column: string; sequence: string }> }>(
    `select c.relname as table, a.attname as column, s.oid::regclass::text as sequence
       from pg_depend d join pg_class s on s.oid = d.objid and s.relkind = 'S'
       join pg_class c on c.oid = d.refobjid join pg_namespace n on n.oid = c.relnamespace
       join pg_attribute a on a.attrelid = c.oid and a.attnum = d.refobjsubid
      where d.deptype in ('a', 'i') and n.nspname = ?`,
    [schema],
  );
  for (const { table, column, sequence } of rows) {
    await trx.raw(
      `select setval(?::regclass, m) from (select max(??)::bigint as m from ??.??) t
        where m is not null and m >= (select case when is_called then last_value else last_value - 1 end from ${sequence})`,
      [sequence, column, schema, table],
    );
  }
}

export interface EraseSummary {
  rows: number;
}

/**
 * Deletes every row of the association in the schema (children first), as the owner, in one
 * transaction naming the association in ERASE_SETTING so the till law's triggers let it through;
 * then its files.
 */
export async function eraseAssociation(
  db: Db,
  schema: string,
  associationId: string,
  options: { filesDir?: string } = {},
): Promise<EraseSummary> {
  const rows = await asOwner(db, schema, (owner) =>
    owner.transaction(async (trx) => {
      await enter(trx, associationId, true);
      let deleted = 0;
      for (const table of (await tablesInForeignKeyOrder(trx, schema)).reverse()) {
        const done = await trx.raw<{ rowCount: number }>('delete from ??.?? where association_id = ?', [schema, table.name, associationId]);
        deleted += done.rowCount ?? 0;
      }
      return deleted;
    }),
  );
  if (options.filesDir) await rm(options.filesDir, { recursive: true, force: true });
  return { rows };
}

/** The association a portability request works for: named by the header, never the host console's own rows. */
function targetAssociation(): string {
  const id = currentAssociation();
  if (!id || !isAssociationId(id) || id === HOST_CONSOLE_ID) throw notFound('Association inconnue.');
  return id;
}

/** The text lines of a request body (the import stream). */
async function* bodyLines(req: NodeJS.ReadableStream): AsyncGenerator<string> {
  const reader = createInterface({ input: req, crlfDelay: Infinity });
  for await (const text of reader) yield text;
}

/** The three internal routes, mounted by createServiceApp for every service that names its migrations. */
export function portabilityRoutes(db: Db, schema: string, service: ServicePortability = {}): Router {
  const router = new Router();
  router.get(EXPORT_PATH, async (ctx) => {
    const associationId = targetAssociation();
    // Made before the rows are read, in the request's association: an archive it records is exported too.
    const documents = service.documents ? await service.documents(db) : [];
    const filesDir = service.filesDir?.(associationId);
    ctx.set('Cache-Control', 'no-store');
    ctx.type = EXPORT_CONTENT_TYPE;
    ctx.body = Readable.from(exportAssociation(db, schema, associationId, { filesDir, documents }));
  });
  router.get(STORAGE_PATH, async (ctx) => {
    const associationId = targetAssociation();
    const filesDir = service.filesDir?.(associationId);
    ctx.body = { bytes: filesDir ? await folderBytes(filesDir) : 0 };
  });
  router.post(IMPORT_PATH, async (ctx) => {
    const associationId = targetAssociation();
    if (!ctx.is(EXPORT_CONTENT_TYPE)) throw badRequest(`Corps attendu : ${EXPORT_CONTENT_TYPE}.`).withCode('EXPORT_INVALID');
    const filesDir = service.filesDir?.(associationId);
    ctx.body = await importAssociation(db, schema, associationId, bodyLines(ctx.req), { filesDir });
  });
  router.post(ERASE_PATH, async (ctx) => {
    const associationId = targetAssociation();
    if (service.lastRecordAt) {
      const body = (ctx.request as { body?: { exportedAt?: unknown } }).body;
      const exportedAt = typeof body?.exportedAt === 'string' ? new Date(body.exportedAt) : undefined;
      const last = await service.lastRecordAt(db);
      if (last && (!exportedAt || Number.isNaN(exportedAt.getTime()) || exportedAt < last)) {
        throw new HttpError(409, EXPORT_FIRST_MESSAGE).withCode('EXPORT_REQUIRED');
      }
    }
    ctx.body = await eraseAssociation(db, schema, associationId, { filesDir: service.filesDir?.(associationId) });
  });
  return router;
}
