/**
 * The till law's routes (docs/compliance/conditions.md): the public key anyone uses to check a
 * closing or an archive without the server; for the administrator, the closings, the technical event
 * log, « Qui est concerné » and the « Conformité de la caisse » page. Contract:
 * `@kermesse/contracts-register/compliance`.
 */
import {
  ArchiveInput,
  ArchiveParams,
  ClosingsQuery,
  EventLogQuery,
  TillLawProfileInput,
  ArchiveCheck,
  ArchiveMade,
  ArchivesAnswer,
  ArchiveView,
  CloseAnswer,
  ClosingsAnswer,
  ComplianceStatus,
  EventLogAnswer,
  PublicKeyView,
  TillLawProfileAnswer,
  type ClosingView,
  type EventLogView,
} from '@kermesse/contracts-register/compliance';
import type { Db } from '@kermesse/kit/db';
import { defineRoute, Router } from '@kermesse/kit/http';
import type { SecretBox } from '@kermesse/kit/secrets';
import { closeAndArchive } from '../../commands/closeAndArchive.ts';
import { produceArchive } from '../../commands/produceArchive.ts';
import { verifyArchive } from '../../compliance/archive.ts';
import { logArchiveCheck } from '../../compliance/checksLog.ts';
import { invalid, missing } from '../../errors.ts';
import { findArchive, listArchives, type ArchiveRow } from '../../repositories/archives.ts';
import { logEvent, readEventLog, verifyEventLog } from '../../compliance/eventLog.ts';
import { presentClosing, presentEventLog, presentPublicKey } from '../../compliance/presenters.ts';
import { loadTillSigner, readPublicKey } from '../../compliance/signingKey.ts';
import { softwareVersion } from '../../compliance/version.ts';
import { listClosings } from '../../repositories/closings.ts';
import { readProfile, writeProfile } from '../../repositories/tillLawProfile.ts';

const ADMIN = ['admin'] as const;

/** A real calendar day between 2000 and 2999 (« 2025-02-30 » is not one). */
const isCalendarDay = (day: string) => {
  const date = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day && day >= '2000-01-01' && day < '3000-01-01';
};

const presentArchive = (row: ArchiveRow): ArchiveView => {
  const last = new Date(`${row.period_end}T00:00:00Z`);
  last.setUTCDate(last.getUTCDate() - 1);
  return {
    id: row.id,
    kind: row.kind,
    periodStart: row.period_start,
    periodLast: last.toISOString().slice(0, 10),
    fileName: row.file_name,
    sha256: row.sha256,
    size: row.size,
    createdBy: row.created_by,
    createdAt: new Date(row.created_at).toISOString(),
    url: `/api/admin/compliance/archives/${row.id}`,
  };
};

