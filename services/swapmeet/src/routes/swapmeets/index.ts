import { requireRole, Router, validateBody, type Db } from '@kermesse/kit';
import { presentSwapmeet } from '../../presenters/bookings.ts';
import { insertSwapmeet, listSwapmeets } from '../../repositories/swapmeets.ts';
import { createSwapmeetSchema } from '../bookings/schema.ts';

/**
 * The swap-meets themselves (SPEC only knows their id): listed so the importer can offer them, and
 * created from the importer page (admin).
 */
export function swapmeetRoutes({ db }: { db: Db }): Router {
  const router = new Router({ prefix: '/api/swapmeet/api' });
  router.use(requireRole('admin'));

  router.get('/swapmeets', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { data: (await listSwapmeets(db)).map(presentSwapmeet) };
  });

  router.post('/swapmeets', validateBody(createSwapmeetSchema), async (ctx) => {
    const body = ctx.state.body as { name: string; held_on?: string | null };
    const name = body.name.trim();
    if (!name) {
      ctx.status = 400;
      ctx.body = { error: 'Le champ « name » ne doit pas être vide.' };
      return;
    }
    const created = await insertSwapmeet(db, { name, heldOn: body.held_on ?? null });
    ctx.status = 201;
    ctx.body = { data: presentSwapmeet({ ...created, bookings_count: 0 }) };
  });

  return router;
}
