import {
  CreatedHostedAssociation,
  HOSTED_ASSOCIATIONS_PAGE,
  HostedAssociationsAnswer,
  HostSideAnswer,
  IDENTITY_ERRORS,
  NewHostedAssociationBody,
  SlugParams,
  slugProblemCode,
  DirectoryEntry,
  HostedAssociationChange,
  type AssociationFigures,
  HostedAssociation,
  type OneTimeLink,
} from '@kermesse/contracts-identity';
import { ListQuery } from '@kermesse/contracts-common/schemas';
import { recordEvent } from '@kermesse/kit/bus';
import { type Db } from '@kermesse/kit/db';
import { badRequest, conflict, defineRoute, notFound, Router } from '@kermesse/kit/http';
import {
  ASSOCIATION_HEADER,
  HOST_CONSOLE_ID,
  hostingEnabled,
  STORAGE_PATH,
  withAssociation,
  type AssociationLimits,
} from '@kermesse/kit/tenancy';
import { createUser } from '../../commands/createUser.ts';
import { assertPasswordAllowed } from '../../errors.ts';
import { associationUrl, onHostConsole } from '../../hosting.ts';
import { limitColumns, limitsOf, limitsOverrideOf } from '../../limits.ts';
import { issueLink } from '../../links.ts';
import {
  deleteDirectoryEntry,
  findBySlug,
  insertDirectoryEntry,
  listDirectoryPage,
  setDirectoryLimits,
  setDirectoryState,
  type DirectoryRow,
} from '../../repositories/directory.ts';

const HOST = ['host'] as const;

export interface HostRouteDeps {
  db: Db;
  publicUrl: string;
  /** The register (`REGISTER_URL`), asked for each association's figures; without it, none are shown. */
  registerUrl?: string;
  /** The services that keep files (register, raffle: `<SERVICE>_URL`), asked what each association's take. */
  fileServiceUrls?: string[];
  /** Each association's limits unless the host set its own (`KERMESSE_LIMIT_*`). */
  limitDefaults: AssociationLimits;
  fetch?: typeof fetch;
}

const consoleOnly = () => notFound(IDENTITY_ERRORS.HOST_CONSOLE_ONLY).withCode('HOST_CONSOLE_ONLY');
const unknownAssociation = () => notFound(IDENTITY_ERRORS.ASSOCIATION_UNKNOWN).withCode('ASSOCIATION_UNKNOWN');

/**
 * The host console's API (docs/hosting.md), for the host operator on the bare domain only: create
 * an association with its first administrator, list them with their figures, set their limits,
 * suspend and resume.
 * Each change of the directory is announced (`host.association.changed`) so the gateways forget
 * what they cached of that host at once.
 */
