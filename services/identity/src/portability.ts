/**
 * An association's whole export as one zip (docs/hosting-portability.md), and back. Every service
 * answers the kit's internal export for the association (JSON Lines: a header, its tables with their
 * rows, its files, its documents); identity lays them out as
 *
 *   manifest.json                  slug, name, id, exported_at, each service's migration level and tables
 *   <service>/<table>.jsonl        the rows, one JSON object a line, as Postgres wrote them
 *   uploads/<service>/<path>       the association's files (product pictures, prize illustrations)
 *   fec/<year>.txt                 the FEC of each year (accounting)
 *   journal/<archive>.tar          the signed archive of the whole sales journal (register)
 *
 * and rebuilds each service's stream from it on import. Rows are never parsed here: a line goes from
 * one Postgres to the other as text, so no number loses a digit on the way.
 */
import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import { strFromU8, strToU8, unzipSync, zipSync, type Zippable } from 'fflate';
import { badRequest } from '@kermesse/kit/http';
import { isSafeRelativePath, type ExportLine } from '@kermesse/kit/tenancy';

export const MANIFEST = 'manifest.json';
export const EXPORT_FORMAT = 'kermesse-association-export';
export const EXPORT_FORMAT_VERSION = 1;

export interface ServiceManifest {
  schema: string;
  migrations: string[];
  tables: Array<{ name: string; rows: number }>;
  files: number;
}

export interface ExportManifest {
  format: typeof EXPORT_FORMAT;
  version: number;
  association: { id: string; slug: string; name: string };
  exportedAt: string;
  software: string;
  /** In the order they were exported; imported in the same order. */
  services: Record<string, ServiceManifest>;
  documents: string[];
}

/** A zip being filled with the services' exports. */
export class ExportZip {
  private readonly entries: Zippable = {};
  readonly services: Record<string, ServiceManifest> = {};
  readonly documents: string[] = [];

  /** Reads one service's export stream into the zip. */
  async addService(service: string, lines: AsyncIterable<string>): Promise<void> {
    const reader = lines[Symbol.asyncIterator]();
    const next = async () => {
      const step = await reader.next();
      return step.done ? undefined : step.value;
    };
    const first = await next();
    const header = first ? (JSON.parse(first) as ExportLine) : undefined;
    if (header?.kind !== 'header') throw new Error(`${service}: export without a header`);
    const manifest: ServiceManifest = { schema: header.schema, migrations: header.migrations, tables: [], files: 0 };
    for (let text = await next(); text !== undefined; text = await next()) {
      if (!text.trim()) continue;
      const entry = JSON.parse(text) as ExportLine;
      if (entry.kind === 'table') {
        const rows: string[] = [];
        for (let i = 0; i < entry.rows; i++) {
          const row = await next();
          if (row === undefined) throw new Error(`${service}: table ${entry.table} cut short`);
          rows.push(row);
        }
        manifest.tables.push({ name: entry.table, rows: entry.rows });
        this.entries[`${service}/${entry.table}.jsonl`] = strToU8(rows.map((r) => r + '\n').join(''));
      } else if (entry.kind === 'file' || entry.kind === 'document') {
        const content = Buffer.from((await next()) ?? '', 'base64');
        if (!isSafeRelativePath(entry.path)) throw new Error(`${service}: unsafe path ${entry.path}`);
        if (entry.kind === 'file') {
          this.entries[`uploads/${service}/${entry.path}`] = new Uint8Array(content);
          manifest.files += 1;
        } else {
          this.entries[entry.path] = new Uint8Array(content);
          this.documents.push(entry.path);
        }
      }
    }
    this.services[service] = manifest;
  }

  finish(manifest: Omit<ExportManifest, 'services' | 'documents' | 'format' | 'version'>): Buffer {
    const full: ExportManifest = {
      format: EXPORT_FORMAT,
      version: EXPORT_FORMAT_VERSION,
      ...manifest,
      services: this.services,
      documents: this.documents,
    };
    this.entries[MANIFEST] = strToU8(JSON.stringify(full, null, 2));
    return Buffer.from(zipSync(this.entries, { level: 6 }));
  }
}

/** The lines of text chunks (the kit's export yields several lines at once). */
export async function* splitLines(chunks: AsyncIterable<string>): AsyncGenerator<string> {
  let rest = '';
  for await (const chunk of chunks) {
    const parts = (rest + chunk).split('\n');
    rest = parts.pop()!;
    yield* parts;
  }
  if (rest) yield rest;
}

/** The lines of a service's answer body. */
export async function* responseLines(res: Response): AsyncGenerator<string> {
  if (!res.body) return;
  const reader = createInterface({ input: Readable.fromWeb(res.body as import('node:stream/web').ReadableStream), crlfDelay: Infinity });
  for await (const text of reader) yield text;
}

const unreadable = (why: string) => badRequest(`Archive d'association illisible : ${why}`).withCode('EXPORT_INVALID');

/** An export zip opened: its manifest checked, its entries at hand. */
export interface OpenedExport {
  manifest: ExportManifest;
  /** The stream a service's import takes, rebuilt from the zip. */
  serviceStream(service: string): string;
}

export function openExport(zip: Buffer): OpenedExport {
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(new Uint8Array(zip));
  } catch {
    throw unreadable("ce n'est pas un fichier zip.");
  }
  const raw = files[MANIFEST];
  if (!raw) throw unreadable('manifest.json manquant.');
  let manifest: ExportManifest;
  try {
    manifest = JSON.parse(strFromU8(raw)) as ExportManifest;
  } catch {
    throw unreadable("manifest.json n'est pas du JSON.");
  }
  if (manifest?.format !== EXPORT_FORMAT || typeof manifest.services !== 'object' || !manifest.association?.slug) {
    throw unreadable("ce n'est pas une exportation d'association Kermesse.");
  }
  if (manifest.version !== EXPORT_FORMAT_VERSION) throw unreadable(`version ${String(manifest.version)} inconnue.`);
  return {
    manifest,
    serviceStream(service) {
      const part = manifest.services[service]!;
      const out: string[] = [JSON.stringify({ kind: 'header', schema: part.schema, migrations: part.migrations })];
      for (const table of part.tables) {
        const text = files[`${service}/${table.name}.jsonl`];
        const rows = text
          ? strFromU8(text)
              .split('\n')
              .filter((l) => l.length > 0)
          : [];
        if (rows.length !== table.rows) throw unreadable(`${service}/${table.name}.jsonl n'a pas ${table.rows} lignes.`);
        out.push(JSON.stringify({ kind: 'table', table: table.name, rows: rows.length }), ...rows);
      }
      const prefix = `uploads/${service}/`;
      for (const [name, content] of Object.entries(files)) {
        if (!name.startsWith(prefix) || name.endsWith('/')) continue;
        out.push(
          JSON.stringify({ kind: 'file', path: name.slice(prefix.length), size: content.length }),
          Buffer.from(content).toString('base64'),
        );
      }
      return out.join('\n') + '\n';
    },
  };
}
