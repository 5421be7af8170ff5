/**
 * The featured raffle (admin): which raffle the pre-sale page, the home banner and the public
 * results show, and the banner's words; `GET /api/public/raffle/featured` for the shell.
 */
import { defineRoute, Router } from '@kermesse/kit/http';
import { FeaturedBody, FeaturedSettings, PublicFeaturedAnswer } from '@kermesse/contracts-raffle';
import { chooseFeatured } from '../../commands/chooseFeatured.ts';
import { presentFeatured, presentPublicFeatured } from '../../presenters/featured.ts';
import { findFeatured } from '../../repositories/featured.ts';
import type { RouteDeps } from '../deps.ts';

const ADMIN = ['admin'] as const;

export function featuredRoutes({ db }: RouteDeps): Router {
  const router = new Router();

  defineRoute(router, {
    method: 'get',
    path: '/api/admin/raffles/featured',
    summary: 'Lire la tombola mise en avant',
    responses: { 200: FeaturedSettings },
    roles: ADMIN,
    handler: async () => presentFeatured(db, await findFeatured(db)),
  });

  defineRoute(router, {
    method: 'put',
    path: '/api/admin/raffles/featured',
    summary: 'Choisir la tombola mise en avant',
    responses: { 200: FeaturedSettings },
    errors: { 400: ['BANNER_TITLE_REQUIRED', 'BANNER_RAFFLE_REQUIRED'], 404: ['RAFFLE_NOT_FOUND'] },
    roles: ADMIN,
    body: FeaturedBody,
    handler: async ({ body }) => presentFeatured(db, await chooseFeatured(db, body)),
  });

  // The raffle the association chose to show, and the home banner announcing it (the shell reads it).
  defineRoute(router, {
    method: 'get',
    path: '/api/public/raffle/featured',
    summary: 'Lire la tombola mise en avant (public)',
    deprecated: 'Enveloppe { success, … } au lieu de l’objet lui-même.',
    responses: { 200: PublicFeaturedAnswer },
    handler: async ({ ctx }) => {
      ctx.set('Cache-Control', 'no-cache');
      return { success: true, data: await presentPublicFeatured(db, await findFeatured(db)) };
    },
  });

  return router;
}
