import { DirectoryAnswer, DirectoryEntry, IDENTITY_ERRORS, SlugParams } from '@kermesse/contracts-identity';
import { type Db } from '@kermesse/kit/db';
import { defineRoute, notFound, Router } from '@kermesse/kit/http';
import type { AssociationLimits } from '@kermesse/kit/tenancy';
import { limitsOf } from '../../limits.ts';
import { findBySlug, listDirectory, type DirectoryRow } from '../../repositories/directory.ts';

/**
 * The host directory for the other parts (never through the gateway): the gateway resolves a Host's
 * slug to its association (with the limits it applies to it), and periodic jobs list the associations to run for.
 */
export function directoryRoutes(deps: { db: Db; limitDefaults: AssociationLimits }): Router {
  const router = new Router();
  const entry = (row: DirectoryRow): DirectoryEntry => ({
    id: row.id,
    slug: row.slug,
    name: row.name,
    state: row.state,
    limits: limitsOf(row, deps.limitDefaults),
  });

  defineRoute(router, {
    method: 'get',
    path: '/internal/associations',
    summary: 'Lister les associations hébergées',
    responses: { 200: DirectoryAnswer },
    handler: async (): Promise<DirectoryAnswer> => ({ associations: (await listDirectory(deps.db)).map(entry) }),
  });

  defineRoute(router, {
    method: 'get',
    path: '/internal/associations/by-slug/:slug',
    summary: 'Trouver une association hébergée par son adresse',
    responses: { 200: DirectoryEntry },
    errors: { 404: ['ASSOCIATION_UNKNOWN'] },
    params: SlugParams,
    handler: async ({ params }): Promise<DirectoryEntry> => {
      const row = await findBySlug(deps.db, params.slug.toLowerCase());
      if (!row) throw notFound(IDENTITY_ERRORS.ASSOCIATION_UNKNOWN).withCode('ASSOCIATION_UNKNOWN');
      return entry(row);
    },
  });

  return router;
}
