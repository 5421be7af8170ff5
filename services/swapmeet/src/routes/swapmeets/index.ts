import { type Db } from '@kermesse/kit/db';
import { defineRoute, Router } from '@kermesse/kit/http';
import { NewSwapmeetInput, SwapmeetsAnswer, SwapmeetAnswer } from '@kermesse/contracts-swapmeet';
import { swapmeetBadRequest } from '../../errors.ts';
import { presentSwapmeet } from '../../presenters/bookings.ts';
import { createSwapmeet } from '../../commands/createSwapmeet.ts';
import { listSwapmeets } from '../../repositories/swapmeets.ts';

const ADMIN = ['admin'] as const;

/**
 * The swap-meets themselves (the spec only knows their id): listed so the importer can offer them, and
 * created from the importer page (admin).
 */
export function swapmeetRoutes({ db }: { db: Db }): Router {
  const router = new Router({ prefix: '/api/swapmeet/api' });

  defineRoute(router, {
    method: 'get',
    path: '/swapmeets',
    summary: 'Lister les vide-greniers',
    deprecated: 'Liste dans { data } au lieu de { items, total } ; noms en snake_case (held_on, bookings_count) au lieu de camelCase.',
    responses: { 200: SwapmeetsAnswer },
    roles: ADMIN,
    handler: async ({ ctx }) => {
      ctx.set('Cache-Control', 'no-store');
      return { data: (await listSwapmeets(db)).map(presentSwapmeet) };
    },
  });

  defineRoute(router, {
    method: 'post',
    path: '/swapmeets',
    summary: 'Créer un vide-grenier',
    deprecated:
      'Création enveloppée dans { data } au lieu de l’objet au premier niveau ; noms en snake_case (held_on, bookings_count) au lieu de camelCase.',
    responses: { 201: SwapmeetAnswer },
    roles: ADMIN,
    body: NewSwapmeetInput,
    status: 201,
    handler: async ({ body }) => {
      const name = body.name.trim();
      if (!name) throw swapmeetBadRequest('NAME_REQUIRED');
      const created = await createSwapmeet(db, { name, heldOn: body.held_on ?? null });
      return { data: presentSwapmeet({ ...created, bookings_count: 0 }) };
    },
  });

  return router;
}