export function hostRoutes(deps: HostRouteDeps): Router {
  const { db } = deps;
  const router = new Router();
  const fetchFn = deps.fetch ?? fetch;
  const ensureConsole = () => {
    if (!onHostConsole()) throw consoleOnly();
  };
  const announce = (row: DirectoryRow) =>
    withAssociation(HOST_CONSOLE_ID, () =>
      db.transaction((trx) =>
        recordEvent(trx, 'identity', 'host.association.changed', { associationId: row.id, slug: row.slug, state: row.state }),
      ),
    );

  /** Bytes of the association's uploads (docs/hosting-portability.md), 0 where a service does not answer. */
  async function storageOf(row: DirectoryRow): Promise<number> {
    const sizes = await Promise.all(
      (deps.fileServiceUrls ?? []).map(async (url) => {
        try {
          const res = await fetchFn(`${url.replace(/\/+$/, '')}${STORAGE_PATH}`, {
            headers: { [ASSOCIATION_HEADER]: row.id },
            signal: AbortSignal.timeout(3_000),
          });
          return res.ok ? Number(((await res.json()) as { bytes?: unknown }).bytes) || 0 : 0;
        } catch {
          return 0;
        }
      }),
    );
    return sizes.reduce((sum, n) => sum + n, 0);
  }

  async function figuresOf(row: DirectoryRow): Promise<AssociationFigures | null> {
    if (!deps.registerUrl) return null;
    try {
      const res = await fetchFn(`${deps.registerUrl.replace(/\/+$/, '')}/internal/figures`, {
        headers: { [ASSOCIATION_HEADER]: row.id },
        signal: AbortSignal.timeout(3_000),
      });
      if (!res.ok) return null;
      return (await res.json()) as AssociationFigures;
    } catch {
      // The list still shows the associations while the register restarts.
      return null;
    }
  }

  defineRoute(router, {
    method: 'get',
    path: '/api/host/whoami',
    summary: "Savoir si l'on est sur la console de l'hébergeur",
    responses: { 200: HostSideAnswer },
    handler: (): HostSideAnswer =>
      hostingEnabled()
        ? {
            hosting: true,
            console: onHostConsole(),
            associationAddress: associationUrl(deps.publicUrl, 'slug').replace('slug.', '{slug}.'),
          }
        : { hosting: false, console: false },
  });

  const presentHosted = async (row: DirectoryRow): Promise<HostedAssociation> => ({
    id: row.id,
    slug: row.slug,
    name: row.name,
    state: row.state,
    url: associationUrl(deps.publicUrl, row.slug),
    createdAt: row.created_at.toISOString(),
    suspendedAt: row.suspended_at ? row.suspended_at.toISOString() : null,
    figures: await figuresOf(row),
    storageBytes: await storageOf(row),
    limits: limitsOf(row, deps.limitDefaults),
    limitsOverride: limitsOverrideOf(row),
  });

  defineRoute(router, {
    method: 'get',
    path: '/api/host/associations',
    summary: 'Lister les associations hébergées et leurs chiffres',
    description: `Une page de l’annuaire, par adresse (slug) : \`?limit=\` (${HOSTED_ASSOCIATIONS_PAGE} par défaut) à partir de \`?offset=\`.`,
    responses: { 200: HostedAssociationsAnswer },
    errors: { 404: ['HOST_CONSOLE_ONLY'] },
    roles: HOST,
    query: ListQuery,
    handler: async ({ query }): Promise<HostedAssociationsAnswer> => {
      ensureConsole();
      const { rows, total } = await listDirectoryPage(db, { limit: query.limit ?? HOSTED_ASSOCIATIONS_PAGE, offset: query.offset ?? 0 });
      return { items: await Promise.all(rows.map(presentHosted)), total };
    },
  });

  defineRoute(router, {
    method: 'post',
    path: '/api/host/associations',
    summary: 'Créer une association hébergée et son premier administrateur',
    responses: { 201: CreatedHostedAssociation },
    errors: { 400: ['SLUG_INVALID', 'SLUG_RESERVED'], 404: ['HOST_CONSOLE_ONLY'], 409: ['SLUG_TAKEN'] },
    roles: HOST,
    body: NewHostedAssociationBody,
    status: 201,
    handler: async ({ body }): Promise<CreatedHostedAssociation> => {
      ensureConsole();
      const slug = body.slug.trim();
      const problem = slugProblemCode(slug);
      if (problem) throw badRequest(IDENTITY_ERRORS[problem]).withCode(problem, { field: 'slug' });
      const { admin } = body;
      if (admin.password !== undefined) assertPasswordAllowed(admin.password, [admin.email, admin.firstname, admin.lastname]);
      const row = await insertDirectoryEntry(db, { slug, name: body.name.trim() });
      if (!row) throw conflict(IDENTITY_ERRORS.SLUG_TAKEN).withCode('SLUG_TAKEN', { field: 'slug' });
      const url = associationUrl(deps.publicUrl, slug);
      let link: OneTimeLink | undefined;
      try {
        // The first administrator is the new association's own account, made in its rows.
        await withAssociation(row.id, () =>
          createUser(db, { ...admin, roles: ['admin'] }, async (trx, created) => {
            if (admin.password === undefined) link = await issueLink(trx, url, created.id, 'setup');
          }),
        );
      } catch (err) {
        // No association without its administrator: the slug is free again.
        await deleteDirectoryEntry(db, row.id);
        throw err;
      }
      await announce(row);
      return link ? { id: row.id, slug, url, link } : { id: row.id, slug, url };
    },
  });

  defineRoute(router, {
    method: 'patch',
    path: '/api/host/associations/:slug',
    summary: "Changer les limites d'une association (requêtes, taille d'un envoi, espace de stockage)",
    responses: { 200: HostedAssociation },
    errors: { 404: ['ASSOCIATION_UNKNOWN', 'HOST_CONSOLE_ONLY'] },
    roles: HOST,
    params: SlugParams,
    body: HostedAssociationChange,
    handler: async ({ params, body }): Promise<HostedAssociation> => {
      ensureConsole();
      const row = await setDirectoryLimits(db, params.slug, limitColumns(body.limits));
      if (!row) throw unknownAssociation();
      // Every gateway forgets the host's cached entry: the new limits hold on its next request.
      await announce(row);
      return presentHosted(row);
    },
  });

  for (const [action, state] of [
    ['suspend', 'suspended'],
    ['resume', 'active'],
  ] as const) {
    defineRoute(router, {
      method: 'post',
      path: `/api/host/associations/:slug/${action}`,
      summary: action === 'suspend' ? 'Suspendre une association (rien n’est effacé)' : 'Rétablir une association suspendue',
      responses: { 200: DirectoryEntry },
      errors: { 404: ['ASSOCIATION_UNKNOWN', 'HOST_CONSOLE_ONLY'] },
      roles: HOST,
      params: SlugParams,
      handler: async ({ params }): Promise<DirectoryEntry> => {
        ensureConsole();
        if (!(await findBySlug(db, params.slug))) throw unknownAssociation();
        const row = await setDirectoryState(db, params.slug, state);
        if (!row) throw unknownAssociation();
        await announce(row);
        return { id: row.id, slug: row.slug, name: row.name, state: row.state };
      },
    });
  }

  return router;
}