export function complianceRoutes({ db, secrets }: { db: Db; secrets?: SecretBox }): Router {
  const router = new Router();

  defineRoute(router, {
    method: 'get',
    path: '/api/public/till/public-key',
    summary: 'Lire la clé publique qui signe les clôtures et les archives',
    responses: { 200: PublicKeyView },
    handler: async ({ ctx }): Promise<PublicKeyView> => {
      const key = (await readPublicKey(db)) ?? (await loadTillSigner(db, secrets));
      ctx.set('Cache-Control', 'public, max-age=300');
      return presentPublicKey(key);
    },
  });

  defineRoute(router, {
    method: 'get',
    path: '/api/admin/compliance/closings',
    summary: 'Lister les clôtures journalières, mensuelles et annuelles',
    deprecated: 'Liste dans { closings } au lieu de { items, total }.',
    responses: { 200: ClosingsAnswer },
    roles: ADMIN,
    query: ClosingsQuery,
    handler: async ({ ctx, query }): Promise<{ closings: ClosingView[] }> => {
      ctx.set('Cache-Control', 'no-store');
      const rows = await listClosings(db, { ...query, limit: query.limit ?? 100, newestFirst: true });
      return { closings: rows.map(presentClosing) };
    },
  });

  defineRoute(router, {
    method: 'post',
    path: '/api/admin/compliance/closings',
    summary: 'Clôturer et archiver les périodes terminées',
    responses: { 200: CloseAnswer },
    roles: ADMIN,
    handler: async ({ user }) => closeAndArchive(db, secrets, user.id),
  });

  defineRoute(router, {
    method: 'get',
    path: '/api/admin/compliance/archives',
    summary: 'Lister les archives signées',
    deprecated: 'Liste dans { archives } au lieu de { items, total }.',
    responses: { 200: ArchivesAnswer },
    roles: ADMIN,
    handler: async ({ ctx }): Promise<{ archives: ArchiveView[] }> => {
      ctx.set('Cache-Control', 'no-store');
      return { archives: (await listArchives(db)).map(presentArchive) };
    },
  });

  defineRoute(router, {
    method: 'post',
    path: '/api/admin/compliance/archives',
    summary: "Produire l'archive signée d'une période",
    deprecated: 'Création enveloppée dans { archive } au lieu de l’objet au premier niveau.',
    responses: { 201: ArchiveMade },
    errors: { 400: ['ARCHIVE_PERIOD'] },
    roles: ADMIN,
    body: ArchiveInput,
    status: 201,
    handler: async ({ body, user }) => {
      if (!isCalendarDay(body.from) || !isCalendarDay(body.to) || body.from > body.to) throw invalid('ARCHIVE_PERIOD');
      const made = await produceArchive(db, await loadTillSigner(db, secrets), {
        kind: 'on-demand',
        from: body.from,
        last: body.to,
        actor: user.id,
      });
      return { archive: { ...made, url: `/api/admin/compliance/archives/${made.id}` } };
    },
  });

  defineRoute(router, {
    method: 'get',
    path: '/api/admin/compliance/archives/:archiveId',
    summary: 'Télécharger une archive signée',
    description: 'Le fichier tar de l’archive (`application/x-tar`).',
    responses: {},
    errors: { 404: ['ARCHIVE_NOT_FOUND'] },
    roles: ADMIN,
    params: ArchiveParams,
    handler: async ({ ctx, params }) => {
      const archive = await findArchive(db, params.archiveId);
      if (!archive) throw missing('ARCHIVE_NOT_FOUND');
      ctx.set('Cache-Control', 'no-store');
      ctx.set('Content-Disposition', `attachment; filename="${archive.file_name}"`);
      ctx.type = 'application/x-tar';
      ctx.body = archive.content;
    },
  });

  defineRoute(router, {
    method: 'post',
    path: '/api/admin/compliance/archives/:archiveId/verify',
    summary: 'Vérifier une archive enregistrée',
    responses: { 200: ArchiveCheck },
    errors: { 404: ['ARCHIVE_NOT_FOUND'] },
    roles: ADMIN,
    params: ArchiveParams,
    handler: async ({ params, user }): Promise<ArchiveCheck> => {
      const archive = await findArchive(db, params.archiveId);
      if (!archive) throw missing('ARCHIVE_NOT_FOUND');
      const key = await readPublicKey(db);
      const result = await verifyArchive(archive.content, { trustedPublicKeyPem: key?.publicKeyPem });
      await logArchiveCheck(db, user.id, { id: archive.id, fileName: archive.file_name }, result);
      return { ok: result.ok, problems: result.problems, files: result.files, keyId: result.keyId };
    },
  });

  defineRoute(router, {
    method: 'get',
    path: '/api/admin/compliance/event-log',
    summary: 'Lire le journal des événements techniques',
    deprecated: 'Liste dans { records } au lieu de { items, total }.',
    responses: { 200: EventLogAnswer },
    roles: ADMIN,
    query: EventLogQuery,
    handler: async ({ ctx, query }): Promise<{ records: EventLogView[] }> => {
      ctx.set('Cache-Control', 'no-store');
      const rows = await readEventLog(db, {
        before: query.before,
        limit: query.limit ?? 100,
        kinds: query.kind ? [query.kind] : undefined,
      });
      return { records: rows.map(presentEventLog) };
    },
  });

  defineRoute(router, {
    method: 'get',
    summary: 'Lire les réponses « Qui est concerné »',
    responses: { 200: TillLawProfileAnswer },
    path: '/api/admin/compliance/profile',
    roles: ADMIN,
    handler: async () => ({ profile: await readProfile(db) }),
  });

  defineRoute(router, {
    method: 'put',
    summary: 'Enregistrer les réponses « Qui est concerné »',
    responses: { 200: TillLawProfileAnswer },
    path: '/api/admin/compliance/profile',
    roles: ADMIN,
    body: TillLawProfileInput,
    handler: async ({ body, user }) => {
      await db.transaction(async (trx) => {
        await writeProfile(trx, body);
        await logEvent(trx, {
          kind: 'settings.changed',
          actor: user.id,
          summary: `Réponses « Qui est concerné » enregistrées (assujettie à la TVA : ${body.vatLiable ? 'oui' : 'non'}, seulement des manifestations exonérées : ${body.onlyCharityEvents ? 'oui' : 'non'}, ${body.eventsPerYear} par an).`,
          payload: body,
        });
      });
      return { profile: body };
    },
  });

  defineRoute(router, {
    method: 'get',
    path: '/api/admin/compliance',
    summary: "Lire l'état de conformité de la caisse",
    responses: { 200: ComplianceStatus },
    roles: ADMIN,
    handler: async ({ ctx }): Promise<ComplianceStatus> => {
      ctx.set('Cache-Control', 'no-store');
      const [key, profile, journalCheck, archiveCheck, last, archives, eventLog] = await Promise.all([
        readPublicKey(db),
        readProfile(db),
        readEventLog(db, { kinds: ['journal.verified'], limit: 1 }),
        readEventLog(db, { kinds: ['archive.verified'], limit: 1 }),
        listClosings(db, { limit: 1, newestFirst: true }),
        db('archives').count<{ n: string }[]>({ n: '*' }),
        verifyEventLog(db),
      ]);
      const check = (rows: Awaited<ReturnType<typeof readEventLog>>) =>
        rows[0]
          ? {
              at: new Date(rows[0].recorded_at).toISOString(),
              ok: (JSON.parse(rows[0].payload) as { ok?: boolean }).ok === true,
              summary: rows[0].summary,
            }
          : null;
      return {
        version: softwareVersion(),
        publicKey: key ? presentPublicKey(key) : null,
        profile,
        lastJournalCheck: check(journalCheck),
        lastArchiveCheck: check(archiveCheck),
        lastClosing: last[0]
          ? {
              seq: Number(last[0].seq),
              kind: last[0].kind,
              periodStart: last[0].period_start,
              closedAt: new Date(last[0].closed_at).toISOString(),
            }
          : null,
        archives: Number(archives[0]?.n ?? 0),
        eventLog,
      };
    },
  });

  return router;
}
