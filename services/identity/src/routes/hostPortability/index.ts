/**
 * The host console's export, import and erase of an association (docs/hosting-portability.md).
 * Identity asks every service for the association's rows through the kit's internal routes (never
 * exposed by the gateway), keeps its own through the same kit functions, and records in the
 * directory when the association last received its export: an erase waits for an export newer than
 * its last sale (the till law's conservation: the journal is handed over before it goes).
 */
import { readFileSync } from 'node:fs';
import {
  EraseHostedAssociationBody,
  ErasedHostedAssociation,
  IDENTITY_ERRORS,
  ImportedHostedAssociation,
  SlugParams,
  slugProblemCode,
} from '@kermesse/contracts-identity';
import { recordEvent } from '@kermesse/kit/bus';
import { type Db } from '@kermesse/kit/db';
import { badRequest, conflict, defineRoute, HttpError, notFound, readUpload, Router, serviceUnavailable } from '@kermesse/kit/http';
import {
  ASSOCIATION_HEADER,
  ERASE_PATH,
  EXPORT_CONTENT_TYPE,
  EXPORT_FIRST_MESSAGE,
  EXPORT_PATH,
  eraseAssociation,
  exportAssociation,
  HOST_CONSOLE_ID,
  IMPORT_PATH,
  importAssociation,
  withAssociation,
} from '@kermesse/kit/tenancy';
import * as serviceMigrations from '../../../migrations/index.ts';
import { associationUrl, onHostConsole } from '../../hosting.ts';
import { ExportZip, openExport, responseLines, splitLines } from '../../portability.ts';
import { deleteDirectoryEntry, findBySlug, type DirectoryRow } from '../../repositories/directory.ts';
import { insertImportedEntry, markExported } from '../../repositories/portability.ts';

const HOST = ['host'] as const;

/** An export zip sent back for import: an association's rows, pictures and archives fit well below. */
export const MAX_IMPORT_BYTES = 512 * 1024 * 1024;

const softwareVersion = (): string =>
  process.env.KERMESSE_VERSION?.trim() ||
  (JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

export interface HostPortabilityDeps {
  db: Db;
  publicUrl: string;
  /** The other services' addresses (`<SERVICE>_URL`), in the order they are exported and imported. */
  services: Record<string, string>;
  fetch?: typeof fetch;
}

const consoleOnly = () => notFound(IDENTITY_ERRORS.HOST_CONSOLE_ONLY).withCode('HOST_CONSOLE_ONLY');
const unknownAssociation = () => notFound(IDENTITY_ERRORS.ASSOCIATION_UNKNOWN).withCode('ASSOCIATION_UNKNOWN');
const serviceAway = (service: string) =>
  serviceUnavailable(`Le service « ${service} » ne répond pas : rien n'a été fait, réessayez dans un instant.`);

export function hostPortabilityRoutes(deps: HostPortabilityDeps): Router {
  const { db } = deps;
  const router = new Router();
  const fetchFn = deps.fetch ?? fetch;
  const services = Object.entries(deps.services).filter(([name]) => name !== 'identity');

  const ensureConsole = () => {
    if (!onHostConsole()) throw consoleOnly();
  };
  const entryOf = async (slug: string): Promise<DirectoryRow> => {
    const row = await findBySlug(db, slug);
    if (!row) throw unknownAssociation();
    return row;
  };
  const announce = (row: Pick<DirectoryRow, 'id' | 'slug'>, state: 'active' | 'suspended' | 'erased') =>
    withAssociation(HOST_CONSOLE_ID, () =>
      db.transaction((trx) => recordEvent(trx, 'identity', 'host.association.changed', { associationId: row.id, slug: row.slug, state })),
    );

  /** A call to a service's internal route for the association (a long one: a whole association's rows). */
  const call = async (service: string, url: string, associationId: string, route: string, init: RequestInit = {}) => {
    let res: Response;
    try {
      res = await fetchFn(url.replace(/\/+$/, '') + route, {
        ...init,
        headers: { ...(init.headers as Record<string, string>), [ASSOCIATION_HEADER]: associationId },
        signal: AbortSignal.timeout(10 * 60_000),
      });
    } catch {
      throw serviceAway(service);
    }
    if (res.ok) return res;
    const answer = (await res.json().catch(() => ({}))) as { error?: string; code?: string };
    if (res.status >= 400 && res.status < 500 && answer.error) {
      const error = new HttpError(res.status, answer.error);
      throw answer.code ? error.withCode(answer.code) : error;
    }
    throw serviceAway(service);
  };

  /** Every service's rows of the association erased; the register first, which refuses before any export. */
  const eraseEverywhere = async (row: Pick<DirectoryRow, 'id' | 'exported_at'>, exportedAt: Date | null) => {
    const ordered = [...services].sort(([a], [b]) => (a === 'register' ? -1 : b === 'register' ? 1 : 0));
    for (const [service, url] of ordered) {
      await call(service, url, row.id, ERASE_PATH, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(exportedAt ? { exportedAt: exportedAt.toISOString() } : {}),
      });
    }
    await withAssociation(row.id, () => eraseAssociation(db, serviceMigrations.schema, row.id));
  };

  defineRoute(router, {
    method: 'get',
    path: '/api/host/associations/:slug/export',
    summary: "Exporter toutes les données d'une association (zip)",
    description:
      "Chaque ligne de chaque service (JSON Lines par table), ses fichiers, le FEC de chaque exercice et l'archive signée du journal des ventes ; la date de l'exportation est retenue.",
    responses: {},
    errors: { 404: ['HOST_CONSOLE_ONLY', 'ASSOCIATION_UNKNOWN'] },
    roles: HOST,
    params: SlugParams,
    handler: async ({ ctx, params }) => {
      ensureConsole();
      const row = await entryOf(params.slug);
      // Counted from before the first service is read: a sale made during the export is newer.
      const startedAt = new Date();
      const zip = new ExportZip();
      await withAssociation(row.id, async () => {
        await zip.addService('identity', splitLines(exportAssociation(db, serviceMigrations.schema, row.id)));
        for (const [service, url] of services) {
          await zip.addService(service, responseLines(await call(service, url, row.id, EXPORT_PATH)));
        }
      });
      const content = zip.finish({
        association: { id: row.id, slug: row.slug, name: row.name },
        exportedAt: startedAt.toISOString(),
        software: softwareVersion(),
      });
      await markExported(db, row.id, startedAt);
      ctx.set('Cache-Control', 'no-store');
      ctx.set('Content-Disposition', `attachment; filename="kermesse-${row.slug}-${startedAt.toISOString().slice(0, 10)}.zip"`);
      ctx.type = 'application/zip';
      ctx.body = content;
    },
  });

  defineRoute(router, {
    method: 'post',
    path: '/api/host/associations/import',
    summary: 'Recréer une association à partir de son exportation (zip)',
    description: 'Le zip en corps `application/zip` ou en champ `file` d’un envoi multipart ; même adresse, mêmes données.',
    responses: { 201: ImportedHostedAssociation },
    errors: {
      400: ['EXPORT_INVALID', 'SLUG_INVALID', 'SLUG_RESERVED'],
      404: ['HOST_CONSOLE_ONLY'],
      409: ['SLUG_TAKEN', 'EXPORT_NEWER', 'EXPORT_IDS_TAKEN'],
    },
    roles: HOST,
    status: 201,
    handler: async ({ ctx }): Promise<ImportedHostedAssociation> => {
      ensureConsole();
      const opened = openExport(await readZip(ctx));
      const { association } = opened.manifest;
      const problem = slugProblemCode(association.slug);
      if (problem) throw badRequest(IDENTITY_ERRORS[problem]).withCode(problem, { field: 'slug' });
      const known = new Set(['identity', ...services.map(([name]) => name)]);
      const missing = Object.keys(opened.manifest.services).filter((name) => !known.has(name));
      if (missing.length) {
        throw badRequest(`Archive d'association illisible : service inconnu de cette installation (${missing.join(', ')}).`).withCode(
          'EXPORT_INVALID',
        );
      }
      const row = await insertImportedEntry(db, association);
      if (!row) throw conflict(IDENTITY_ERRORS.SLUG_TAKEN).withCode('SLUG_TAKEN', { field: 'slug' });
      try {
        // The same id as where it came from: whatever an earlier life of that id left here (a
        // sign-in attempt on an erased host…) belongs to no association any more and goes first.
        if (row.id === association.id) await eraseEverywhere(row, new Date());
        await withAssociation(row.id, async () => {
          for (const service of Object.keys(opened.manifest.services)) {
            const body = opened.serviceStream(service);
            if (service === 'identity') {
              await importAssociation(
                db,
                serviceMigrations.schema,
                row.id,
                (async function* () {
                  yield* body.split('\n');
                })(),
              );
              continue;
            }
            const url = deps.services[service]!;
            await call(service, url, row.id, IMPORT_PATH, { method: 'POST', headers: { 'content-type': EXPORT_CONTENT_TYPE }, body });
          }
        });
      } catch (err) {
        // All or nothing across the services too: what some of them took is erased, the slug freed.
        await eraseEverywhere(row, new Date()).catch(() => undefined);
        await deleteDirectoryEntry(db, row.id);
        throw err;
      }
      await announce(row, 'active');
      return { id: row.id, slug: row.slug, url: associationUrl(deps.publicUrl, row.slug) };
    },
  });

  defineRoute(router, {
    method: 'delete',
    path: '/api/host/associations/:slug',
    summary: 'Effacer une association et toutes ses données',
    description:
      "Refusé tant que l'association n'a pas reçu une exportation plus récente que sa dernière écriture au journal des ventes ; le corps recopie l'adresse (`confirm`).",
    responses: { 200: ErasedHostedAssociation },
    errors: { 400: ['CONFIRM_MISMATCH'], 404: ['HOST_CONSOLE_ONLY', 'ASSOCIATION_UNKNOWN'], 409: ['EXPORT_REQUIRED'] },
    roles: HOST,
    params: SlugParams,
    body: EraseHostedAssociationBody,
    handler: async ({ params, body }): Promise<ErasedHostedAssociation> => {
      ensureConsole();
      const row = await entryOf(params.slug);
      if (body.confirm !== row.slug) throw badRequest(IDENTITY_ERRORS.CONFIRM_MISMATCH).withCode('CONFIRM_MISMATCH', { field: 'confirm' });
      if (!row.exported_at) throw conflict(EXPORT_FIRST_MESSAGE).withCode('EXPORT_REQUIRED');
      // The register compares the export with its journal's last record and refuses first.
      await eraseEverywhere(row, row.exported_at);
      await deleteDirectoryEntry(db, row.id);
      await announce(row, 'erased');
      return { slug: row.slug, erased: true };
    },
  });

  return router;
}

/** The zip of an import: the request's body (`application/zip`) or its multipart `file`. */
async function readZip(ctx: import('koa').Context): Promise<Buffer> {
  const noFile = "Envoyez l'archive zip d'une association (exportée depuis une console d'hébergeur Kermesse).";
  if (ctx.is('multipart/form-data')) {
    const upload = await readUpload(ctx, { maxFileBytes: MAX_IMPORT_BYTES, noFileMessage: noFile });
    if (!upload.file) throw badRequest(noFile).withCode('EXPORT_INVALID');
    return upload.file.data;
  }
  if (!ctx.is('application/zip')) throw badRequest(noFile).withCode('EXPORT_INVALID');
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req) {
    size += (chunk as Buffer).length;
    if (size > MAX_IMPORT_BYTES) throw new HttpError(413, 'Archive trop volumineuse pour un import (512 Mo au plus).');
    chunks.push(chunk as Buffer);
  }
  if (!size) throw badRequest(noFile).withCode('EXPORT_INVALID');
  return Buffer.concat(chunks);
}
